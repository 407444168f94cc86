import { type WorkspaceForm, workspaceFormSchema } from '@contract/forms';
import { useForm, useStore } from '@tanstack/react-form';
import { type ReactNode, useId, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { routes } from '@/app/routes';
import { Button } from '@/components/ui/button';
import { Field, fieldControlProps, shownFieldError } from '@/components/ui/field';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Title } from '@/components/ui/title';
import { ApiError, apiClient, apiFailureMessage } from '@/lib/api-client';
import { useAuth, type Workspace } from '@/lib/auth';

function serverMessage(error: unknown): string {
  if (error instanceof Error && !(error instanceof ApiError) && error.message) return error.message;
  return apiFailureMessage(error);
}

/**
 * Create the workspace (spec section 2): 'Workspace name', 'Continue'. On success the workspace is made
 * active, the workspace-created call attaches the buyer's subscription to it, the subscription is fetched
 * again, and the person goes on to project onboarding, replacing this page. `invitations` lists pending
 * invitations above the form; `refetchSubscription` is the app's.
 */
export function WorkspaceOnboardingPage({
  invitations,
  refetchSubscription,
}: {
  invitations?: ReactNode;
  refetchSubscription?: (workspaceId: string) => Promise<unknown>;
}) {
  const id = useId();
  const { createOrganization, setActive } = useAuth();
  const [, navigate] = useLocation();
  const [serverError, setServerError] = useState<string | null>(null);
  // A retry after a later step failed must not create the same workspace twice.
  const created = useRef<{ name: string; workspace: Workspace } | null>(null);

  const form = useForm({
    defaultValues: { name: '' } satisfies WorkspaceForm,
    validators: { onChange: workspaceFormSchema },
    onSubmit: async ({ value }) => {
      setServerError(null);
      try {
        const { name } = workspaceFormSchema.parse(value);
        const workspace =
          created.current?.name === name ? created.current.workspace : await createOrganization(name);
        created.current = { name, workspace };
        await setActive(workspace.id);
        await apiClient.call('workspaceCreated', { body: {} });
        await refetchSubscription?.(workspace.id);
        navigate(routes.onboardingProject.href(), { replace: true });
      } catch (error) {
        setServerError(serverMessage(error));
      }
    },
  });
  const isSubmitting = useStore(form.store, (state) => state.isSubmitting);
  const submitted = useStore(form.store, (state) => state.submissionAttempts > 0);
  const formErrorId = `${id}-form-error`;
  const nameId = `${id}-name`;

  return (
    <div className="mx-auto grid w-full max-w-[320px] gap-6 py-10">
      <Title level={1} id={`${id}-title`}>
        Set up your workspace
      </Title>
      {invitations}
      <form
        noValidate
        aria-labelledby={`${id}-title`}
        aria-describedby={serverError ? formErrorId : undefined}
        className="grid gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          void form.handleSubmit();
        }}
      >
        <form.Field name="name">
          {(field) => {
            const error = shownFieldError(field.state.meta, submitted);
            return (
              <Field label="Workspace name" htmlFor={nameId} error={error}>
                <Input
                  {...fieldControlProps(nameId, { error })}
                  name="name"
                  placeholder="Company name"
                  autoComplete="organization"
                  disabled={isSubmitting}
                  value={field.state.value}
                  onBlur={field.handleBlur}
                  onChange={(event) => field.handleChange(event.target.value)}
                />
              </Field>
            );
          }}
        </form.Field>
        <Button type="submit" loading={isSubmitting} className="w-full">
          Continue
        </Button>
        <FieldError id={formErrorId}>{serverError}</FieldError>
      </form>
    </div>
  );
}
