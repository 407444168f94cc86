/**
 * Keyword proposals: the candidate phrases of the product's texts and of the phrase table, ranked by
 * a model trained on the labelled products (which phrases found the posts worth answering), the best
 * 8 to 12 kept, each different enough in words and meaning from those before it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cosine, embed, embedWords, modelsDir, type WordVectors, wordVectors } from '../language/encoder';
import { searchForm, wordsOf } from '../language/words';
import { type BinaryModel, logit, sigmoid } from '../learn/logistic';
import { type Standardizer, standardize } from '../learn/standardize';
import { type Candidate, candidatesOf, type ProductText } from './candidates';
import { keywordFeatures, type ProductVectors } from './features';
import { type PhraseTable, phraseTable } from './phrase-table';

export interface KeywordModelFile {
  features: string[];
  standardizer: Standardizer;
  model: BinaryModel;
  /**
   * Words a sixth or more of the train products' goals hold ("find", "who", "people", "struggling"):
   * how goals are written, not what they are about. No phrase taken from a goal starts or ends with one.
   */
  goalWords: string[];
}

export interface ProductToPropose {
  name: string;
  description: string;
  goal: string;
  /** The page's texts, when the product has a page; the description and goal are added here. */
  page?: readonly ProductText[];
}

export interface Proposal {
  phrase: string;
  /** The chance the model gives that the phrase finds posts worth answering. */
  probability: number;
  /** How many posts of the datasets write it (0 when it is not in the phrase table). */
  postsInTable: number;
}

export const mostProposals = 12;
export const fewestProposals = 8;
/** A phrase this close in meaning to one already proposed says the same thing. */
const sameMeaning = 0.9;
/**
 * A single word at least this share of all posts holds is an everyday word ("app", "students",
 * "email"): a search for it finds mostly other things, so a proposal holds at most one.
 */
const everydayShare = 0.005;

/** The candidates of a product with their features, in candidate order. */
export function scoredCandidates(
  product: ProductToPropose,
  goalWords: ReadonlySet<string>,
  table: PhraseTable = phraseTable(),
  words: WordVectors = wordVectors(),
): { candidate: Candidate; features: number[] }[] {
  const texts: ProductText[] = [
    { text: product.description, from: 'description' },
    { text: product.goal, from: 'goal' },
    ...(product.page ?? []),
  ];
  const candidates = candidatesOf(texts, product.name, table, words, goalWords);
  const vectors: ProductVectors = {
    whole: embed(texts.map((entry) => entry.text).join(' '), words),
    description: embed(product.description, words),
    goal: embed(product.goal, words),
    words: new Set(wordsOf(texts.map((entry) => entry.text).join(' '))),
  };
  const closeness = candidates.map((candidate) => cosine(embedWords(candidate.words, words), vectors.whole));
  const order = closeness
    .map((_, i) => i)
    .sort((a, b) => (closeness[b] as number) - (closeness[a] as number));
  const rank = new Array<number>(candidates.length);
  for (const [position, i] of order.entries()) rank[i] = position / Math.max(1, candidates.length - 1);
  return candidates.map((candidate, i) => ({
    candidate,
    features: keywordFeatures(candidate, vectors, table, words, rank[i] as number),
  }));
}

export class KeywordModel {
  private readonly goalWords: ReadonlySet<string>;

  constructor(private readonly file: KeywordModelFile) {
    this.goalWords = new Set(file.goalWords);
  }

  static load(dir = modelsDir): KeywordModel {
    return new KeywordModel(JSON.parse(readFileSync(join(dir, 'keywords.json'), 'utf8')) as KeywordModelFile);
  }

  probability(features: number[]): number {
    return sigmoid(logit(this.file.model, standardize(this.file.standardizer, features)));
  }

  /** 8 to 12 phrases, best first, none the same search as an earlier one nor saying the same. */
  propose(
    product: ProductToPropose,
    table: PhraseTable = phraseTable(),
    words: WordVectors = wordVectors(),
  ): Proposal[] {
    const ranked = scoredCandidates(product, this.goalWords, table, words)
      .map(({ candidate, features }) => ({ candidate, probability: this.probability(features) }))
      .sort((a, b) => b.probability - a.probability || a.candidate.phrase.localeCompare(b.candidate.phrase));
    const chosen: { candidate: Candidate; probability: number; vector: Float32Array }[] = [];
    const everyday = (candidate: Candidate) =>
      candidate.words.length === 1 &&
      words.documentFrequency(candidate.words[0] ?? '') / Math.max(1, words.documents) >= everydayShare;
    let everydayTaken = 0;
    for (const entry of ranked) {
      if (chosen.length >= mostProposals) break;
      if (chosen.length >= fewestProposals && entry.probability < 0.5) break;
      if (everyday(entry.candidate) && everydayTaken >= 1) continue;
      const vector = embedWords(entry.candidate.words, words);
      const words_ = new Set(entry.candidate.words.map(searchForm));
      const repeats = chosen.some((other) => {
        const theirs = new Set(other.candidate.words.map(searchForm));
        const same = theirs.size === words_.size && [...theirs].every((word) => words_.has(word));
        return same || cosine(vector, other.vector) >= sameMeaning;
      });
      if (repeats) continue;
      chosen.push({ ...entry, vector });
      if (everyday(entry.candidate)) everydayTaken += 1;
    }
    return chosen.map(({ candidate, probability }) => ({
      phrase: candidate.phrase,
      probability,
      postsInTable: table.postsWith(candidate.phrase),
    }));
  }
}

let shared: KeywordModel | null = null;
/** The trained model, loaded once per process. */
export function keywordModel(): KeywordModel {
  shared ??= KeywordModel.load();
  return shared;
}
