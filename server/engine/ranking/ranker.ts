/**
 * The relevance ranker: the chance a post is worth answering for a product, from the features of
 * `features.ts` and the weights `npm run train` wrote (`models/relevance.json`), with a reason a person
 * can check (what the post does, how close it is, which of the product's words it holds).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { intents } from '../intent/intent';
import { modelsDir } from '../language/encoder';
import { type BinaryModel, logit, sigmoid } from '../learn/logistic';
import { type Standardizer, standardize } from '../learn/standardize';
import { relevanceFeatures } from './features';
import type { PostProfile, ProductProfile } from './profiles';
import type { ProjectSignalWeights } from './project-signals';

export interface RelevanceFile {
  /** The features' names, in the order of the weights. */
  features: string[];
  standardizer: Standardizer;
  model: BinaryModel;
  /** The probability a post needs to be kept, chosen on the dev products. */
  threshold: number;
  /** How a project's own judgments move a post (`project-signals.ts`). */
  signals: ProjectSignalWeights;
}

export interface Judgment {
  /** The chance the post is worth answering, 0 to 1. */
  probability: number;
  /** The log-odds behind it (what a project's own model adds to). */
  logit: number;
  reason: string;
}

const intentSaid: Record<(typeof intents)[number], string> = {
  'asks-tool': 'asks for a tool or a recommendation',
  'asks-help': 'asks for help with a problem',
  complains: 'complains about a tool or weighs one against another',
  promotes: 'promotes their own work',
  job: 'a job ad or an offer of work',
  news: 'passes on news or a link',
  other: 'a story, an opinion or a discussion',
};

function closenessSaid(closeness: number): string {
  const figure = closeness.toFixed(2);
  if (closeness >= 0.5) return `close in meaning to your description (${figure})`;
  if (closeness >= 0.3) return `partly about what your product does (${figure})`;
  return `far in meaning from your description (${figure})`;
}

/** The product's rarest words the post holds, rarest first. */
function sharedWords(product: ProductProfile, post: PostProfile, most = 3): string[] {
  return [...product.words]
    .filter(([word, idf]) => idf > 2 && post.wordSet.has(word))
    .sort((a, b) => b[1] - a[1])
    .slice(0, most)
    .map(([word]) => word);
}

export class Ranker {
  constructor(private readonly file: RelevanceFile) {}

  static load(dir = modelsDir): Ranker {
    return new Ranker(JSON.parse(readFileSync(join(dir, 'relevance.json'), 'utf8')) as RelevanceFile);
  }

  /** The probability a post needs to be kept (chosen on the dev products). */
  get threshold(): number {
    return this.file.threshold;
  }

  get signalWeights(): ProjectSignalWeights {
    return this.file.signals;
  }

  judge(product: ProductProfile, post: PostProfile, keyword: string): Judgment {
    const features = relevanceFeatures(product, post, keyword);
    const z = logit(this.file.model, standardize(this.file.standardizer, features));
    const top = post.intent.indexOf(Math.max(...post.intent));
    const intent = intents[top] ?? 'other';
    const shared = sharedWords(product, post);
    const reason = [
      intentSaid[intent],
      closenessSaid(features[0] ?? 0),
      ...(shared.length ? [`shares your words: ${shared.join(', ')}`] : []),
    ].join('; ');
    return { probability: sigmoid(z), logit: z, reason };
  }
}

let shared: Ranker | null = null;
/** The trained ranker, loaded once per process. */
export function ranker(): Ranker {
  shared ??= Ranker.load();
  return shared;
}
