import type * as React from 'react';
import { FieldError } from '@/components/ui/field-error';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/cn';
import { fieldErrorMessage } from '@/lib/form-errors';

type FieldProps = {
  label: React.ReactNode;
  /** The control's id; the label points at it and the error gets the id `${htmlFor}-error`. */
  htmlFor: string;
  error?: string;
  description?: React.ReactNode;
  className?: string;
  children: React.ReactNode;
};

/**
 * A label, an optional description, the control, then its error.
 * The control must carry `id={htmlFor}`, and when there is an error `aria-invalid` and
 * `aria-describedby={`${htmlFor}-error`}`: spread `fieldControlProps(htmlFor, { error, description })` on it.
 */
export function Field({ label, htmlFor, error, description, className, children }: FieldProps) {
  return (
    <div data-slot="field" className={cn('grid gap-1.5', className)}>
      <Label htmlFor={htmlFor}>{label}</Label>
      {description ? (
        <p id={fieldDescriptionId(htmlFor)} className="text-sm text-muted-foreground">
          {description}
        </p>
      ) : null}
      {children}
      <FieldError id={fieldErrorId(htmlFor)}>{error}</FieldError>
    </div>
  );
}

export const fieldErrorId = (htmlFor: string) => `${htmlFor}-error`;
export const fieldDescriptionId = (htmlFor: string) => `${htmlFor}-description`;

/** The id and ARIA attributes that tie a control to its Field's description and error. */
export function fieldControlProps(
  htmlFor: string,
  { error, description }: { error?: string | undefined; description?: React.ReactNode } = {},
) {
  const describedBy = [description ? fieldDescriptionId(htmlFor) : null, error ? fieldErrorId(htmlFor) : null]
    .filter(Boolean)
    .join(' ');
  return {
    id: htmlFor,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
  } as const;
}

/** What decides whether a form field's own error shows (a TanStack Form field's meta). */
export interface FieldErrorState {
  isTouched: boolean;
  errors: readonly unknown[];
}

/**
 * The one rule for when a field's error shows, in every form: its own error once the person has typed
 * in it or left it, or has tried to send the form (an untouched form shows no red); otherwise the
 * server's refusal of it, if any.
 */
export function shownFieldError(
  meta: FieldErrorState,
  submitted: boolean,
  serverError?: string | undefined,
): string | undefined {
  return (meta.isTouched || submitted ? fieldErrorMessage(meta.errors) : undefined) ?? serverError;
}
