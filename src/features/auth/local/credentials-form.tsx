import type { Credentials } from '@contract/auth';
import { useForm, useStore } from '@tanstack/react-form';
import { type ReactNode, useId, useState } from 'react';
import type { z } from 'zod/mini';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field, fieldControlProps, shownFieldError } from '@/components/ui/field';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Title } from '@/components/ui/title';
import { ApiError, isUnreachable, unreachableMessage } from '@/lib/api-client';

type CredentialField = keyof Credentials;

interface ServerFieldError {
  field: CredentialField;
  message: string;
}

/** The field an API error names (`email`, or `body.email` from the body check), when it is one of ours. */
function credentialFieldOf(error: ApiError): CredentialField | null {
  const field = error.error.field?.replace(/^body\./, '');
  return field === 'email' || field === 'password' ? field : null;
}

/**
 * The form of the local sign-in and sign-up screens: email address and password, 'Continue', and a link
 * to the other screen. Validates on change with the contract's schema; the server's answer lands under the
 * field it names, anything else under the form.
 */
export function CredentialsForm({
  title,
  schema,
  passwordAutoComplete,
  onSubmit,
  footer,
}: {
  title: string;
  schema: z.ZodMiniType<Credentials, Credentials>;
  passwordAutoComplete: 'current-password' | 'new-password';
  onSubmit: (credentials: Credentials) => Promise<void>;
  footer: ReactNode;
}) {
  const id = useId();
  const [serverError, setServerError] = useState<ServerFieldError | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  const form = useForm({
    defaultValues: { email: '', password: '' } satisfies Credentials,
    validators: { onChange: schema },
    onSubmit: async ({ value }) => {
      setServerError(null);
      setFormError(null);
      try {
        await onSubmit(schema.parse(value));
      } catch (error) {
        const field = error instanceof ApiError ? credentialFieldOf(error) : null;
        if (error instanceof ApiError && field) setServerError({ field, message: error.message });
        else if (error instanceof ApiError && !isUnreachable(error)) setFormError(error.message);
        else setFormError(unreachableMessage);
      }
    },
  });
  const isSubmitting = useStore(form.store, (state) => state.isSubmitting);
  const submitted = useStore(form.store, (state) => state.submissionAttempts > 0);

  const formErrorId = `${id}-form-error`;

  return (
    <Card size="md" className="w-full max-w-[400px]">
      {/* Sent by the app; `post` keeps a password out of the address should a browser ever send it itself. */}
      <form
        method="post"
        noValidate
        aria-labelledby={`${id}-title`}
        aria-describedby={formError ? formErrorId : undefined}
        className="grid gap-6"
        onSubmit={(event) => {
          event.preventDefault();
          void form.handleSubmit();
        }}
      >
        <Title level={1} id={`${id}-title`}>
          {title}
        </Title>
        <div className="grid gap-4">
          {(['email', 'password'] as const).map((name) => (
            <form.Field key={name} name={name}>
              {(field) => {
                const controlId = `${id}-${name}`;
                const error = shownFieldError(
                  field.state.meta,
                  submitted,
                  serverError?.field === name ? serverError.message : undefined,
                );
                return (
                  <Field
                    label={name === 'email' ? 'Email address' : 'Password'}
                    htmlFor={controlId}
                    error={error}
                  >
                    <Input
                      {...fieldControlProps(controlId, { error })}
                      name={name}
                      type={name === 'email' ? 'email' : 'password'}
                      autoComplete={name === 'email' ? 'email' : passwordAutoComplete}
                      inputMode={name === 'email' ? 'email' : undefined}
                      required
                      disabled={isSubmitting}
                      value={field.state.value}
                      onBlur={field.handleBlur}
                      onChange={(event) => {
                        if (serverError?.field === name) setServerError(null);
                        field.handleChange(event.target.value);
                      }}
                    />
                  </Field>
                );
              }}
            </form.Field>
          ))}
        </div>
        <FieldError id={formErrorId}>{formError}</FieldError>
        <Button type="submit" loading={isSubmitting} className="w-full">
          Continue
        </Button>
        <div className="text-center text-sm text-muted-foreground">{footer}</div>
      </form>
    </Card>
  );
}
