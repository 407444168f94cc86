/**
 * The relevance ranker's training: every labelled (product, post) pair of the train products, read
 * with the first of the product's keywords whose search finds the post; features standardised; a
 * logistic regression whose penalty is chosen by the dev products' mean average precision; the model
 * fitted on train alone, with the score a post needs to be kept chosen on dev, written to
 * `models/relevance.json`.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PostIndex } from '../corpus/dataset';
import type { EvalProduct } from '../corpus/products';
import { modelsDir } from '../server/engine/language/encoder';
import { fitBinary, logit, sigmoid } from '../server/engine/learn/logistic';
import { fitStandardizer, standardize } from '../server/engine/learn/standardize';
import { featureNames, relevanceFeatures } from '../server/engine/ranking/features';
import {
  type PostProfile,
  type ProductProfile,
  profilePost,
  profileProduct,
} from '../server/engine/ranking/profiles';
import {
  ProjectSignals,
  type ProjectSignalWeights,
  signalFeatureNames,
} from '../server/engine/ranking/project-signals';
import type { RelevanceFile } from '../server/engine/ranking/ranker';
import { type Corpus, type Pair, postTextOf } from './corpus-pairs';
import { averagePrecision } from './metrics';

export interface Example {
  pair: Pair;
  keyword: string;
  features: number[];
  post: PostProfile;
}

/**
 * Reads every pair once: the product's profile, the post's, and the features. `intents` gives the
 * intent probabilities of the posts the intent model was trained on, as read by folds that did not see
 * them.
 */
export function examplesOf(
  corpus: Corpus,
  pairs: readonly Pair[],
  intents: ReadonlyMap<string, number[]> = new Map(),
): Example[] {
  const index = new PostIndex([...corpus.posts.values()]);
  const products = new Map<string, ProductProfile>();
  const posts = new Map<string, PostProfile>();
  const profileOf = (product: EvalProduct) => {
    let profile = products.get(product.slug);
    if (!profile) {
      profile = profileProduct({
        name: product.name,
        description: product.description,
        goal: product.goal,
        keywords: product.keywords.map((keyword) => keyword.name),
      });
      products.set(product.slug, profile);
    }
    return profile;
  };
  return pairs.map((pair) => {
    const keyword =
      pair.product.keywords.find((each) => index.matches(pair.post, each.name))?.name ??
      pair.product.keywords[0]?.name ??
      '';
    let post = posts.get(pair.post.id);
    if (!post) {
      post = profilePost({ ...postTextOf(pair.post), url: pair.post.url });
      post.intent = intents.get(pair.post.id) ?? post.intent;
      posts.set(pair.post.id, post);
    }
    return { pair, keyword, features: relevanceFeatures(profileOf(pair.product), post, keyword), post };
  });
}

/** Mean over products (with a relevant post) of the average precision of ranking by `score`. */
export function meanAveragePrecision(
  examples: readonly Example[],
  score: (example: Example) => number,
): number {
  const byProduct = new Map<string, Example[]>();
  for (const example of examples) {
    const list = byProduct.get(example.pair.product.slug) ?? [];
    list.push(example);
    byProduct.set(example.pair.product.slug, list);
  }
  const values: number[] = [];
  for (const list of byProduct.values()) {
    if (!list.some((example) => example.pair.label.relevant)) continue;
    const ranked = [...list]
      .sort((a, b) => score(b) - score(a))
      .map((example) => example.pair.label.relevant);
    values.push(averagePrecision(ranked));
  }
  return values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
}

export interface RelevanceReport {
  trainPairs: number;
  devPairs: number;
  l2: number;
  devMeanAveragePrecision: number;
  threshold: number;
}

export function trainRelevance(
  corpus: Corpus,
  intents: ReadonlyMap<string, number[]>,
  log: (line: string) => void = console.log,
): RelevanceReport {
  const train = examplesOf(corpus, corpus.bySplit('train'), intents);
  const dev = examplesOf(corpus, corpus.bySplit('dev'), intents);
  const standardizer = fitStandardizer(train.map((example) => example.features));
  const x = train.map((example) => standardize(standardizer, example.features));
  const y = train.map((example) => (example.pair.label.relevant ? 1 : 0));
  // Each product weighs the same, however many posts its keywords found.
  const perProduct = new Map<string, number>();
  for (const example of train)
    perProduct.set(example.pair.product.slug, (perProduct.get(example.pair.product.slug) ?? 0) + 1);
  const sampleWeights = train.map((example) => 100 / (perProduct.get(example.pair.product.slug) ?? 1));
  let best: { l2: number; file: RelevanceFile; map: number } | null = null;
  for (const l2 of [1e-4, 1e-3, 1e-2, 3e-2, 1e-1]) {
    const model = fitBinary(x, y, { l2, sampleWeights });
    const file: RelevanceFile = {
      features: [...featureNames],
      standardizer,
      model,
      threshold: 0.5,
      signals: { weights: [] },
    };
    const map = meanAveragePrecision(dev, (example) =>
      logit(model, standardize(standardizer, example.features)),
    );
    log(`  relevance, l2 ${l2}: dev mean average precision ${map.toFixed(3)}`);
    if (!best || map > best.map) best = { l2, file, map };
  }
  if (!best) throw new Error('no relevance model');
  const chosen = best;
  chosen.file.signals = trainSignalWeights(train, crossFittedLogits(train, chosen.l2), log);
  const probabilityOf = (example: Example) =>
    sigmoid(logit(chosen.file.model, standardize(standardizer, example.features)));
  chosen.file.threshold = keepThreshold(dev, probabilityOf);
  const rounded: RelevanceFile = {
    features: chosen.file.features,
    standardizer: {
      mean: standardizer.mean.map((v) => Number(v.toPrecision(6))),
      scale: standardizer.scale.map((v) => Number(v.toPrecision(6))),
    },
    model: {
      weights: chosen.file.model.weights.map((v) => Number(v.toPrecision(6))),
      bias: Number(chosen.file.model.bias.toPrecision(6)),
    },
    threshold: chosen.file.threshold,
    signals: { weights: chosen.file.signals.weights.map((v) => Number(v.toPrecision(6))) },
  };
  writeFileSync(join(modelsDir, 'relevance.json'), `${JSON.stringify(rounded, null, 1)}\n`);
  return {
    trainPairs: train.length,
    devPairs: dev.length,
    l2: chosen.l2,
    devMeanAveragePrecision: chosen.map,
    threshold: chosen.file.threshold,
  };
}

/**
 * The probability a post needs to be kept: the one (in steps of 0.05) whose kept posts have the best
 * mean F1 (precision and recall together) over the dev products with at least 5 posts worth answering:
 * a day's list that holds most of what is worth answering without burying it.
 */
function keepThreshold(dev: readonly Example[], probabilityOf: (example: Example) => number): number {
  const products = groupByProduct(dev).filter(
    (group) => group.filter((example) => example.pair.label.relevant).length >= 5,
  );
  let best = 0.5;
  let bestF1 = -1;
  for (let step = 1; step < 20; step += 1) {
    const threshold = step / 20;
    const f1s = products.map((group) => {
      const kept = group.filter((example) => probabilityOf(example) >= threshold);
      const right = kept.filter((example) => example.pair.label.relevant).length;
      const relevant = group.filter((example) => example.pair.label.relevant).length;
      const precision = kept.length ? right / kept.length : 0;
      const recall = relevant ? right / relevant : 0;
      return precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
    });
    const mean = f1s.reduce((a, b) => a + b, 0) / Math.max(1, f1s.length);
    if (mean > bestF1) {
      bestF1 = mean;
      best = threshold;
    }
  }
  return best;
}

function groupByProduct(examples: readonly Example[]): Example[][] {
  const groups = new Map<string, Example[]>();
  for (const example of examples) {
    const list = groups.get(example.pair.product.slug) ?? [];
    list.push(example);
    groups.set(example.pair.product.slug, list);
  }
  return [...groups.values()];
}

/** Each train example's log-odds from a model fitted without its product (five folds of products). */
export function crossFittedLogits(train: readonly Example[], l2: number, folds = 5): Map<Example, number> {
  const products = groupByProduct(train);
  const logits = new Map<Example, number>();
  for (let fold = 0; fold < folds; fold += 1) {
    const fitOn = products.filter((_, i) => i % folds !== fold).flat();
    const standardizer = fitStandardizer(fitOn.map((example) => example.features));
    const perProduct = new Map<string, number>();
    for (const example of fitOn)
      perProduct.set(example.pair.product.slug, (perProduct.get(example.pair.product.slug) ?? 0) + 1);
    const model = fitBinary(
      fitOn.map((example) => standardize(standardizer, example.features)),
      fitOn.map((example) => (example.pair.label.relevant ? 1 : 0)),
      { l2, sampleWeights: fitOn.map((example) => 100 / (perProduct.get(example.pair.product.slug) ?? 1)) },
    );
    for (const example of products.filter((_, i) => i % folds === fold).flat())
      logits.set(example, logit(model, standardize(standardizer, example.features)));
  }
  return logits;
}

/** How many judgments the replay gives before it measures: as a person works down the list. */
export const replayJudged = [5, 10, 20] as const;

/**
 * The project signals' weights: on each train product, the person judges the top 5, 10 and 20 posts
 * of the ranking (their labels), and the weights are fitted to tell the relevant among the rest, on
 * top of the log-odds a model that never saw the product gave them.
 */
function trainSignalWeights(
  train: readonly Example[],
  logits: ReadonlyMap<Example, number>,
  log: (line: string) => void,
): ProjectSignalWeights {
  const rows: number[][] = [];
  const labels: number[] = [];
  const offsets: number[] = [];
  for (const product of groupByProduct(train)) {
    const ranked = [...product].sort((a, b) => (logits.get(b) ?? 0) - (logits.get(a) ?? 0));
    for (const judged of replayJudged) {
      const seen = ranked.slice(0, judged);
      const signals = new ProjectSignals(
        seen.filter((example) => example.pair.label.relevant).map((example) => example.post),
        seen.filter((example) => !example.pair.label.relevant).map((example) => example.post),
      );
      for (const example of ranked.slice(judged)) {
        rows.push(signals.features(example.post));
        labels.push(example.pair.label.relevant ? 1 : 0);
        offsets.push(logits.get(example) ?? 0);
      }
    }
  }
  const model = fitBinary(rows, labels, { l2: 1e-3, offsets, noBias: true });
  log(
    `  project signals: ${signalFeatureNames.map((name, j) => `${name} ${(model.weights[j] ?? 0).toFixed(2)}`).join(', ')}`,
  );
  return { weights: model.weights };
}
