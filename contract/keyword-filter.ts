/**
 * ReplyRadar's keyword filter language, read without any language model or stemmer so the app's
 * 'Manage keyword filter' dialog and the server refuse the same filters with the same words.
 *
 *   invoice reminder          every word must appear (any order, any case; the server matches stems)
 *   "late invoice"            a quoted phrase: these words, in this order
 *   -hiring  -"job offer"     exclusions: a post with this word or phrase is dropped
 *   agency OR freelancer      alternatives; OR binds tighter than the implicit AND:
 *                             `a OR b c` means (a or b) and c
 *   site:reddit.com           the post's link is on this domain (or a subdomain of it)
 *   author:jane               the post's author is this handle (a leading @ is ignored)
 *
 * `OR` is an operator only in capitals; `or` is an ordinary word. Several `site:` (or `author:`) terms
 * are alternatives of each other, with or without OR between them.
 */

/** A word, or a phrase when it was quoted. */
export interface FilterTermSyntax {
  text: string;
  phrase: boolean;
}

/** A filter as written, taken apart; the server's `ParsedFilter` has the same shape. */
export interface KeywordFilterSyntax {
  /** Each inner array is a set of alternatives joined by OR; every group must match. */
  all: FilterTermSyntax[][];
  exclude: FilterTermSyntax[];
  sites: string[];
  authors: string[];
  source: string;
}

/** A filter that cannot be read; `position` is the 0-based index of the character at fault. */
export class FilterSyntaxError extends Error {
  override name = 'FilterSyntaxError';
  constructor(
    /** What is wrong, without the position ('Unclosed quote'). */
    readonly reason: string,
    readonly position: number,
  ) {
    super(`${reason} at position ${position}`);
  }
}

type Token =
  | { kind: 'term'; term: FilterTermSyntax; negated: boolean; at: number }
  | { kind: 'site'; value: string; at: number }
  | { kind: 'author'; value: string; at: number }
  | { kind: 'or'; at: number };

const quotes = new Set(['"', '“', '”']);
const isSpace = (char: string | undefined) => char !== undefined && /\s/u.test(char);
const hasLetters = (text: string) => /[\p{L}\p{N}]/u.test(text);
const domainPattern = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

/** Reads a quoted phrase whose opening quote is at `at`; gives its text and the index after it. */
function readQuoted(text: string, at: number): { value: string; end: number } {
  let end = at + 1;
  while (end < text.length && !quotes.has(text.charAt(end))) end++;
  if (end >= text.length) throw new FilterSyntaxError('Unclosed quote', at);
  const value = text
    .slice(at + 1, end)
    .replace(/\s+/gu, ' ')
    .trim();
  if (value === '') throw new FilterSyntaxError('Empty quotes', at);
  return { value, end: end + 1 };
}

/** Reads a bare word starting at `at` (up to a space or a quote). */
function readWord(text: string, at: number): { value: string; end: number } {
  let end = at;
  while (end < text.length && !isSpace(text.charAt(end)) && !quotes.has(text.charAt(end))) end++;
  return { value: text.slice(at, end), end };
}

function term(text: string, phrase: boolean, at: number): FilterTermSyntax {
  if (!hasLetters(text)) throw new FilterSyntaxError(`Nothing to match in "${text}"`, at);
  return { text, phrase };
}

/** `site:` or `author:` (any case) at the start of a word, with the operator's length. */
function operatorOf(word: string): { kind: 'site' | 'author'; length: number } | null {
  const lower = word.toLowerCase();
  if (lower.startsWith('site:')) return { kind: 'site', length: 5 };
  if (lower.startsWith('author:')) return { kind: 'author', length: 7 };
  return null;
}

function readOperator(text: string, at: number, kind: 'site' | 'author', length: number) {
  const valueAt = at + length;
  const next = text.charAt(valueAt);
  if (kind === 'author' && quotes.has(next)) {
    const { value, end } = readQuoted(text, valueAt);
    return { token: { kind, value: value.replace(/^@/u, ''), at } satisfies Token, end };
  }
  const { value: raw, end } = readWord(text, valueAt);
  if (raw === '') {
    throw new FilterSyntaxError(
      kind === 'site' ? 'Missing domain after site:' : 'Missing name after author:',
      at,
    );
  }
  if (kind === 'author') {
    const name = raw.replace(/^@/u, '');
    if (name === '') throw new FilterSyntaxError('Missing name after author:', at);
    return { token: { kind, value: name, at } satisfies Token, end };
  }
  const domain = raw
    .toLowerCase()
    .replace(/^https?:\/\//u, '')
    .replace(/\/$/u, '')
    .replace(/^www\./u, '');
  if (!domainPattern.test(domain)) throw new FilterSyntaxError(`Invalid domain "${raw}"`, valueAt);
  return { token: { kind, value: domain, at } satisfies Token, end };
}

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let at = 0;
  while (at < text.length) {
    const char = text.charAt(at);
    if (isSpace(char)) {
      at++;
      continue;
    }
    if (quotes.has(char)) {
      const { value, end } = readQuoted(text, at);
      tokens.push({ kind: 'term', term: term(value, true, at), negated: false, at });
      at = end;
      continue;
    }
    if (char === '-') {
      const next = text.charAt(at + 1);
      if (next === '' || isSpace(next)) throw new FilterSyntaxError('Nothing to exclude after "-"', at);
      if (quotes.has(next)) {
        const { value, end } = readQuoted(text, at + 1);
        tokens.push({ kind: 'term', term: term(value, true, at + 1), negated: true, at });
        at = end;
        continue;
      }
      const { value, end } = readWord(text, at + 1);
      const operator = operatorOf(value);
      if (operator) throw new FilterSyntaxError(`${value.slice(0, operator.length)} cannot be excluded`, at);
      tokens.push({ kind: 'term', term: term(value, false, at + 1), negated: true, at });
      at = end;
      continue;
    }
    const { value, end } = readWord(text, at);
    const operator = operatorOf(value);
    if (value === 'OR') {
      tokens.push({ kind: 'or', at });
      at = end;
    } else if (operator) {
      const read = readOperator(text, at, operator.kind, operator.length);
      tokens.push(read.token);
      at = read.end;
    } else {
      tokens.push({ kind: 'term', term: term(value, false, at), negated: false, at });
      at = end;
    }
  }
  return tokens;
}

/** What OR may join: two words or phrases, two site: terms or two author: terms. */
function joinKind(token: Token | undefined): string | null {
  if (!token || token.kind === 'or') return null;
  if (token.kind === 'term') return token.negated ? null : 'term';
  return token.kind;
}

/**
 * Parses a keyword filter. Empty or blank text is no filter: `null`. Throws `FilterSyntaxError`
 * (with the position) for an unclosed quote, empty quotes, a lone `-`, an `OR` without a word or
 * phrase on each side, an empty or invalid `site:`, an empty `author:`, or a term with nothing to match.
 */
export function parseKeywordFilter(text: string): KeywordFilterSyntax | null {
  if (text.trim() === '') return null;
  const tokens = tokenize(text);
  const filter: KeywordFilterSyntax = { all: [], exclude: [], sites: [], authors: [], source: text };
  let joinNext = false;
  for (const [index, token] of tokens.entries()) {
    if (token.kind === 'or') {
      const before = joinKind(tokens[index - 1]);
      if (!before || before !== joinKind(tokens[index + 1]))
        throw new FilterSyntaxError('OR needs a word or phrase on each side', token.at);
      joinNext = true;
      continue;
    }
    if (token.kind === 'site') filter.sites.push(token.value);
    else if (token.kind === 'author') filter.authors.push(token.value);
    else if (token.negated) filter.exclude.push(token.term);
    else if (joinNext) filter.all.at(-1)?.push(token.term);
    else filter.all.push([token.term]);
    joinNext = false;
  }
  return filter;
}

/** The reason a filter cannot be read, or null when it can (blank text is a valid, empty filter). */
export function keywordFilterProblem(text: string | null | undefined): FilterSyntaxError | null {
  try {
    parseKeywordFilter(text ?? '');
    return null;
  } catch (error) {
    if (error instanceof FilterSyntaxError) return error;
    throw error;
  }
}
