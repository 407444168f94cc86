import { wordsOf } from '../generation/nlp';
import type { SourcePost } from './types';

/** A word as relevance reads it: its stem, its lower-case form, and whether it is a stop word. */
export interface TextWord {
  stem: string;
  normal: string;
  stop: boolean;
}

const hasLetters = /[\p{L}\p{N}]/u;

/** The words of a text, punctuation and symbols left out. */
export function textWords(text: string): TextWord[] {
  if (!text.trim()) return [];
  return wordsOf(text)
    .filter((word) => hasLetters.test(word.normal))
    .map(({ stem, normal, stop }) => ({ stem, normal, stop }));
}

/**
 * Stands between a post's title and its text, so a phrase never matches across the two; no word has
 * an empty stem.
 */
export const titleBreak: TextWord = { stem: '', normal: '', stop: true };

/** A post's title and text as words, the title first and `titleBreak` between them. */
export function postWords(post: Pick<SourcePost, 'title' | 'content'>): TextWord[] {
  const title = post.title ? textWords(post.title) : [];
  const content = textWords(post.content);
  return title.length ? [...title, titleBreak, ...content] : content;
}

/** Whether `stems` occur in `words` one after the other (a single stem: anywhere). */
export function containsStems(words: readonly TextWord[], stems: readonly string[]): boolean {
  const first = stems[0];
  if (first === undefined) return false;
  for (let start = 0; start + stems.length <= words.length; start++) {
    if (words[start]?.stem !== first) continue;
    if (stems.every((stem, offset) => words[start + offset]?.stem === stem)) return true;
  }
  return false;
}
