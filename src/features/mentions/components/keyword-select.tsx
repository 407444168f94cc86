import { NativeSelect, NativeSelectOption } from '@/components/ui/native-select';
import { ALL_KEYWORDS } from '../mentions-search';

/**
 * The 'Keyword' dropdown: "Today's all keywords" (value all), then the keywords of the chosen date. The
 * keyword in the URL keeps an option while the date's keywords load, so the select shows the keyword the
 * posts are filtered by, not "Today's all keywords" (a browser select shows its first option otherwise).
 */
export function KeywordSelect({
  keywords,
  value,
  onChange,
}: {
  /** The chosen date's keywords; null while they load. */
  keywords: readonly string[] | null;
  value: string | undefined;
  /** Gets a keyword, or ALL_KEYWORDS for "Today's all keywords". */
  onChange: (keyword: string) => void;
}) {
  const listed = keywords ?? [];
  const shown = value && !listed.includes(value) ? [value, ...listed] : listed;
  return (
    <NativeSelect
      aria-label="Keyword"
      className="w-56"
      value={value ?? ALL_KEYWORDS}
      onChange={(event) => onChange(event.currentTarget.value)}
    >
      <NativeSelectOption value={ALL_KEYWORDS}>Today's all keywords</NativeSelectOption>
      {shown.map((name) => (
        <NativeSelectOption key={name} value={name}>
          {name}
        </NativeSelectOption>
      ))}
    </NativeSelect>
  );
}
