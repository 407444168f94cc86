/**
 * What a post does, whatever the product: asks for a tool, asks for help, complains about one, promotes
 * the writer's own work, offers or seeks a job, passes on news, or something else
 * (`corpus/LABELLING.md`). A softmax regression over the post's vectors, the words and word pairs of its
 * title and opening (hashed) and its shape, trained on the labelled posts of the train products
 * (`npm run train`, `models/intent.json`).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { embedWords, modelsDir, type WordVectors, wordVectors } from '../language/encoder';
import { linkCount, wordsOf } from '../language/words';
import { type MulticlassModel, probabilities, type SparseRow } from '../learn/logistic';
import { type Standardizer, standardize } from '../learn/standardize';

export const intents = ['asks-tool', 'asks-help', 'complains', 'promotes', 'job', 'news', 'other'] as const;
export type Intent = (typeof intents)[number];

/** What of a post the engine reads. */
export interface PostText {
  title: string | null;
  content: string;
  /** `reddit`, `hackernews`, …; unknown when absent. */
  network?: string;
  /** A reply in a thread rather than a post of its own. */
  comment?: boolean;
}

/** Hashed word and word-pair features of the title and the opening. */
export const hashedFeatures = 2048;
/** The opening's words read for the hashed features. */
const openingWords = 60;

function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** A post's words as the intent reads them, read once and shared by every feature. */
export interface ReadPost {
  titleWords: string[];
  contentWords: string[];
  titleVector: Float32Array;
  contentVector: Float32Array;
  shape: number[];
}

export function readPost(post: PostText, vectors: WordVectors = wordVectors()): ReadPost {
  const titleWords = wordsOf(post.title ?? '');
  const contentWords = wordsOf(post.content);
  const opening = post.content.slice(0, 600);
  const questions = (opening.match(/\?/g) ?? []).length;
  return {
    titleWords,
    contentWords,
    titleVector: embedWords(titleWords, vectors),
    contentVector: embedWords(contentWords, vectors),
    shape: [
      post.title ? 1 : 0,
      /\?\s*$/.test(post.title ?? '') ? 1 : 0,
      Math.min(questions, 5) / 5,
      Math.log1p(contentWords.length) / 8,
      contentWords.length === 0 ? 1 : 0,
      Math.min(linkCount(post.content), 5) / 5,
      post.comment ? 1 : 0,
      post.network === 'hackernews' ? 1 : 0,
    ],
  };
}

/** The names of the shape features, in order (for reading the weights). */
export const shapeNames = [
  'has a title',
  'title asks',
  'questions in the opening',
  'length',
  'no text',
  'links',
  'a comment',
  'on Hacker News',
];

/** The intent model's input: the two vectors and the shape (dense), then the hashed words (0 or 1). */
export function intentInput(read: ReadPost): SparseRow {
  const dims = read.titleVector.length;
  const dense = new Float64Array(dims * 2 + read.shape.length);
  dense.set(read.titleVector, 0);
  dense.set(read.contentVector, dims);
  dense.set(read.shape, dims * 2);
  const ones = new Set<number>();
  const mark = (key: string) => ones.add(dense.length + (fnv1a(key) % hashedFeatures));
  const title = read.titleWords;
  const opening = read.contentWords.slice(0, openingWords);
  for (const [i, word] of title.entries()) {
    mark(`t:${word}`);
    if (i > 0) mark(`t:${title[i - 1]} ${word}`);
  }
  for (const [i, word] of opening.entries()) {
    mark(`w:${word}`);
    if (i > 0) mark(`w:${opening[i - 1]} ${word}`);
  }
  return {
    dense,
    ones: Int32Array.from([...ones].sort((a, b) => a - b)),
    length: dense.length + hashedFeatures,
  };
}

export interface IntentFile {
  /** How the dense part was centred and scaled (the hashed part is left as it is). */
  standardizer: Standardizer;
  model: MulticlassModel;
}

export class IntentModel {
  constructor(private readonly file: IntentFile) {}

  static load(dir = modelsDir): IntentModel {
    return new IntentModel(JSON.parse(readFileSync(join(dir, 'intent.json'), 'utf8')) as IntentFile);
  }

  /** Each intent's probability, in `intents` order. */
  probabilities(read: ReadPost): number[] {
    return intentProbabilities(this.file, intentInput(read));
  }
}

/** Each intent's probability for an input, its dense part standardised as training did. */
export function intentProbabilities(file: IntentFile, input: SparseRow): number[] {
  const byClass = probabilities(file.model, { ...input, dense: standardize(file.standardizer, input.dense) });
  return intents.map((intent) => byClass[file.model.classes.indexOf(intent)] ?? 0);
}

let shared: IntentModel | null = null;
/** The trained model, loaded once per process. */
export function intentModel(): IntentModel {
  shared ??= IntentModel.load();
  return shared;
}
