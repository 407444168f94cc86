import type { Keyword } from '@contract/entities';
import { keywordFilterFormSchema } from '@contract/keyword-filter-form';
import { useForm } from '@tanstack/react-form';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field, fieldControlProps, fieldDescriptionId } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { fieldErrorMessage } from '@/lib/form-errors';

interface KeywordFilterDialogProps {
  /** The keyword whose filter is edited; null keeps the dialog closed. */
  keyword: Keyword | null;
  onUpdate: (keyword: { name: string; filter: string }) => void;
  onClose: () => void;
}

/** 'Manage keyword filter': the keyword (read-only), its filter, and 'Update'. */
export function KeywordFilterDialog({ keyword, onUpdate, onClose }: KeywordFilterDialogProps) {
  return (
    <Dialog open={keyword !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Manage keyword filter</DialogTitle>
          <DialogDescription>
            Posts found for this keyword are also checked against its filter.
          </DialogDescription>
        </DialogHeader>
        {keyword ? (
          <KeywordFilterForm
            key={keyword.name}
            initial={{ name: keyword.name, filter: keyword.filter ?? '' }}
            onUpdate={onUpdate}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function KeywordFilterForm({
  initial,
  onUpdate,
}: {
  initial: { name: string; filter: string };
  onUpdate: KeywordFilterDialogProps['onUpdate'];
}) {
  const id = useId();
  const form = useForm({
    defaultValues: initial,
    validators: { onChange: keywordFilterFormSchema },
    onSubmit: ({ value }) => onUpdate(value),
  });

  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        event.stopPropagation();
        void form.handleSubmit();
      }}
    >
      <form.Field name="name">
        {(field) => (
          <Field label="Keyword" htmlFor={`${id}-name`}>
            <Input {...fieldControlProps(`${id}-name`)} readOnly value={field.state.value} />
          </Field>
        )}
      </form.Field>
      <form.Field name="filter">
        {(field) => {
          const error = fieldErrorMessage(field.state.meta.errors);
          return (
            <div className="grid gap-2">
              <Field label="Filter" htmlFor={`${id}-filter`} error={error}>
                <Textarea
                  {...fieldControlProps(`${id}-filter`, { error, description: true })}
                  autoGrow
                  value={field.state.value}
                  onBlur={field.handleBlur}
                  onChange={(event) => field.handleChange(event.target.value)}
                />
              </Field>
              <FilterHelp id={fieldDescriptionId(`${id}-filter`)} />
            </div>
          );
        }}
      </form.Field>
      <DialogFooter>
        <Button type="submit">Update</Button>
      </DialogFooter>
    </form>
  );
}

const syntax = [
  ['invoice reminder', 'every word, in any order'],
  ['"late invoice"', 'this exact phrase'],
  ['-hiring  -"job offer"', 'leave out posts with it'],
  ['agency OR freelancer', 'either one'],
  ['site:reddit.com', 'only posts from this site'],
  ['author:name', 'only posts by this author'],
] as const;

/** The filter language in brief, under the Filter field (the README's "Keyword filters" has it in full). */
function FilterHelp({ id }: { id: string }) {
  return (
    <dl id={id} className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs text-muted-foreground">
      {syntax.map(([example, meaning]) => (
        <div key={example} className="contents">
          <dt>
            <code className="font-mono text-foreground">{example}</code>
          </dt>
          <dd>{meaning}</dd>
        </div>
      ))}
    </dl>
  );
}
