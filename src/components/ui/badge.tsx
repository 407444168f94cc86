import type * as React from 'react';
import { cn } from '@/lib/cn';
import { type VariantProps, variants } from '@/lib/variants';

export const badgeVariants = variants(
  'inline-flex w-fit shrink-0 items-center gap-1 rounded-md border font-medium whitespace-nowrap [&_svg]:size-3',
  {
    variants: {
      variant: {
        default: 'border-transparent bg-muted text-foreground',
        success: 'border-transparent bg-success-soft text-success-strong',
        outline: 'border-border bg-transparent text-foreground',
      },
      size: { md: 'px-2 py-0.5 text-xs', sm: 'px-1.5 py-0 text-[11px]' },
    },
    defaultVariants: { variant: 'default', size: 'md' },
  },
);

/** A small status label (e.g. "Approved" as success). */
export function Badge({
  className,
  variant,
  size,
  ...props
}: React.ComponentProps<'span'> & VariantProps<typeof badgeVariants>) {
  return <span data-slot="badge" className={cn(badgeVariants({ variant, size }), className)} {...props} />;
}
