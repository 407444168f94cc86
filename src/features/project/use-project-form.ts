import type { Keyword, Project } from '@contract/entities';
import { projectFormSchema } from '@contract/forms';
import { useForm, useStore } from '@tanstack/react-form';
import { useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { routes } from '@/app/routes';
import { type FieldErrorState, shownFieldError } from '@/components/ui/field';
import { ApiError, apiFailureMessage } from '@/lib/api-client';
import { firstSocialSlug, regenerateDescription, regenerateTov } from './api/project-calls';
import { findKeywordByName, formFieldOf, type ProjectFormField, projectToFormValues } from './form-values';
import { useFieldAction } from './use-field-action';
import { useSaveProject } from './use-save-project';

/**
 * The project form's state and its submit: validates on change with the contract's schema at the
 * project's keyword limit. The first save reviews the project and goes to the mentions of the first
 * social; later saves stay. A refusal of a field shows on that field until it is edited, any other
 * failure under the form.
 */
export function useProjectForm(project: Project) {
  const [, navigate] = useLocation();
  const { save } = useSaveProject();
  const [serverErrors, setServerErrors] = useState<Partial<Record<ProjectFormField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
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
  const errorOf = (name: ProjectFormField, meta: FieldErrorState) =>
    shownFieldError(meta, submitted, serverErrors[name]);
  const clearServerError = (name: ProjectFormField) =>
    serverErrors[name] ? setServerErrors(({ [name]: _, ...rest }) => rest) : undefined;

  return { form, isSubmitting, formError, errorOf, clearServerError };
}

/** The form's state as `useProjectForm` answers it, for the parts of the form. */
export type ProjectFormState = ReturnType<typeof useProjectForm>;

/** The actions that suggest a field's text from the form's values: the description and the tone of voice. */
export function useProjectSuggestions(form: ProjectFormState['form']) {
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
  return { description, tov };
}

/** The keyword whose filter is being managed (null when none), and how its new filter is kept. */
export function useKeywordFilter(form: ProjectFormState['form']) {
  const [filterFor, setFilterFor] = useState<Keyword | null>(null);
  const findKeyword = (name: string) => findKeywordByName(form.state.values.keywords, name);
  const open = (name: string) => setFilterFor(findKeyword(name));
  const close = () => setFilterFor(null);
  const update = ({ name, filter }: { name: string; filter: string }) => {
    setFilterFor(null);
    if (!findKeyword(name)) return;
    form.setFieldValue('keywords', (keywords) =>
      keywords.map((keyword) => (keyword.name === name ? { ...keyword, filter } : keyword)),
    );
  };
  return { filterFor, open, close, update };
}
