/**
 * The phrases people write (`models/phrases.json`, made by `npm run train` from the datasets), each
 * with how many posts hold it and its vector: where keyword proposals look for the words a person with
 * the need would search, beside the product's own texts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { embedWords, modelsDir, type WordVectors, wordVectors } from '../language/encoder';

export interface PhrasesFile {
  /** Posts the counts were taken over. */
  documents: number;
  /** Each phrase (words as `wordsOf` reads them, joined by a space) and how many posts hold it. */
  phrases: [phrase: string, posts: number][];
}

export class PhraseTable {
  readonly documents: number;
  readonly phrases: string[];
  private readonly counts = new Map<string, number>();
  /** All vectors, one after another. */
  private readonly vectors: Float32Array;
  readonly dims: number;

  constructor(file: PhrasesFile, words: WordVectors = wordVectors()) {
    this.documents = file.documents;
    this.phrases = file.phrases.map(([phrase]) => phrase);
    for (const [phrase, count] of file.phrases) this.counts.set(phrase, count);
    this.dims = words.dims;
    this.vectors = new Float32Array(this.phrases.length * this.dims);
    for (const [i, phrase] of this.phrases.entries())
      this.vectors.set(embedWords(phrase.split(' '), words), i * this.dims);
  }

  static load(dir = modelsDir): PhraseTable {
    return new PhraseTable(JSON.parse(readFileSync(join(dir, 'phrases.json'), 'utf8')) as PhrasesFile);
  }

  /** How many posts of the datasets hold the phrase (0 when it is not in the table). */
  postsWith(phrase: string): number {
    return this.counts.get(phrase) ?? 0;
  }

  /** The `count` phrases closest in meaning to a vector, closest first, with their cosines. */
  nearest(vector: Float32Array, count: number): { phrase: string; closeness: number }[] {
    const scores = new Float32Array(this.phrases.length);
    for (let i = 0; i < this.phrases.length; i += 1) {
      let sum = 0;
      const base = i * this.dims;
      for (let j = 0; j < this.dims; j += 1)
        sum += (this.vectors[base + j] as number) * (vector[j] as number);
      scores[i] = sum;
    }
    const order = Array.from(scores.keys())
      .sort((a, b) => (scores[b] as number) - (scores[a] as number))
      .slice(0, count);
    return order.map((i) => ({ phrase: this.phrases[i] as string, closeness: scores[i] as number }));
  }
}

let shared: PhraseTable | null = null;
/** The table, loaded once per process (about 0.3 s). */
export function phraseTable(): PhraseTable {
  shared ??= PhraseTable.load();
  return shared;
}
