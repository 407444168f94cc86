import type { MentionsSearch } from './app-routes';

/**
 * The mentions screen's defaults, written once: the app's mentions page corrects its address with them,
 * and the server uses them to answer that page's first calls and say where it settles (its first answers).
 */

/** The newest of the found dates ('YYYY-MM-DD' sorts as text), or null when there is none. */
export function newestDate(dates: readonly string[]): string | null {
  let newest: string | null = null;
  for (const date of dates) if (newest === null || date > newest) newest = date;
  return newest;
}

/** The social the mentions screen shows: the one the address names when it is known, else the first. */
export function shownSocial(slugs: readonly string[], named: string | null): string | null {
  if (named !== null && slugs.includes(named)) return named;
  return slugs[0] ?? null;
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
