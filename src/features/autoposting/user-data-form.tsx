import type { RouteBody } from '@contract/api';
import { autopostUserDataSchema } from '@contract/forms';
import { useForm, useStore } from '@tanstack/react-form';
import { useEffect, useId, useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import {
  Field,
  type FieldErrorState,
  fieldControlProps,
  fieldErrorId,
  shownFieldError,
} from '@/components/ui/field';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { NativeSelect, NativeSelectOption } from '@/components/ui/native-select';
import { Text } from '@/components/ui/text';
import { apiFailureMessage } from '@/lib/api-client';
import { useApi } from '@/lib/use-api';
import { countryOptions } from './countries';

/** The operating systems the profile's browser may present, as the server names them. */
const systems = [
  { value: 'win', label: 'Windows' },
  { value: 'mac', label: 'macOS' },
  { value: 'linux', label: 'Linux' },
] as const;

export type OperatingSystem = (typeof systems)[number]['value'];

/** The form as the person fills it in: `verified` is unticked until they tick it. */
export interface UserDataValues {
  email: string;
  country: string;
  verified: boolean;
  os: OperatingSystem;
}

/** The form's first values: the account's email, no country, not confirmed, Windows. */
export function initialUserData(email: string): UserDataValues {
  return { email, country: '', verified: false, os: 'win' };
}

export const verifiedLabel =
  'I have signed up for the browser-profile service and installed its app on this computer';

/**
 * The contract schema's messages by field ('Invalid email', 'Required'), for the form's fields; null when
 * the values pass. (A form-level function rather than the schema itself: the schema's `os` has a default,
 * so its input type leaves `os` optional, while the form always has one.)
 */
export function userDataErrors(values: UserDataValues) {
  const parsed = autopostUserDataSchema.safeParse(values);
  if (parsed.success) return null;
  const fields: Partial<Record<keyof UserDataValues, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (
      (field === 'email' || field === 'country' || field === 'verified' || field === 'os') &&
      !fields[field]
    )
      fields[field] = issue.message;
  }
  return { fields };
}

/**
 * The user-data step: email (the account's, to share the automation profile to), the proxy's country, the
 * confirmation that the person has the browser-profile service and its app, and the operating system.
 * Validated on change with the contract's schema; the fields are disabled while it is sent. `values` are
 * the person's last ones (kept by the modal, so that closing it loses nothing) and `onValuesChange` hears
 * every change; `error` is the message of a send that failed.
 */
export function UserDataForm({
  values,
  onValuesChange,
  onSubmit,
  error,
  offline,
}: {
  values: UserDataValues;
  onValuesChange: (values: UserDataValues) => void;
  onSubmit: (body: RouteBody<'submitAutopostingUserData'>) => Promise<unknown>;
  error: string | null;
  offline: boolean;
}) {
  const id = useId();
  // The values the form opened with: later ones are the form's own (handed back through onValuesChange).
  const [defaultValues] = useState(values);
  const form = useForm({
    defaultValues,
    validators: { onChange: ({ value }) => userDataErrors(value) },
    onSubmit: async ({ value }) => {
      await onSubmit(autopostUserDataSchema.parse(value));
    },
  });
  const current = useStore(form.store, (state) => state.values);
  const isSubmitting = useStore(form.store, (state) => state.isSubmitting);
  const submitted = useStore(form.store, (state) => state.submissionAttempts > 0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reports the values only when they change.
  useEffect(() => onValuesChange(current), [current]);

  const countries = useApi('listAutopostingCountries', {});
  const options = useMemo(
    () => (countries.data ? countryOptions(countries.data.countries) : null),
    [countries.data],
  );

  const shownError = (meta: FieldErrorState) => shownFieldError(meta, submitted);
  const formErrorId = `${id}-form-error`;

  return (
    <form
      noValidate
      aria-describedby={error ? formErrorId : undefined}
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        void form.handleSubmit();
      }}
    >
      <Text size="sm" tone="muted">
        Your automation profile is made with these settings and shared to this email.
      </Text>

      <form.Field name="email">
        {(field) => {
          const controlId = `${id}-email`;
          const fieldError = shownError(field.state.meta);
          return (
            <Field label="Email" htmlFor={controlId} error={fieldError}>
              <Input
                {...fieldControlProps(controlId, { error: fieldError })}
                name="email"
                type="email"
                inputMode="email"
                autoComplete="email"
                disabled={isSubmitting}
                value={field.state.value}
                onBlur={field.handleBlur}
                onChange={(event) => field.handleChange(event.target.value)}
              />
            </Field>
          );
        }}
      </form.Field>

      <form.Field name="country">
        {(field) => {
          const controlId = `${id}-country`;
          const fieldError =
            shownError(field.state.meta) ??
            (countries.error ? apiFailureMessage(countries.error) : undefined);
          return (
            <Field label="Country" htmlFor={controlId} error={fieldError}>
              <NativeSelect
                {...fieldControlProps(controlId, { error: fieldError })}
                name="country"
                className="w-full"
                disabled={isSubmitting || options === null}
                value={field.state.value}
                onBlur={field.handleBlur}
                onChange={(event) => field.handleChange(event.target.value)}
              >
                <NativeSelectOption value="" disabled>
                  {options === null ? 'Loading countries…' : 'Choose a country'}
                </NativeSelectOption>
                {options?.map((country) => (
                  <NativeSelectOption key={country.code} value={country.code}>
                    {`${country.flag} ${country.name}`}
                  </NativeSelectOption>
                ))}
              </NativeSelect>
              {countries.error && !options ? (
                <Button
                  type="button"
                  size="sm"
                  variant="secondary"
                  className="w-fit"
                  onClick={() => void countries.mutate()}
                >
                  Load countries again
                </Button>
              ) : null}
            </Field>
          );
        }}
      </form.Field>

      <form.Field name="verified">
        {(field) => {
          const controlId = `${id}-verified`;
          const fieldError = shownError(field.state.meta);
          return (
            <div className="grid gap-1.5">
              <div className="flex items-start gap-2">
                <Checkbox
                  {...fieldControlProps(controlId, { error: fieldError })}
                  name="verified"
                  className="mt-0.5"
                  disabled={isSubmitting}
                  checked={field.state.value}
                  onBlur={field.handleBlur}
                  onCheckedChange={(checked) => field.handleChange(checked)}
                />
                {/* A plain label: the shared Label is one line high, and this one wraps. */}
                <label htmlFor={controlId} className="text-sm leading-snug font-medium">
                  {verifiedLabel}
                </label>
              </div>
              <FieldError id={fieldErrorId(controlId)}>{fieldError}</FieldError>
            </div>
          );
        }}
      </form.Field>

      <form.Field name="os">
        {(field) => (
          <fieldset className="grid gap-2" disabled={isSubmitting}>
            <legend className="mb-2 text-sm leading-none font-medium">Operating system</legend>
            <div className="flex flex-wrap gap-x-4 gap-y-2">
              {systems.map((system) => (
                <label key={system.value} className="flex items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name={`${id}-os`}
                    value={system.value}
                    className="size-4 accent-primary"
                    checked={field.state.value === system.value}
                    onChange={() => field.handleChange(system.value)}
                  />
                  {system.label}
                </label>
              ))}
            </div>
          </fieldset>
        )}
      </form.Field>

      <FieldError id={formErrorId}>{error}</FieldError>
      <Button
        type="submit"
        loading={isSubmitting}
        disabled={offline}
        className="w-full sm:w-fit sm:justify-self-end"
      >
        Continue
      </Button>
    </form>
  );
}
