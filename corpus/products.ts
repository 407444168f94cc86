/**
 * The labelled products (`corpus/products.json`): each as a person would set it up (a description,
 * half of them a full sentence and half a bare phrase, a goal, a tone, and 4–6 keywords with their
 * filters), of different kinds. `split` says what a product is for: `train` products teach the
 * models, `dev` products are what changes are tuned on, `test` products are never looked at while
 * changing the engine and are reported apart. The labels are `corpus/labels/<slug>.json`; the rule is
 * `corpus/LABELLING.md`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export type Split = 'train' | 'dev' | 'test';

export interface EvalProduct {
  /** File name of its labels (and of its product page, when it has one). */
  slug: string;
  name: string;
  kind: string;
  /** How the description is written: a full sentence, or a bare phrase as newcomers write one. */
  form: 'sentence' | 'phrase';
  description: string;
  goal: string;
  tov: string;
  keywords: { name: string; filter: string | null }[];
  split: Split;
}

export const corpusDir = import.meta.dirname;

export const evalProducts: EvalProduct[] = JSON.parse(
  readFileSync(join(corpusDir, 'products.json'), 'utf8'),
) as EvalProduct[];
