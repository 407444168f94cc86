import { FilterSyntaxError, parseKeywordFilter } from '@contract/keyword-filter';
import { containsStems, postWords, type TextWord, textWords } from './post-words';
import type { FilterTerm, ParsedFilter, SourcePost } from './types';

export { FilterSyntaxError };

/**
 * Parses a keyword filter written in ReplyRadar's filter language (see `contract/keyword-filter.ts`
 * and the README's "Keyword filters"). Empty or blank text is no filter: `null`. A filter that cannot
 * be read throws `FilterSyntaxError` with the 0-based `position` of the character at fault.
 */
export function parseFilter(text: string): ParsedFilter | null {
  return parseKeywordFilter(text);
}

const termStems = new WeakMap<FilterTerm, string[]>();

/** A term's stems, in order: one for a word, several for a phrase (or a word like "follow-up"). */
function stemsOf(term: FilterTerm): string[] {
  let stems = termStems.get(term);
  if (!stems) {
    stems = textWords(term.text).map((word) => word.stem);
    termStems.set(term, stems);
  }
  return stems;
}

/** Whether a post's words contain a filter term (a word by its stem, a phrase as consecutive stems). */
export function containsTerm(words: readonly TextWord[], term: FilterTerm): boolean {
  return containsStems(words, stemsOf(term));
}

/** The host of a post's link, lower case and without `www.`; null when the link is not a URL. */
function hostOf(url: string): string | null {
  try {
    return new URL(url).hostname.toLowerCase().replace(/^www\./u, '');
  } catch {
    return null;
  }
}

const authorKey = (author: string) => author.trim().replace(/^@/u, '').toLowerCase();

/** `matchesFilter` for a post whose words were already read (relevance reads each post once). */
export function matchesFilterWords(
  post: SourcePost,
  words: readonly TextWord[],
  filter: ParsedFilter | null,
): boolean {
  if (!filter) return true;
  if (filter.sites.length > 0) {
    const host = hostOf(post.url);
    if (!host || !filter.sites.some((site) => host === site || host.endsWith(`.${site}`))) return false;
  }
  if (filter.authors.length > 0) {
    const author = authorKey(post.author);
    if (!filter.authors.some((name) => authorKey(name) === author)) return false;
  }
  if (filter.exclude.some((term) => containsTerm(words, term))) return false;
  return filter.all.every((group) => group.some((term) => containsTerm(words, term)));
}

/**
 * Whether a post passes a keyword filter: every group of alternatives matches its title or text
 * (case-insensitive, by word stem; phrases word for word), no exclusion does, its link is on one of
 * the `site:` domains (or a subdomain) and its author is one of the `author:` names, when given.
 * No filter (`null`) lets every post through.
 */
export function matchesFilter(post: SourcePost, filter: ParsedFilter | null): boolean {
  if (!filter) return true;
  return matchesFilterWords(post, postWords(post), filter);
}
