import type * as React from 'react';
import { cn } from '@/lib/cn';
import { type VariantProps, variants } from '@/lib/variants';

const cardVariants = variants('rounded-lg border border-border bg-background text-foreground shadow-xs', {
  variants: {
    size: { xxs: 'p-2', xs: 'p-3', sm: 'p-4', md: 'p-6' },
  },
  defaultVariants: { size: 'md' },
});

/** A bordered surface; `size` is its padding (xxs 8 px, xs 12 px, sm 16 px, md 24 px). */
export function Card({
  className,
  size,
  ...props
}: React.ComponentProps<'div'> & VariantProps<typeof cardVariants>) {
  return (
    <div
      data-slot="card"
      data-size={size ?? 'md'}
      className={cn(cardVariants({ size }), className)}
      {...props}
    />
  );
}
