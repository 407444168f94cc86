import type { KeywordProposal } from '@contract/keyword-proposals';
import { fieldMessages } from '@contract/messages';
import SlidersHorizontalIcon from 'lucide-react/icons/sliders-horizontal';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field, fieldControlProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { TagsInput } from '@/components/ui/tags-input';
import { Textarea } from '@/components/ui/textarea';
import { keywordsForNames } from '../form-values';
import { openProposals } from '../keyword-proposals';
import type { useFieldAction } from '../use-field-action';
import type { ProjectFormState } from '../use-project-form';
import { KeywordSuggestions } from './keyword-suggestions';

/** What every field of the project form is drawn from. */
interface FieldPartProps {
  state: ProjectFormState;
  /** The form's id, which each control's id starts with. */
  formId: string;
  /** Nothing can be changed: the form is read-only or being sent. */
  disabled: boolean;
  /** The form is a preview: there is nothing to send, so no field offers an action. */
  readOnly: boolean;
}

/** A one-line field: the name, the link or the filter (the goal). */
export function TextField({
  state: { form, errorOf, clearServerError },
  formId,
  disabled,
  name,
  label,
}: FieldPartProps & { name: 'name' | 'url' | 'goal'; label: string }) {
  return (
    <form.Field name={name}>
      {(field) => {
        const controlId = `${formId}-${name}`;
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
}

/** A text that can be suggested: the description or the tone of voice, with the action that suggests it. */
export function SuggestedTextField({
  state: { form, errorOf, clearServerError, isSubmitting },
  formId,
  disabled,
  readOnly,
  name,
  label,
  action,
}: FieldPartProps & {
  name: 'description' | 'tov';
  label: string;
  action: { label: string; state: ReturnType<typeof useFieldAction>; shown: boolean };
}) {
  return (
    <form.Field name={name}>
      {(field) => {
        const controlId = `${formId}-${name}`;
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
}

/**
 * The keywords as tags, each with a button that manages its filter unless the form is read-only; under
 * them the 'Suggested keywords' still open (none when the form is read-only or there are no proposals).
 */
export function KeywordsField({
  state: { form, errorOf, clearServerError, isSubmitting },
  formId,
  disabled,
  readOnly,
  keywordsLimit,
  proposals,
  onManageFilter,
}: FieldPartProps & {
  keywordsLimit: number;
  proposals: readonly KeywordProposal[];
  onManageFilter: (name: string) => void;
}) {
  const inputId = `${formId}-keywords`;
  // A suggestion refused at the limit: the schema's message shows, as it does past the limit.
  const [refusedAtLimit, setRefusedAtLimit] = useState(false);
  return (
    <form.Field name="keywords">
      {(field) => (
        <div className="grid gap-3">
          <TagsInput
            id={inputId}
            label="Keywords"
            value={field.state.value.map((keyword) => keyword.name)}
            onValueChange={(names) => {
              clearServerError('keywords');
              setRefusedAtLimit(false);
              field.handleChange(keywordsForNames(names, field.state.value));
            }}
            onBlur={field.handleBlur}
            // Past the limit the extra tag stays, and the schema's 'Max {n} keywords allowed' shows.
            max={keywordsLimit}
            allowOverflow
            // The server keeps one keyword per name whatever its case; refuse 'CRM' beside 'crm' here.
            validate={(tag, tags) => !tags.some((name) => name.toLowerCase() === tag.toLowerCase())}
            editable={false}
            disabled={disabled}
            error={
              errorOf('keywords', field.state.meta) ??
              (refusedAtLimit ? fieldMessages.tooManyKeywords(keywordsLimit) : undefined)
            }
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
                      onClick={() => onManageFilter(name)}
                    >
                      <SlidersHorizontalIcon aria-hidden="true" className="size-3.5" />
                    </button>
                  )
            }
          />
          {readOnly || proposals.length === 0 ? null : (
            <KeywordSuggestions
              proposals={openProposals(proposals, field.state.value)}
              disabled={disabled}
              keywordsInputId={inputId}
              onAdd={({ name, filter }) => {
                // Nothing changes at the limit: the suggestion stays and the limit's message shows.
                if (field.state.value.length >= keywordsLimit) {
                  setRefusedAtLimit(true);
                  return false;
                }
                clearServerError('keywords');
                setRefusedAtLimit(false);
                field.handleChange([...field.state.value, { name, filter: filter ?? '' }]);
                return true;
              }}
            />
          )}
        </div>
      )}
    </form.Field>
  );
}
