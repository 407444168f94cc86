import type { RouteBody } from '@contract/api';
import { projectCreateSchema } from '@contract/forms';
import { useForm, useStore } from '@tanstack/react-form';
import { useId, useState } from 'react';
import { useSWRConfig } from 'swr';
import { useLocation } from 'wouter';
import type { z } from 'zod/mini';
import { routes } from '@/app/routes';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Field, type FieldErrorState, fieldControlProps, shownFieldError } from '@/components/ui/field';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Text } from '@/components/ui/text';
import { Textarea } from '@/components/ui/textarea';
import { Title } from '@/components/ui/title';
import { apiClient, apiFailureMessage } from '@/lib/api-client';
import { projectsKey } from '@/lib/use-projects';

/** The SWR key `useProjects` reads; features do not import each other, so it is spelled out here. */

export const generatingPageText = 'Reading your page and suggesting keywords…';
export const generatingDescriptionText = 'Reading your description and suggesting keywords…';

/** The form's values are what the contract's schema reads (url and description are optional there). */
type ProjectOnboardingValues = z.input<typeof projectCreateSchema>;

/** What `POST /api/projects/generate` receives: the goal, and the link or the description, never both. */
export function generatePayload(values: ProjectOnboardingValues): RouteBody<'generateProject'> {
  const base = { goal: values.goal, noWebsite: values.noWebsite, hasWebsite: !values.noWebsite };
  return values.noWebsite
    ? { ...base, description: values.description ?? '' }
    : { ...base, url: (values.url ?? '').trim() };
}

const emptyValues: ProjectOnboardingValues = { url: '', description: '', noWebsite: false, goal: '' };

/**
 * Project onboarding: a product link (or a description when there is no website) and a goal. 'Continue'
 * asks the server to generate the project; on success the projects are refetched and the person goes to
 * the project page to review it. An error stops the flow on this page, its message under the form.
 */
export function ProjectOnboardingPage() {
  const id = useId();
  const [, navigate] = useLocation();
  const { mutate } = useSWRConfig();
  const [formError, setFormError] = useState<string | null>(null);

  const form = useForm({
    defaultValues: emptyValues,
    validators: { onChange: projectCreateSchema },
    onSubmit: async ({ value }) => {
      setFormError(null);
      try {
        await apiClient.call('generateProject', { body: generatePayload(value) });
      } catch (error) {
        setFormError(apiFailureMessage(error));
        return;
      }
      // The project exists now whatever the refetch does; the project page reads the list again anyway.
      await mutate(projectsKey).catch(() => undefined);
      navigate(routes.project.href());
    },
  });
  const isSubmitting = useStore(form.store, (state) => state.isSubmitting);
  const submitted = useStore(form.store, (state) => state.submissionAttempts > 0);
  const noWebsite = useStore(form.store, (state) => state.values.noWebsite);

  const formErrorId = `${id}-form-error`;
  const shownError = (meta: FieldErrorState) => shownFieldError(meta, submitted);

  return (
    <div className="mx-auto w-[320px] max-w-full py-10">
      <form
        noValidate
        aria-labelledby={`${id}-title`}
        aria-describedby={formError ? formErrorId : undefined}
        className="grid gap-6"
        onSubmit={(event) => {
          event.preventDefault();
          void form.handleSubmit();
        }}
      >
        <div className="grid gap-2">
          <Title level={1} id={`${id}-title`}>
            Add information about your project for finding relevance posts
          </Title>
          <Text size="sm" tone="muted">
            We use this information to generate the tone of voice, product descriptions and keywords. You can
            change it later.
          </Text>
        </div>

        <div className="grid gap-4">
          {noWebsite ? (
            <form.Field name="description">
              {(field) => {
                const controlId = `${id}-description`;
                const error = shownError(field.state.meta);
                return (
                  <Field label="Description" htmlFor={controlId} error={error}>
                    <Textarea
                      {...fieldControlProps(controlId, { error })}
                      name="description"
                      autoGrow
                      disabled={isSubmitting}
                      value={field.state.value}
                      onBlur={field.handleBlur}
                      onChange={(event) => field.handleChange(event.target.value)}
                    />
                  </Field>
                );
              }}
            </form.Field>
          ) : (
            <form.Field name="url">
              {(field) => {
                const controlId = `${id}-url`;
                const error = shownError(field.state.meta);
                return (
                  <Field label="Product link" htmlFor={controlId} error={error}>
                    <Input
                      {...fieldControlProps(controlId, { error })}
                      name="url"
                      type="url"
                      inputMode="url"
                      autoComplete="url"
                      placeholder="https://"
                      disabled={isSubmitting}
                      value={field.state.value}
                      onBlur={field.handleBlur}
                      onChange={(event) => field.handleChange(event.target.value)}
                    />
                  </Field>
                );
              }}
            </form.Field>
          )}

          <form.Field name="noWebsite">
            {(field) => (
              <div className="flex items-center gap-2">
                <Checkbox
                  id={`${id}-no-website`}
                  checked={field.state.value}
                  disabled={isSubmitting}
                  onCheckedChange={(checked) => field.handleChange(checked === true)}
                />
                <Label htmlFor={`${id}-no-website`}>I don't have website</Label>
              </div>
            )}
          </form.Field>

          <form.Field name="goal">
            {(field) => {
              const controlId = `${id}-goal`;
              const error = shownError(field.state.meta);
              const description =
                'Your goal: what kind of people or posts to find, e.g. founders looking for a CRM.';
              return (
                <Field label="Filter" htmlFor={controlId} error={error} description={description}>
                  <Input
                    {...fieldControlProps(controlId, { error, description })}
                    name="goal"
                    disabled={isSubmitting}
                    value={field.state.value}
                    onBlur={field.handleBlur}
                    onChange={(event) => field.handleChange(event.target.value)}
                  />
                </Field>
              );
            }}
          </form.Field>
        </div>

        <FieldError id={formErrorId}>{formError}</FieldError>
        <div className="grid gap-2">
          <Button type="submit" loading={isSubmitting} className="w-full">
            Continue
          </Button>
          {isSubmitting ? (
            <Text size="sm" tone="muted" role="status">
              {noWebsite ? generatingDescriptionText : generatingPageText}
            </Text>
          ) : null}
        </div>
      </form>
    </div>
  );
}
