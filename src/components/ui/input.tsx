import type * as React from 'react';
import { useAdoptingRef } from '@/first-screen/use-adopting-ref';
import { cn } from '@/lib/cn';

/**
 * Shared look of text controls. 16 px text so iOS does not zoom on focus; aria-invalid="true" turns the
 * border red.
 */
export const controlClassName = cn(
  'min-w-0 rounded-md border border-input bg-background px-3 text-base text-foreground',
  'placeholder:text-muted-foreground',
  'focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring',
  'disabled:cursor-not-allowed disabled:bg-muted disabled:opacity-60',
  'aria-invalid:border-danger aria-invalid:focus-visible:outline-danger',
);

/** A styled single-line text input; on a page the server drew, it keeps what was typed before the app ran. */
export function Input({ className, type = 'text', ref, ...props }: React.ComponentProps<'input'>) {
  return (
    <input
      data-slot="input"
      ref={useAdoptingRef(ref)}
      type={type}
      className={cn(controlClassName, 'h-10 w-full py-2', className)}
      {...props}
    />
  );
}
