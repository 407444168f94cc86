import type * as React from 'react';
import { cn } from '@/lib/cn';

/** Text for screen readers only: out of sight, still in the accessibility tree. */
export function VisuallyHidden({ className, ...props }: React.ComponentProps<'span'>) {
  return <span data-slot="visually-hidden" className={cn('sr-only', className)} {...props} />;
}
