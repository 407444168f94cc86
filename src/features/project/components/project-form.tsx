import type { Keyword, Project } from '@contract/entities';
import { projectFormSchema } from '@contract/forms';
import { useForm, useStore } from '@tanstack/react-form';
import SlidersHorizontalIcon from 'lucide-react/icons/sliders-horizontal';
import { useId, useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { routes } from '@/app/routes';
import { Button } from '@/components/ui/button';
import { Field, type FieldErrorState, fieldControlProps, shownFieldError } from '@/components/ui/field';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { TagsInput } from '@/components/ui/tags-input';
import { Textarea } from '@/components/ui/textarea';
import { ApiError, apiFailureMessage } from '@/lib/api-client';
import { firstSocialSlug, regenerateDescription, regenerateTov } from '../api/project-calls';
import {
  findKeywordByName,
  formFieldOf,
  keywordsForNames,
  type ProjectFormField,
  projectToFormValues,
} from '../form-values';
import { useFieldAction } from '../use-field-action';
import { useSaveProject } from '../use-save-project';
import { KeywordFilterDialog } from './keyword-filter-dialog';

/**
 * The project form: name, link, filter (the goal), description, tone of voice and keywords. Validates on
 * change with the contract's schema at the project's keyword limit. The first save reviews the project and
 * goes to the mentions of the first social; later saves stay. With `readOnly` (the `preview` parameter)
 * every field is disabled and there is nothing to send.
 */
export function ProjectForm({ project, readOnly = false }: { project: Project; readOnly?: boolean }) {
  const id = useId();
  const [, navigate] = useLocation();
  const { save } = useSaveProject();
  const [serverErrors, setServerErrors] = useState<Partial<Record<ProjectFormField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [filterFor, setFilterFor] = useState<Keyword | null>(null);
  const schema = useMemo(() => projectFormSchema(project.keywordsLimit), [project.keywordsLimit]);

  const form = useForm({
    defaultValues: projectToFormValues(project),
    validators: { onChange: schema },
    onSubmit: async ({ value }) => {
      setServerErrors({});
      setFormError(null);
      let saved: Project;
      try {
        saved = await save(project, value);
      } catch (error) {
        const field = error instanceof ApiError ? formFieldOf(error.error.field) : null;
        if (error instanceof ApiError && field) setServerErrors({ [field]: error.message });
        else setFormError(apiFailureMessage(error));
        return;
      }
      if (project.reviewed) {
        form.reset(projectToFormValues(saved));
        return;
      }
      const social = await firstSocialSlug();
      navigate(social ? routes.mentionsBySocial.href({ social }) : routes.mentions.href());
    },
  });

  const isSubmitting = useStore(form.store, (state) => state.isSubmitting);
  const submitted = useStore(form.store, (state) => state.submissionAttempts > 0);
  const url = useStore(form.store, (state) => state.values.url);
  const disabled = readOnly || isSubmitting;

  const description = useFieldAction(async () => {
    try {
      form.setFieldValue('description', await regenerateDescription(form.state.values));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      console.error(`API error: ${message}`);
      throw error;
    }
  });
  const tov = useFieldAction(async () => {
    form.setFieldValue('tov', await regenerateTov(form.state.values));
  });

  const errorOf = (name: ProjectFormField, meta: FieldErrorState) =>
    shownFieldError(meta, submitted, serverErrors[name]);
  const clearServerError = (name: ProjectFormField) =>
    serverErrors[name] ? setServerErrors(({ [name]: _, ...rest }) => rest) : undefined;

  const findKeyword = (name: string) => findKeywordByName(form.state.values.keywords, name);
  const updateKeywordFilter = ({ name, filter }: { name: string; filter: string }) => {
    setFilterFor(null);
    if (!findKeyword(name)) return;
    form.setFieldValue('keywords', (keywords) =>
      keywords.map((keyword) => (keyword.name === name ? { ...keyword, filter } : keyword)),
    );
  };

  const textField = (name: 'name' | 'url' | 'goal', label: string) => (
    <form.Field name={name}>
      {(field) => {
        const controlId = `${id}-${name}`;
        const error = errorOf(name, field.state.meta);
        return (
          <Field label={label} htmlFor={controlId} error={error}>
            <Input
              {...fieldControlProps(controlId, { error })}
              name={name}
              type={name === 'url' ? 'url' : 'text'}
              inputMode={name === 'url' ? 'url' : undefined}
              disabled={disabled}
              value={field.state.value}
              onBlur={field.handleBlur}
              onChange={(event) => {
                clearServerError(name);
                field.handleChange(event.target.value);
              }}
            />
          </Field>
        );
      }}
    </form.Field>
  );

  const textareaField = (
    name: 'description' | 'tov',
    label: string,
    action: { label: string; state: ReturnType<typeof useFieldAction>; shown: boolean },
  ) => (
    <form.Field name={name}>
      {(field) => {
        const controlId = `${id}-${name}`;
        const error = errorOf(name, field.state.meta) ?? action.state.error ?? undefined;
        return (
          <Field label={label} htmlFor={controlId} error={error}>
            <Textarea
              {...fieldControlProps(controlId, { error })}
              name={name}
              autoGrow
              disabled={disabled || action.state.pending}
              value={field.state.value}
              onBlur={field.handleBlur}
              onChange={(event) => {
                clearServerError(name);
                field.handleChange(event.target.value);
              }}
            />
            {action.shown && !readOnly ? (
              <Button
                type="button"
                shape="link"
                variant="primary"
                size="sm"
                className="justify-self-start"
                disabled={isSubmitting}
                loading={action.state.pending}
                onClick={() => void action.state.run()}
              >
                {action.label}
              </Button>
            ) : null}
          </Field>
        );
      }}
    </form.Field>
  );

  return (
    <>
      <form
        noValidate
        aria-label="Project"
        className="grid gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (!readOnly) void form.handleSubmit();
        }}
      >
        {textField('name', 'Project name')}
        {textField('url', 'Product link')}
        {textField('goal', 'Filter')}
        {textareaField('description', 'Project description', {
          label: 'Regenerate description',
          state: description,
          shown: url.trim() !== '',
        })}
        {textareaField('tov', 'Tone of Voice', { label: 'Suggest tone of voice', state: tov, shown: true })}

        <form.Field name="keywords">
          {(field) => (
            <TagsInput
              id={`${id}-keywords`}
              label="Keywords"
              value={field.state.value.map((keyword) => keyword.name)}
              onValueChange={(names) => {
                clearServerError('keywords');
                field.handleChange(keywordsForNames(names, field.state.value));
              }}
              onBlur={field.handleBlur}
              // Past the limit the extra tag stays, and the schema's 'Max {n} keywords allowed' shows.
              max={project.keywordsLimit}
              allowOverflow
              // The server keeps one keyword per name whatever its case; refuse 'CRM' beside 'crm' here.
              validate={(tag, tags) => !tags.some((name) => name.toLowerCase() === tag.toLowerCase())}
              editable={false}
              disabled={disabled}
              error={errorOf('keywords', field.state.meta)}
              renderTagAction={
                readOnly
                  ? undefined
                  : (name) => (
                      <button
                        type="button"
                        aria-label={`Manage keyword filter for ${name}`}
                        title="Manage keyword filter"
                        disabled={isSubmitting}
                        className="inline-flex size-5 cursor-pointer items-center justify-center rounded-sm text-muted-foreground hover:bg-background hover:text-foreground disabled:pointer-events-none"
                        onClick={() => setFilterFor(findKeyword(name))}
                      >
                        <SlidersHorizontalIcon aria-hidden="true" className="size-3.5" />
                      </button>
                    )
              }
            />
          )}
        </form.Field>

        <FieldError>{formError}</FieldError>
        {readOnly ? null : (
          <Button type="submit" loading={isSubmitting} className="justify-self-start">
            {project.reviewed ? 'Save' : 'Save and find relevant posts'}
          </Button>
        )}
      </form>
      <KeywordFilterDialog
        keyword={filterFor}
        onUpdate={updateKeywordFilter}
        onClose={() => setFilterFor(null)}
      />
    </>
  );
}
