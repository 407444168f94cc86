const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A post's published date as 'D MMM' ('5 Mar'), in the device's time zone, or in UTC where the device's
 * is not known (the page the server draws); the input when unreadable.
 */
export function formatDayMonth(iso: string, timeZone: 'device' | 'UTC' = 'device'): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return timeZone === 'UTC'
    ? `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]}`
    : `${date.getDate()} ${MONTHS[date.getMonth()]}`;
}

/** A found date ('2025-03-05') as '5 Mar 2025'; read as a calendar date, so no time zone shifts it. */
export function formatFoundDate(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return date;
  const [, year, month, day] = match;
  return `${Number(day)} ${MONTHS[Number(month) - 1]} ${year}`;
}

/**
 * Orders posts newest first by their ISO published date. A plain comparison, since ISO timestamps sort as
 * text: `localeCompare` would load the collation tables on its first call, ~20 ms on a phone's first render.
 */
export function newestPublishedFirst(a: { published_date: string }, b: { published_date: string }): number {
  if (a.published_date === b.published_date) return 0;
  return a.published_date < b.published_date ? 1 : -1;
}
