import type { MentionsSearch } from '@/app/routes';

// The defaults (newest date, no unknown keyword) are the contract's: the server's first answers use them too.
export { correctedSearch, newestDate, shownSocial } from '@contract/mentions-search';

/** The keyword dropdown's value for "Today's all keywords". */
export const ALL_KEYWORDS = 'all';

/** The search after choosing a keyword: all removes the parameter. */
export function withKeyword(search: MentionsSearch, keyword: string): MentionsSearch {
  return { ...search, keyword: keyword === ALL_KEYWORDS ? undefined : keyword };
}

/** The search after choosing a date; the keyword goes with the old date's list and is checked again. */
export function withFoundDate(search: MentionsSearch, foundDate: string): MentionsSearch {
  return { ...search, found_date: foundDate };
}
