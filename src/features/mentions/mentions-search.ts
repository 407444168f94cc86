import type { MentionsSearch } from '@/app/routes';

/** The keyword dropdown's value for "Today's all keywords". */
export const ALL_KEYWORDS = 'all';

/** The newest of the found dates ('YYYY-MM-DD' sorts as text), or null when there is none. */
export function newestDate(dates: readonly string[]): string | null {
  let newest: string | null = null;
  for (const date of dates) if (newest === null || date > newest) newest = date;
  return newest;
}

/**
 * The search the mentions page should be on, or null when the current one is right: the newest found date
 * when none is chosen, and no keyword that is not among the loaded keywords of the date.
 */
export function correctedSearch(
  search: MentionsSearch,
  dates: readonly string[] | null,
  keywords: readonly string[] | null,
): MentionsSearch | null {
  let next = search;
  if (!search.found_date && dates) {
    const newest = newestDate(dates);
    if (newest) next = { ...next, found_date: newest };
  }
  if (next.keyword && keywords && next.found_date === search.found_date && !keywords.includes(next.keyword)) {
    next = { ...next, keyword: undefined };
  }
  return next === search ? null : next;
}

/** The search after choosing a keyword: all removes the parameter. */
export function withKeyword(search: MentionsSearch, keyword: string): MentionsSearch {
  return { ...search, keyword: keyword === ALL_KEYWORDS ? undefined : keyword };
}

/** The search after choosing a date; the keyword goes with the old date's list and is checked again. */
export function withFoundDate(search: MentionsSearch, foundDate: string): MentionsSearch {
  return { ...search, found_date: foundDate };
}
