/**
 * `npm run train [-- <step>…]`: fits the engine's models from the labelled corpus (`corpus/`) and the
 * datasets (`../shared/datasets`), writing their weights to `server/engine/models/`. Seeded and
 * deterministic. Steps: `encoder` (the word vectors, some minutes; run only when named or when the
 * vectors are missing), then `phrases` (the phrase table), `intent`, `relevance` and `keywords` (the
 * default: all four).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { evalProducts } from '../corpus/products';
import { modelsDir } from '../server/engine/language/encoder';
import { loadCorpus } from './corpus-pairs';
import { distilEncoder } from './encoder';
import { trainIntent } from './intent';
import { trainKeywords } from './keywords';
import { writePhraseTable } from './phrases';
import { trainRelevance } from './relevance';

const steps = process.argv.slice(2);
const wanted = (step: string) => steps.length === 0 || steps.includes(step);

async function main() {
  const started = performance.now();
  const time = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
  if (steps.includes('encoder') || !existsSync(join(modelsDir, 'word-vectors.bin'))) {
    console.log('encoder: distilling the word vectors…');
    await distilEncoder();
  }
  const corpus = loadCorpus();
  console.log(`corpus: ${corpus.pairs.length} labelled pairs (${time()})`);
  if (wanted('phrases')) writePhraseTable([...corpus.posts.values()]);
  let crossFitted: ReadonlyMap<string, number[]> = new Map();
  if (wanted('intent') || wanted('relevance')) {
    console.log('intent…');
    const report = trainIntent(corpus);
    crossFitted = report.crossFitted;
    console.log(
      `intent: ${report.trainPosts} train posts, dev accuracy ${report.devAccuracy.toFixed(3)} on ${report.devPosts} posts (l2 ${report.l2}) (${time()})`,
    );
    for (const [intent, { posts, right }] of Object.entries(report.devRecall))
      console.log(`  ${intent.padEnd(10)} ${right} of ${posts} named right`);
  }
  if (wanted('relevance')) {
    console.log('relevance…');
    const report = trainRelevance(corpus, crossFitted);
    console.log(
      `relevance: ${report.trainPairs} train pairs, dev mean average precision ${report.devMeanAveragePrecision.toFixed(3)} on ${report.devPairs} pairs (l2 ${report.l2}), keep from ${report.threshold} (${time()})`,
    );
  }
  if (wanted('keywords')) {
    console.log('keywords…');
    const report = trainKeywords([...corpus.posts.values()], evalProducts);
    console.log(
      `keywords: ${report.trainPhrases} train phrases (${report.good} good), dev mean average precision ${report.devMeanAveragePrecision.toFixed(3)} (l2 ${report.l2}) (${time()})`,
    );
  }
  console.log(`npm run train: ${time()}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
