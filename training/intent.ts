/**
 * The intent model's training: one example per labelled post of the train products (a post labelled
 * for several products takes its most frequent intent), the penalty chosen on the dev products' posts
 * (those not also in train), the model fitted on train alone and written to `models/intent.json`.
 * It also gives each train post's intent as a model that never saw it would read it (five folds), so the
 * relevance ranker learns from intents as good as the ones it will meet, not from remembered ones.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  type Intent,
  type IntentFile,
  intentInput,
  intentProbabilities,
  intents,
  readPost,
} from '../server/engine/intent/intent';
import { modelsDir } from '../server/engine/language/encoder';
import { fitMulticlass, type SparseRow } from '../server/engine/learn/logistic';
import { fitStandardizer, standardize } from '../server/engine/learn/standardize';
import { type Corpus, type Pair, postTextOf } from './corpus-pairs';

interface Example {
  id: string;
  input: SparseRow;
  intent: number;
}

function examplesOf(pairs: Pair[], skip: ReadonlySet<string> = new Set()): Example[] {
  const votes = new Map<string, Map<Intent, number>>();
  const posts = new Map<string, Pair['post']>();
  for (const { post, label } of pairs) {
    if (skip.has(post.id)) continue;
    posts.set(post.id, post);
    const count = votes.get(post.id) ?? new Map<Intent, number>();
    count.set(label.intent, (count.get(label.intent) ?? 0) + 1);
    votes.set(post.id, count);
  }
  return [...votes].flatMap(([id, count]) => {
    const post = posts.get(id);
    const intent = [...count].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 'other';
    return post
      ? [{ id, input: intentInput(readPost(postTextOf(post))), intent: intents.indexOf(intent) }]
      : [];
  });
}

function fitIntent(examples: readonly Example[], l2: number): IntentFile {
  const standardizer = fitStandardizer(examples.map((example) => example.input.dense));
  const rows = examples.map((example) => ({
    ...example.input,
    dense: standardize(standardizer, example.input.dense),
  }));
  const labels = examples.map((example) => example.intent);
  // Rarer intents weigh more, so "other" does not swallow them.
  const counts = intents.map((_, k) => labels.filter((label) => label === k).length);
  const sampleWeights = labels.map(
    (label) => examples.length / (intents.length * Math.max(1, counts[label] ?? 1)),
  );
  return {
    standardizer,
    model: fitMulticlass(rows, labels, intents, { l2, sampleWeights, maxIterations: 300 }),
  };
}

const guess = (file: IntentFile, example: Example) => {
  const p = intentProbabilities(file, example.input);
  return p.indexOf(Math.max(...p));
};

export interface IntentReport {
  trainPosts: number;
  devPosts: number;
  l2: number;
  devAccuracy: number;
  /** Per intent on dev: how many, and how many the model names right. */
  devRecall: Record<string, { posts: number; right: number }>;
  /** Each train post's intent probabilities from the fold that did not see it. */
  crossFitted: Map<string, number[]>;
}

export function trainIntent(corpus: Corpus, log: (line: string) => void = console.log): IntentReport {
  const train = examplesOf(corpus.bySplit('train'));
  const dev = examplesOf(corpus.bySplit('dev'), new Set(train.map((example) => example.id)));
  let best: { l2: number; file: IntentFile; accuracy: number } | null = null;
  for (const l2 of [1e-3, 3e-3, 1e-2]) {
    const file = fitIntent(train, l2);
    const accuracy =
      dev.filter((example) => guess(file, example) === example.intent).length / Math.max(1, dev.length);
    log(`  intent, l2 ${l2}: dev accuracy ${accuracy.toFixed(3)}`);
    if (!best || accuracy > best.accuracy) best = { l2, file, accuracy };
  }
  if (!best) throw new Error('no intent model');
  const devRecall: IntentReport['devRecall'] = {};
  for (const example of dev) {
    const entry = devRecall[intents[example.intent] ?? 'other'] ?? { posts: 0, right: 0 };
    entry.posts += 1;
    if (guess(best.file, example) === example.intent) entry.right += 1;
    devRecall[intents[example.intent] ?? 'other'] = entry;
  }
  const crossFitted = new Map<string, number[]>();
  const folds = 5;
  for (let fold = 0; fold < folds; fold += 1) {
    const file = fitIntent(
      train.filter((_, i) => i % folds !== fold),
      best.l2,
    );
    for (const [i, example] of train.entries())
      if (i % folds === fold) crossFitted.set(example.id, intentProbabilities(file, example.input));
  }
  const rounded: IntentFile = {
    standardizer: {
      mean: best.file.standardizer.mean.map((v) => Number(v.toPrecision(6))),
      scale: best.file.standardizer.scale.map((v) => Number(v.toPrecision(6))),
    },
    model: {
      classes: best.file.model.classes,
      weights: best.file.model.weights.map((row) => row.map((v) => Number(v.toPrecision(4)))),
      biases: best.file.model.biases.map((v) => Number(v.toPrecision(6))),
    },
  };
  writeFileSync(join(modelsDir, 'intent.json'), `${JSON.stringify(rounded)}\n`);
  return {
    trainPosts: train.length,
    devPosts: dev.length,
    l2: best.l2,
    devAccuracy: best.accuracy,
    devRecall,
    crossFitted,
  };
}
