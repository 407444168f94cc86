/**
 * What the keyword model reads of a candidate phrase: where the product's texts say it and how often,
 * how close it is in meaning to the product, its description and its goal, how rare its words are, how
 * many posts write it, and its length. Training and proposing read the same features through this one
 * function.
 */
import { cosine, embedWords, type WordVectors } from '../language/encoder';
import { type Candidate, edgeShare } from './candidates';
import type { PhraseTable } from './phrase-table';

export const keywordFeatureNames = [
  'said in the texts (weighed)',
  'said in the goal',
  'said in the description',
  'said in the title or summary',
  'said in a heading or the page',
  'only from the phrase table',
  'one word',
  'two words',
  'three words',
  'close in meaning to the product',
  'close in meaning to the description',
  'close in meaning to the goal',
  'posts that write it',
  'rarest word',
  'commonest word',
  'mean rarity',
  'commonest inner word',
  'share of its words the texts say',
  'its weakest word’s closeness to the product',
  'opens a sentence or a part of one',
  'closeness rank among candidates',
] as const;

export interface ProductVectors {
  whole: Float32Array;
  description: Float32Array;
  goal: Float32Array;
  /** Every word of the product's texts. */
  words: ReadonlySet<string>;
}

export function keywordFeatures(
  candidate: Candidate,
  product: ProductVectors,
  table: PhraseTable,
  words: WordVectors,
  closenessRank: number,
): number[] {
  const vector = embedWords(candidate.words, words);
  const mostRare = Math.log(words.documents + 1);
  const rarities = candidate.words.map((word) => words.idf(word) / mostRare);
  const n = candidate.words.length;
  return [
    Math.log1p(candidate.weight),
    candidate.from.has('goal') ? 1 : 0,
    candidate.from.has('description') ? 1 : 0,
    candidate.from.has('title') || candidate.from.has('summary') ? 1 : 0,
    candidate.from.has('heading') || candidate.from.has('page') ? 1 : 0,
    candidate.from.size === 0 ? 1 : 0,
    n === 1 ? 1 : 0,
    n === 2 ? 1 : 0,
    n === 3 ? 1 : 0,
    cosine(vector, product.whole),
    cosine(vector, product.description),
    cosine(vector, product.goal),
    Math.log1p(table.postsWith(candidate.phrase)) / mostRare,
    Math.max(...rarities),
    Math.max(...candidate.words.map((word) => edgeShare(words, word))),
    rarities.reduce((a, b) => a + b, 0) / n,
    n === 3 ? edgeShare(words, candidate.words[1] ?? '') : 0,
    candidate.words.filter((word) => product.words.has(word)).length / n,
    Math.min(...candidate.words.map((word) => cosine(embedWords([word], words), product.whole))),
    candidate.opens ? 1 : 0,
    closenessRank,
  ];
}
