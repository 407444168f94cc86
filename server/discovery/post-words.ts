import type { ItemToken, ItsFunction } from 'wink-nlp';
import { nlp } from '../generation/nlp';
import type { SourcePost } from './types';

/**
 * A word as relevance reads it: its stem (filters match by it), its form for scoring (`key`: the
 * dictionary form, and a verb's stem, so "invoices" is "invoice" and "editing" is "edit", but
 * "finally" is not "final" nor "excellent" "excel"), its lower-case form, and whether it is a stop word.
 */
export interface TextWord {
  stem: string;
  key: string;
  normal: string;
  stop: boolean;
}

const hasLetters = /[\p{L}\p{N}]/u;
// wink-nlp's typings give `its.stem`, `its.pos`… a signature `out()` does not accept, though they work.
const feature = (its: unknown) => its as ItsFunction<unknown>;

/**
 * The texts read lately and their words: a run reads each post's words for the hard rules, each
 * keyword's filter, the learned model and the score, and reading (tokens, parts of speech, lemmas) is
 * most of relevance's cost. The reading used least lately goes first once there are more than `rememberedTexts`:
 * enough for the titles and texts of a busy run's 1,500 posts, which its keywords find again and
 * again (about 15 KB a text, so some 60 MB at most).
 */
const remembered = new Map<string, readonly TextWord[]>();
const rememberedTexts = 4_000;

/** The words of a text, punctuation and symbols left out (the same array for the same text, lately). */
export function textWords(text: string): readonly TextWord[] {
  const known = remembered.get(text);
  if (known) {
    // Read again lately: it goes last, so the texts a run keeps reading stay.
    remembered.delete(text);
    remembered.set(text, known);
    return known;
  }
  const words = readWords(text);
  if (remembered.size >= rememberedTexts) {
    const oldest = remembered.keys().next().value;
    if (oldest !== undefined) remembered.delete(oldest);
  }
  remembered.set(text, words);
  return words;
}

/** The words of a text, read afresh and not remembered (for single words, which would crowd texts out). */
export function readWords(text: string): readonly TextWord[] {
  if (!text.trim()) return [];
  const { its } = nlp();
  const words: TextWord[] = [];
  nlp()
    .readDoc(text)
    .tokens()
    .each((token: ItemToken) => {
      const normal = String(token.out(feature(its.normal)));
      if (!hasLetters.test(normal)) return;
      const stem = String(token.out(feature(its.stem)));
      const lemma = String(token.out(feature(its.lemma))).toLowerCase();
      const verb = token.out(feature(its.pos)) === 'VERB';
      words.push({
        stem,
        key: verb && /(?:ing|ed)$/u.test(lemma) ? stem : lemma,
        normal,
        stop: token.out(feature(its.stopWordFlag)) === true,
      });
    });
  return words;
}

/**
 * Stands between a post's title and its text, so a phrase never matches across the two; no word has
 * an empty stem.
 */
export const titleBreak: TextWord = { stem: '', key: '', normal: '', stop: true };

/** A post's title and text as words, the title first and `titleBreak` between them. */
export function postWords(post: Pick<SourcePost, 'title' | 'content'>): readonly TextWord[] {
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
