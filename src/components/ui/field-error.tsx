import type * as React from 'react';
import { cn } from '@/lib/cn';

type FieldErrorProps = {
  id?: string;
  children?: React.ReactNode;
  className?: string;
};

/** A field's error in small red text, announced when it appears; renders nothing when there is none. */
export function FieldError({ id, children, className }: FieldErrorProps) {
  if (children === undefined || children === null || children === false || children === '') return null;
  return (
    <p id={id} role="alert" data-slot="field-error" className={cn('text-sm text-danger', className)}>
      {children}
    </p>
  );
}
