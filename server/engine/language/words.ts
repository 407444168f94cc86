/**
 * The words of a text as the engine reads them: runs of letters and digits (an apostrophe inside a word
 * kept, "don't"), lower-cased, with markup and links dropped. One reading everywhere: the vectors were
 * made for these words (`npm run train -- encoder`), and the lexical features count them.
 */
const markup = /<[^>]+>|&[a-z]+;|&#\d+;/gi;
const links = /\b(?:https?:\/\/|www\.)\S+/gi;
const word = /[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu;

export function wordsOf(text: string): string[] {
  const plain = text.replace(links, ' ').replace(markup, ' ');
  return (plain.toLowerCase().match(word) ?? []).map((each) => each.replace(/’/g, "'"));
}

/** How many links a text holds: a post that is mostly links is a different kind of post. */
export function linkCount(text: string): number {
  return text.match(links)?.length ?? 0;
}

/** A text's sentences, roughly: split after ., ?, ! or a line break. */
export function sentencesOf(text: string): string[] {
  return text
    .replace(markup, ' ')
    .split(/(?<=[.?!])\s+|\n+/u)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence.length > 0);
}

/**
 * A word as the networks' searches match it: a plural or a possessive finds the same posts as the word
 * ("guests", "guest's" and "guest" are one search). Used to tell two proposals apart.
 */
export function searchForm(word: string): string {
  const base = word.replace(/'s$/u, '');
  if (base.length > 4 && base.endsWith('ies')) return `${base.slice(0, -3)}y`;
  if (base.length > 3 && base.endsWith('s') && !base.endsWith('ss')) return base.slice(0, -1);
  return base;
}
