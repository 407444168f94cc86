import * as React from 'react';
import { Loader } from '@/components/ui/loader';
import { cn } from '@/lib/cn';
import { type VariantProps, variants } from '@/lib/variants';

// Each class comes from one place only (a variant, or a variant pair below), so `className` never has to
// win a fight with them (decision 018): the fill and the box belong to the button shape, the colour of
// the text to the link shape.
export const buttonVariants = variants(
  [
    'inline-flex shrink-0 items-center justify-center gap-2 font-medium whitespace-nowrap',
    'transition-colors select-none',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
    'disabled:pointer-events-none disabled:opacity-60 aria-disabled:pointer-events-none aria-disabled:opacity-60',
    '[&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*=size-])]:size-4',
  ],
  {
    variants: {
      variant: { primary: '', secondary: '', delete: '' },
      /** `icon`: a square button holding only an icon (name it with aria-label). */
      size: { sm: 'text-sm', md: 'text-sm', icon: '' },
      shape: {
        button: 'rounded-md',
        link: 'min-h-6 rounded-sm underline underline-offset-4',
      },
    },
    compoundVariants: [
      {
        shape: 'button',
        variant: 'primary',
        class: 'bg-primary text-primary-foreground hover:bg-primary-hover',
      },
      {
        shape: 'button',
        variant: 'secondary',
        class: 'border border-border bg-secondary text-secondary-foreground hover:bg-secondary-hover',
      },
      { shape: 'button', variant: 'delete', class: 'bg-delete text-delete-foreground hover:bg-delete-hover' },
      { shape: 'button', size: 'sm', class: 'h-8 px-3' },
      { shape: 'button', size: 'md', class: 'h-10 px-4' },
      { shape: 'button', size: 'icon', class: 'size-10' },
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

/**
 * The one button of the app: primary, secondary or delete (orange-red); sm, md or icon; a button or a text
 * link.
 */
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
  const onDarkFill = shape !== 'link' && variant !== 'secondary';
  const spinner = loading ? <Loader decorative size="sm" tone={onDarkFill ? 'light' : 'dark'} /> : null;

  const own = {
    'data-slot': 'button',
    'data-variant': variant ?? 'primary',
    className: cn(
      buttonVariants({ variant, size, shape }),
      loading ? 'cursor-progress' : 'cursor-pointer',
      className,
    ),
    'aria-busy': loading ? true : undefined,
  };
  if (asChild && React.isValidElement<{ className?: string; children?: React.ReactNode }>(children)) {
    // The child element (a link) drawn as the button: the button's props under the child's own, both
    // classes, the spinner first inside it. A few lines instead of Radix Slot, which cost the first
    // screen ~1.3 KB gzipped (decision 038).
    return React.cloneElement(
      children,
      {
        ...own,
        'aria-disabled': disabled || loading ? true : undefined,
        ...props,
        ...children.props,
        className: [own.className, children.props.className].filter(Boolean).join(' '),
      } as Record<string, unknown>,
      spinner,
      children.props.children,
    );
  }
  return (
    <button {...own} disabled={disabled || loading} {...props}>
      {spinner}
      {children}
    </button>
  );
}
