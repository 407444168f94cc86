import { NativeSelect, NativeSelectOption } from '@/components/ui/native-select';
import { formatFoundDate } from '@/lib/dates';

/** The placeholder's value: no found date is chosen yet. */
const NO_DATE = '';

/**
 * The 'Date' dropdown: the found dates, newest first, as '5 Mar 2025'. A browser select shows its first
 * option when none matches its value, so until a date is chosen it shows 'Date' rather than a date whose
 * mentions are not on the page, and a chosen date missing from the list (an old link) is still shown.
 */
export function FoundDateSelect({
  dates,
  value,
  onChange,
}: {
  /** Newest first. */
  dates: readonly string[];
  value: string | undefined;
  onChange: (date: string) => void;
}) {
  const shown = value && !dates.includes(value) ? [...dates, value].sort().reverse() : dates;
  return (
    <NativeSelect
      aria-label="Date"
      className="w-44"
      value={value ?? NO_DATE}
      onChange={(event) => onChange(event.currentTarget.value)}
    >
      {value ? null : (
        <NativeSelectOption value={NO_DATE} disabled hidden>
          Date
        </NativeSelectOption>
      )}
      {shown.map((date) => (
        <NativeSelectOption key={date} value={date}>
          {formatFoundDate(date)}
        </NativeSelectOption>
      ))}
    </NativeSelect>
  );
}
