import * as LabelPrimitive from 'radix-ui/label';
import type * as React from 'react';
import { cn } from '@/lib/cn';

/** A form label (Radix Label: clicking it focuses its control, double clicks do not select text). */
export function Label({ className, ...props }: React.ComponentProps<typeof LabelPrimitive.Root>) {
  return (
    <LabelPrimitive.Root
      data-slot="label"
      className={cn(
        'text-sm leading-none font-medium text-foreground select-none peer-disabled:cursor-not-allowed peer-disabled:opacity-60',
        'peer-data-[disabled]:cursor-not-allowed peer-data-[disabled]:opacity-60',
        className,
      )}
      {...props}
    />
  );
}
