import { TagsInput as TagsInputPrimitive } from '@ark-ui/react/tags-input';
import XIcon from 'lucide-react/icons/x';
import { type ReactNode, useId, useRef } from 'react';
import { fieldDescriptionId, fieldErrorId } from '@/components/ui/field';
import { FieldError } from '@/components/ui/field-error';
import { controlClassName } from '@/components/ui/input';
import { cn } from '@/lib/cn';

/** Why an add was refused: a duplicate or a tag `validate` turned down, or one tag more than `max`. */
export type TagsInputInvalidReason = 'invalidTag' | 'rangeOverflow';

/**
 * The screen-reader texts of the specification (section 8). They equal zag's defaults today; written out
 * so that an upgrade of zag cannot change what a screen reader says.
 */
export const tagsInputTranslations = {
  tagAdded: (value: string) => `Added tag ${value}`,
  tagsPasted: (values: string[]) => `Pasted ${values.length} tags`,
  tagDeleted: (value: string) => `Tag ${value} deleted`,
  deleteTagTriggerLabel: (value: string) => `Delete tag ${value}`,
};

export interface TagsInputProps {
  label: ReactNode;
  value: string[];
  onValueChange: (value: string[]) => void;
  /** Called when an add is refused ('invalidTag') or when the tags go past `max` ('rangeOverflow'). */
  onValueInvalid?: (reason: TagsInputInvalidReason) => void;
  /** Most tags allowed; unlimited by default. */
  max?: number;
  /**
   * Let the tags go past `max` (the control is then marked invalid and 'rangeOverflow' is reported), so a
   * form can show its own message; by default an add past `max` is refused with 'rangeOverflow'.
   */
  allowOverflow?: boolean;
  /** Key that adds the typed tag (besides Enter), and the separator of pasted text; ',' by default. */
  delimiter?: string | RegExp;
  /** Add tags from pasted text; off by default. */
  addOnPaste?: boolean;
  /** Whether a tag can be edited in place (double click, or Enter on a highlighted tag); on by default. */
  editable?: boolean;
  disabled?: boolean;
  readOnly?: boolean;
  placeholder?: string;
  /** Extra rule for a new tag; duplicates are refused already. */
  validate?: (tag: string, tags: string[]) => boolean;
  /** A control rendered on each tag, after its text (e.g. a button that opens a dialog about the tag). */
  renderTagAction?: (tag: string, index: number) => ReactNode;
  error?: string | undefined;
  description?: ReactNode;
  onBlur?: () => void;
  /** The text input's id; generated when not given. */
  id?: string;
  name?: string;
  className?: string;
}

/**
 * A tags input (Ark UI's TagsInput over zag.js) with the specification's defaults: ',' adds a tag, pasting
 * adds none unless `addOnPaste`, no maximum unless `max`. Enter or the delimiter adds, Backspace at the start
 * highlights then deletes the last tag, and an edited tag that is emptied is deleted (zag warns 'You need to
 * provide a value for the tag' when asked to set an empty one). Controlled: pass `value` and `onValueChange`.
 */
export function TagsInput({
  label,
  value,
  onValueChange,
  onValueInvalid,
  max = Number.POSITIVE_INFINITY,
  allowOverflow = false,
  delimiter = ',',
  addOnPaste = false,
  editable = true,
  disabled = false,
  readOnly = false,
  placeholder,
  validate,
  renderTagAction,
  error,
  description,
  onBlur,
  id,
  name,
  className,
}: TagsInputProps) {
  const generatedId = useId();
  const inputId = id ?? `${generatedId}-input`;
  // zag reports every refused add as 'invalidTag'; remember why our rule refused it.
  const refusal = useRef<TagsInputInvalidReason>('invalidTag');

  const describedBy =
    [description ? fieldDescriptionId(inputId) : null, error ? fieldErrorId(inputId) : null]
      .filter(Boolean)
      .join(' ') || undefined;

  return (
    <TagsInputPrimitive.Root
      data-slot="tags-input"
      className={cn('grid gap-1.5', className)}
      ids={{ input: inputId }}
      value={value}
      name={name}
      // zag only counts past `max` when overflow is allowed; otherwise our `validate` refuses the add.
      max={allowOverflow ? max : undefined}
      allowOverflow={allowOverflow}
      delimiter={delimiter}
      addOnPaste={addOnPaste}
      editable={editable}
      disabled={disabled}
      readOnly={readOnly}
      invalid={Boolean(error)}
      placeholder={placeholder}
      translations={tagsInputTranslations}
      validate={({ inputValue, value: tags }) => {
        refusal.current = 'invalidTag';
        if (tags.includes(inputValue)) return false;
        if (!allowOverflow && tags.length >= max) {
          refusal.current = 'rangeOverflow';
          return false;
        }
        return validate ? validate(inputValue, tags) : true;
      }}
      onValueInvalid={({ reason }) => {
        onValueInvalid?.(reason === 'invalidTag' ? refusal.current : reason);
        refusal.current = 'invalidTag';
      }}
      onValueChange={({ value: next }) => {
        // Pasted text can carry several tags at once; keep to `max` unless overflow is allowed.
        if (!allowOverflow && next.length > max) {
          onValueInvalid?.('rangeOverflow');
          onValueChange(next.slice(0, max));
          return;
        }
        onValueChange(next);
      }}
    >
      <TagsInputPrimitive.Label className="text-sm leading-none font-medium text-foreground data-disabled:opacity-60">
        {label}
      </TagsInputPrimitive.Label>
      {description ? (
        <p id={fieldDescriptionId(inputId)} className="text-sm text-muted-foreground">
          {description}
        </p>
      ) : null}
      <TagsInputPrimitive.Control
        className={cn(
          controlClassName,
          'flex min-h-10 w-full flex-wrap items-center gap-1.5 py-1.5',
          'focus-within:border-ring focus-within:outline-2 focus-within:outline-offset-1 focus-within:outline-ring',
          'data-disabled:cursor-not-allowed data-disabled:bg-muted data-disabled:opacity-60',
          'data-invalid:border-danger data-invalid:focus-within:border-danger data-invalid:focus-within:outline-danger',
        )}
      >
        {value.map((tag, index) => (
          <TagsInputPrimitive.Item
            key={tag}
            index={index}
            value={tag}
            className="inline-flex max-w-full items-center"
          >
            <TagsInputPrimitive.ItemPreview
              className={cn(
                'inline-flex max-w-full items-center gap-1 rounded-md border border-border bg-muted py-0.5 pr-1 pl-2 text-sm',
                'data-highlighted:border-ring data-highlighted:bg-secondary-hover',
              )}
            >
              <TagsInputPrimitive.ItemText className="truncate">{tag}</TagsInputPrimitive.ItemText>
              {renderTagAction ? (
                // The tag takes pointer-down to highlight itself; a press on the action is the action's.
                <span className="inline-flex" onPointerDown={(event) => event.stopPropagation()}>
                  {renderTagAction(tag, index)}
                </span>
              ) : null}
              {disabled || readOnly ? null : (
                <TagsInputPrimitive.ItemDeleteTrigger className="inline-flex size-5 cursor-pointer items-center justify-center rounded-sm text-muted-foreground hover:bg-background hover:text-foreground">
                  <XIcon aria-hidden="true" className="size-3.5" />
                </TagsInputPrimitive.ItemDeleteTrigger>
              )}
            </TagsInputPrimitive.ItemPreview>
            {editable ? (
              <TagsInputPrimitive.ItemInput className="min-w-16 rounded-md border border-ring bg-background px-2 py-0.5 text-sm outline-none" />
            ) : null}
          </TagsInputPrimitive.Item>
        ))}
        <TagsInputPrimitive.Input
          className="min-w-24 flex-1 bg-transparent py-1 text-base outline-none placeholder:text-muted-foreground disabled:cursor-not-allowed"
          aria-describedby={describedBy}
          onBlur={onBlur}
        />
      </TagsInputPrimitive.Control>
      {name ? <TagsInputPrimitive.HiddenInput /> : null}
      <FieldError id={fieldErrorId(inputId)}>{error}</FieldError>
    </TagsInputPrimitive.Root>
  );
}
