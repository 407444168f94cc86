import type * as React from 'react';
import { cn } from '@/lib/cn';

/**
 * A form label: the browser's own `<label>` (clicking it focuses or toggles its control), drawn in the
 * design's style; `select-none` keeps a double click on it from selecting its text, as Radix Label did
 * with script.
 */
export function Label({ className, ...props }: React.ComponentProps<'label'>) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: callers tie it to its control with htmlFor.
    <label
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
