import type * as React from 'react';
import { useAdoptingRef } from '@/first-screen/use-adopting-ref';
import { cn } from '@/lib/cn';

type CheckboxProps = Omit<React.ComponentProps<'input'>, 'type' | 'checked' | 'onChange'> & {
  checked?: boolean;
  onCheckedChange?: (checked: boolean) => void;
};

/**
 * A checkbox: the browser's own `<input type="checkbox">`, drawn in the design's style (a rounded box that
 * fills with the primary colour and shows a tick). Native, so its role, keys, form and label behaviour are
 * the browser's, and it costs no script to draw (decision 018).
 */
export function Checkbox({ className, checked, onCheckedChange, ref, ...props }: CheckboxProps) {
  const adoptingRef = useAdoptingRef(ref);
  return (
    <span
      data-slot="checkbox"
      data-disabled={props.disabled ? '' : undefined}
      className={cn('peer relative inline-flex size-5 shrink-0', className)}
    >
      <input
        ref={adoptingRef}
        type="checkbox"
        checked={checked}
        onChange={(event) => onCheckedChange?.(event.currentTarget.checked)}
        className={cn(
          'peer/box size-5 shrink-0 cursor-pointer appearance-none rounded-sm border border-input bg-background',
          'transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
          'checked:border-primary checked:bg-primary',
          'disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-danger',
        )}
        {...props}
      />
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={3}
        strokeLinecap="round"
        strokeLinejoin="round"
        className="pointer-events-none absolute inset-0 m-auto hidden size-3.5 text-primary-foreground peer-checked/box:block"
      >
        <path d="M20 6 9 17l-5-5" />
      </svg>
    </span>
  );
}
