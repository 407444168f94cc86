import type { Project } from '@contract/entities';
import { keywordProposalsOf } from '@contract/keyword-proposals';
import { useStore } from '@tanstack/react-form';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { useKeywordFilter, useProjectForm, useProjectSuggestions } from '../use-project-form';
import { KeywordFilterDialog } from './keyword-filter-dialog';
import { KeywordsField, SuggestedTextField, TextField } from './project-form-fields';

/**
 * The project form: name, link, filter (the goal), description, tone of voice and keywords (its state and
 * submit in `useProjectForm`). With `readOnly` (the `preview` parameter) every field is disabled and there
 * is nothing to send.
 */
export function ProjectForm({ project, readOnly = false }: { project: Project; readOnly?: boolean }) {
  const formId = useId();
  const state = useProjectForm(project);
  const { form, isSubmitting, formError } = state;
  const url = useStore(form.store, (formState) => formState.values.url);
  const { description, tov } = useProjectSuggestions(form);
  const keywordFilter = useKeywordFilter(form);
  const fields = { state, formId, disabled: readOnly || isSubmitting, readOnly };

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
        <TextField {...fields} name="name" label="Project name" />
        <TextField {...fields} name="url" label="Product link" />
        <TextField {...fields} name="goal" label="Filter" />
        <SuggestedTextField
          {...fields}
          name="description"
          label="Project description"
          action={{ label: 'Regenerate description', state: description, shown: url.trim() !== '' }}
        />
        <SuggestedTextField
          {...fields}
          name="tov"
          label="Tone of Voice"
          action={{ label: 'Suggest tone of voice', state: tov, shown: true }}
        />
        <KeywordsField
          {...fields}
          keywordsLimit={project.keywordsLimit}
          proposals={keywordProposalsOf(project)}
          onManageFilter={keywordFilter.open}
        />

        <FieldError>{formError}</FieldError>
        {readOnly ? null : (
          <Button type="submit" loading={isSubmitting} className="justify-self-start">
            {project.reviewed ? 'Save' : 'Save and find relevant posts'}
          </Button>
        )}
      </form>
      <KeywordFilterDialog
        keyword={keywordFilter.filterFor}
        onUpdate={keywordFilter.update}
        onClose={keywordFilter.close}
      />
    </>
  );
}
