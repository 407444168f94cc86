/**
 * Where keyword proposals come from: the phrases of the product's own texts (its description, its goal,
 * its page's title, summary, headings and paragraphs, each weighed by where it stands) and the phrases
 * people write that are closest in meaning to the product (`phrase-table.ts`). A phrase is one to three
 * words inside a sentence part, never framed by a word a quarter of all posts hold, never the name.
 */
import { embed, type WordVectors, wordVectors } from '../language/encoder';
import { wordsOf } from '../language/words';
import type { PhraseTable } from './phrase-table';

/** A text of the product's, with where it comes from. */
export interface ProductText {
  text: string;
  from: 'description' | 'goal' | 'title' | 'summary' | 'heading' | 'page';
}

export const sourceWeights: Record<ProductText['from'], number> = {
  description: 2,
  goal: 2,
  title: 3,
  summary: 2,
  heading: 2,
  page: 1,
};

export interface Candidate {
  phrase: string;
  words: string[];
  /** How often the product's texts say it, weighed by where. */
  weight: number;
  /** Where the texts say it. */
  from: Set<ProductText['from']>;
  /** A text opens a sentence or a part of one with it ("Password manager for…", "… : track guests"). */
  opens: boolean;
  /** Its closeness to the product when it comes from the phrase table (null when only from the texts). */
  tableCloseness: number | null;
}

/** A word this share of all posts holds or more frames no keyword ("the", "for", "with"). */
export const maxEdgeShare = 0.25;
/** Phrases taken from the table: the closest in meaning to the product. */
const fromTable = 150;

/** Parts of a sentence a phrase may not cross: punctuation, brackets, dashes between words. */
const partBreak = /[.,;:!?()[\]{}"“”|/\\–—]+|\s-\s/u;

export function edgeShare(words: WordVectors, word: string): number {
  return words.documentFrequency(word) / Math.max(1, words.documents);
}

export function isFramed(words: WordVectors, phrase: readonly string[]): boolean {
  const first = phrase[0];
  const last = phrase.at(-1);
  return (
    first === undefined ||
    last === undefined ||
    edgeShare(words, first) >= maxEdgeShare ||
    edgeShare(words, last) >= maxEdgeShare
  );
}

export function candidatesOf(
  texts: readonly ProductText[],
  name: string,
  table: PhraseTable,
  words: WordVectors = wordVectors(),
  goalWords: ReadonlySet<string> = new Set(),
): Candidate[] {
  const nameWords = new Set(wordsOf(name));
  const found = new Map<string, Candidate>();
  const add = (
    phrase: string[],
    from: ProductText['from'] | null,
    closeness: number | null,
    opens = false,
  ) => {
    if (phrase.some((word) => nameWords.has(word) || !/\p{L}/u.test(word)) || isFramed(words, phrase)) return;
    const key = phrase.join(' ');
    const candidate = found.get(key) ?? {
      phrase: key,
      words: phrase,
      weight: 0,
      from: new Set(),
      opens: false,
      tableCloseness: null,
    };
    candidate.opens ||= opens;
    if (from) {
      candidate.weight += sourceWeights[from];
      candidate.from.add(from);
    }
    if (closeness !== null) candidate.tableCloseness = closeness;
    found.set(key, candidate);
  };
  const framesGoal = (phrase: readonly string[]) =>
    goalWords.has(phrase[0] ?? '') || goalWords.has(phrase.at(-1) ?? '');
  for (const { text, from } of texts)
    for (const part of text.split(partBreak)) {
      const read = wordsOf(part);
      const fromGoal = from === 'goal';
      // The part's first word that is not a framing word ("a", "the") is where it opens.
      let first = 0;
      while (first < read.length && edgeShare(words, read[first] ?? '') >= maxEdgeShare) first += 1;
      for (let n = 1; n <= 3; n += 1)
        for (let i = 0; i + n <= read.length; i += 1) {
          const phrase = read.slice(i, i + n);
          if (fromGoal && framesGoal(phrase)) continue;
          add(phrase, from, null, i === first);
        }
    }
  const whole = embed(texts.map((entry) => entry.text).join(' '), words);
  for (const { phrase, closeness } of table.nearest(whole, fromTable))
    add(phrase.split(' '), null, closeness);
  return [...found.values()];
}
