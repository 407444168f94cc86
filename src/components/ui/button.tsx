import { cva, type VariantProps } from 'class-variance-authority';
import * as SlotPrimitive from 'radix-ui/slot';
import type * as React from 'react';
import { Loader } from '@/components/ui/loader';
import { cn } from '@/lib/cn';

export const buttonVariants = cva(
  [
    'inline-flex shrink-0 cursor-pointer items-center justify-center gap-2 font-medium whitespace-nowrap',
    'transition-colors select-none',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
    'disabled:pointer-events-none disabled:opacity-60 aria-disabled:pointer-events-none aria-disabled:opacity-60',
    '[&_svg]:pointer-events-none [&_svg]:shrink-0',
  ],
  {
    variants: {
      variant: {
        primary: 'bg-primary text-primary-foreground hover:bg-primary-hover',
        secondary: 'border border-border bg-secondary text-secondary-foreground hover:bg-secondary-hover',
        delete: 'bg-delete text-delete-foreground hover:bg-delete-hover',
      },
      size: {
        sm: 'h-8 rounded-md px-3 text-sm [&_svg:not([class*=size-])]:size-4',
        md: 'h-10 rounded-md px-4 text-sm [&_svg:not([class*=size-])]:size-4',
      },
      shape: {
        button: '',
        link: 'h-auto min-h-6 rounded-sm border-0 bg-transparent px-0 underline underline-offset-4 hover:bg-transparent',
      },
    },
    compoundVariants: [
      { shape: 'link', variant: 'primary', class: 'text-primary hover:text-primary-hover' },
      { shape: 'link', variant: 'secondary', class: 'text-foreground hover:text-muted-foreground' },
      { shape: 'link', variant: 'delete', class: 'text-delete hover:text-delete-hover' },
    ],
    defaultVariants: { variant: 'primary', size: 'md', shape: 'button' },
  },
);

type ButtonProps = React.ComponentProps<'button'> &
  VariantProps<typeof buttonVariants> & {
    /** Render the single child element (a link, say) with the button's look instead of a <button>. */
    asChild?: boolean;
    /** Show a spinner before the label, disable the button and mark it aria-busy. */
    loading?: boolean;
  };

/** The one button of the app: primary, secondary or delete (orange-red); sm or md; a button or a text link. */
export function Button({
  className,
  variant,
  size,
  shape,
  asChild = false,
  loading = false,
  disabled,
  children,
  ...props
}: ButtonProps) {
  const Comp = asChild ? SlotPrimitive.Slot : 'button';
  const onDarkFill = shape !== 'link' && variant !== 'secondary';
  const spinner = loading ? <Loader decorative size="sm" tone={onDarkFill ? 'light' : 'dark'} /> : null;

  return (
    <Comp
      data-slot="button"
      data-variant={variant ?? 'primary'}
      className={cn(buttonVariants({ variant, size, shape }), loading && 'cursor-progress', className)}
      disabled={asChild ? undefined : disabled || loading}
      aria-disabled={asChild && (disabled || loading) ? true : undefined}
      aria-busy={loading ? true : undefined}
      {...props}
    >
      {spinner}
      {/* Slot needs its child marked when it is not the only one (the spinner sits before it). */}
      {asChild ? <SlotPrimitive.Slottable>{children}</SlotPrimitive.Slottable> : children}
    </Comp>
  );
}
