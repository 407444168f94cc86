/**
 * The keyword model's training. For each labelled product, every candidate phrase of its texts (its
 * description, goal and, where it has one, its page) and of the phrase table is a training example; a
 * phrase is a good keyword when it is one of the keywords the product was set up with, as a person
 * chose them before any post was labelled (the same words, in any order). What the phrase finds in the
 * datasets is kept with each example (posts found, and labelled worth answering) for the report, not
 * for the label: a label from the finds taught the model the corpus's accidents ("designing a
 * database" for an analytics product), decision 065. The model is fitted on the train products, its
 * penalty chosen on the dev products.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PostIndex, type RealPost } from '../corpus/dataset';
import { labelsOf } from '../corpus/labels';
import { corpusDir, type EvalProduct, type Split } from '../corpus/products';
import type { ProductText } from '../server/engine/keywords/candidates';
import { keywordFeatureNames } from '../server/engine/keywords/features';
import {
  type KeywordModelFile,
  type ProductToPropose,
  scoredCandidates,
} from '../server/engine/keywords/propose';
import { modelsDir } from '../server/engine/language/encoder';
import { wordsOf } from '../server/engine/language/words';
import { fitBinary, logit } from '../server/engine/learn/logistic';
import { fitStandardizer, standardize } from '../server/engine/learn/standardize';
import { readPage } from '../server/generation/page-reader';
import { averagePrecision } from './metrics';

/** A labelled product as the proposer reads it: its description, goal and page. */
export function productToPropose(product: EvalProduct): ProductToPropose {
  const file = join(corpusDir, 'pages', `${product.slug}.html`);
  const page: ProductText[] = [];
  if (existsSync(file)) {
    const read = readPage({
      url: `https://${product.slug}.example.com/`,
      text: readFileSync(file, 'utf8'),
      contentType: 'text/html',
    });
    if (read.title) page.push({ text: read.title, from: 'title' });
    if (read.metaDescription) page.push({ text: read.metaDescription, from: 'summary' });
    for (const heading of read.headings) page.push({ text: heading, from: 'heading' });
    for (const paragraph of read.paragraphs) page.push({ text: paragraph, from: 'page' });
  }
  return { name: product.name, description: product.description, goal: product.goal, page };
}

export interface PhraseExample {
  product: EvalProduct;
  phrase: string;
  features: number[];
  found: number;
  /** Labelled posts it finds, and how many of them are worth answering. */
  judged: number;
  worth: number;
  good: boolean;
}

/** Every candidate of every product of the splits, with what its search finds. */
export function phraseExamples(
  posts: readonly RealPost[],
  products: readonly EvalProduct[],
  goalWords: ReadonlySet<string>,
): PhraseExample[] {
  const index = new PostIndex(posts);
  const examples: PhraseExample[] = [];
  for (const product of products) {
    const labels = new Map(labelsOf(product).map((label) => [label.postId, label.relevant]));
    const chosenKeywords = new Set(product.keywords.map((keyword) => wordsOf(keyword.name).sort().join(' ')));
    for (const { candidate, features } of scoredCandidates(productToPropose(product), goalWords)) {
      const found = [
        ...index.search('reddit', candidate.phrase),
        ...index.search('hackernews', candidate.phrase),
      ];
      let judged = 0;
      let worth = 0;
      for (const post of found) {
        const label = labels.get(post.id);
        if (label === undefined) continue;
        judged += 1;
        if (label) worth += 1;
      }
      const good = chosenKeywords.has([...candidate.words].sort().join(' '));
      examples.push({
        product,
        phrase: candidate.phrase,
        features,
        found: found.length,
        judged,
        worth,
        good,
      });
    }
  }
  return examples;
}

/** Words a sixth or more of the products' goals hold: how goals are written (`KeywordModelFile.goalWords`). */
export function goalWordsOf(products: readonly EvalProduct[]): Set<string> {
  const counts = new Map<string, number>();
  for (const product of products)
    for (const word of new Set(wordsOf(product.goal))) counts.set(word, (counts.get(word) ?? 0) + 1);
  return new Set([...counts].filter(([, count]) => count / products.length >= 1 / 6).map(([word]) => word));
}

export interface KeywordReport {
  trainPhrases: number;
  good: number;
  l2: number;
  /** Mean over dev products of the average precision of the model's order against good phrases. */
  devMeanAveragePrecision: number;
}

function byProduct(examples: readonly PhraseExample[]): PhraseExample[][] {
  const groups = new Map<string, PhraseExample[]>();
  for (const example of examples)
    groups.set(example.product.slug, [...(groups.get(example.product.slug) ?? []), example]);
  return [...groups.values()];
}

export function trainKeywords(
  posts: readonly RealPost[],
  products: readonly EvalProduct[],
  log: (line: string) => void = console.log,
): KeywordReport {
  const goalWords = goalWordsOf(products.filter((product) => product.split === 'train'));
  const of = (split: Split) =>
    phraseExamples(
      posts,
      products.filter((product) => product.split === split),
      goalWords,
    );
  const train = of('train');
  const dev = of('dev');
  const standardizer = fitStandardizer(train.map((example) => example.features));
  const x = train.map((example) => standardize(standardizer, example.features));
  const y = train.map((example) => (example.good ? 1 : 0));
  let best: { l2: number; file: KeywordModelFile; map: number } | null = null;
  for (const l2 of [1e-4, 1e-3, 1e-2]) {
    const model = fitBinary(x, y, { l2 });
    const values = byProduct(dev)
      .filter((group) => group.some((example) => example.good))
      .map((group) =>
        averagePrecision(
          [...group]
            .sort(
              (a, b) =>
                logit(model, standardize(standardizer, b.features)) -
                logit(model, standardize(standardizer, a.features)),
            )
            .map((example) => example.good),
        ),
      );
    const map = values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
    log(`  keywords, l2 ${l2}: dev mean average precision ${map.toFixed(3)}`);
    if (!best || map > best.map)
      best = {
        l2,
        map,
        file: { features: [...keywordFeatureNames], standardizer, model, goalWords: [...goalWords].sort() },
      };
  }
  if (!best) throw new Error('no keyword model');
  const rounded: KeywordModelFile = {
    features: best.file.features,
    goalWords: best.file.goalWords,
    standardizer: {
      mean: standardizer.mean.map((v) => Number(v.toPrecision(6))),
      scale: standardizer.scale.map((v) => Number(v.toPrecision(6))),
    },
    model: {
      weights: best.file.model.weights.map((v) => Number(v.toPrecision(6))),
      bias: Number(best.file.model.bias.toPrecision(6)),
    },
  };
  writeFileSync(join(modelsDir, 'keywords.json'), `${JSON.stringify(rounded, null, 1)}\n`);
  return {
    trainPhrases: train.length,
    good: y.filter(Boolean).length,
    l2: best.l2,
    devMeanAveragePrecision: best.map,
  };
}
