/**
 * The engine's sentence encoder: every word has a vector, distilled from the Universal Sentence Encoder
 * (lite) by reading each word on its own and reducing the 512 dimensions to 128 by principal
 * components (`npm run train -- encoder`, decision 064); a text's vector is the average of its words'
 * vectors, each weighed by how rare the word is (a / (a + p(word)), "smooth inverse frequency"). A word
 * the vocabulary lacks is read as the sentence pieces the encoder's own vocabulary splits it into.
 * About a microsecond a word, so every post can be read whole, in any number of projects.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { wordsOf } from './words';

export const modelsDir = join(import.meta.dirname, '../models');

/** The vocabulary file's shape (`models/words.json`). */
export interface WordsFile {
  /** Vectors' dimensions. */
  dims: number;
  /** Posts the document frequencies were counted over. */
  documents: number;
  /** Row i of the vectors is `words[i]`. */
  words: string[];
  /** In how many posts each word occurs. */
  df: number[];
  /** The encoder's sentence pieces ("▁" starts a word), each with its score and its row. */
  pieces: [piece: string, score: number, row: number][];
}

export class WordVectors {
  readonly dims: number;
  readonly documents: number;
  private readonly index = new Map<string, number>();
  private readonly pieces = new Map<string, { score: number; row: number }>();
  private readonly longestPiece: number;
  private readonly splits = new Map<string, number[]>();

  constructor(
    file: WordsFile,
    /** One scale per row, then the rows as signed bytes. */
    private readonly scales: Float32Array,
    private readonly rows: Int8Array,
    readonly df: readonly number[],
  ) {
    this.dims = file.dims;
    this.documents = file.documents;
    for (const [i, word] of file.words.entries()) this.index.set(word, i);
    let longest = 1;
    for (const [piece, score, row] of file.pieces) {
      const known = this.pieces.get(piece);
      if (!known || score > known.score) this.pieces.set(piece, { score, row });
      longest = Math.max(longest, piece.length);
    }
    this.longestPiece = longest;
  }

  /** The rows a word is read as: its own, or its sentence pieces' (none for a word of no known piece). */
  rowsOf(word: string): number[] {
    const own = this.index.get(word);
    if (own !== undefined) return [own];
    const known = this.splits.get(word);
    if (known) return known;
    const rows = this.split(word);
    if (this.splits.size > 50_000) this.splits.clear();
    this.splits.set(word, rows);
    return rows;
  }

  /** The most likely split of a word into the encoder's pieces (unigram model, Viterbi). */
  private split(word: string): number[] {
    const text = `▁${word}`;
    const best = new Array<number>(text.length + 1).fill(Number.NEGATIVE_INFINITY);
    const back = new Array<{ from: number; row: number } | null>(text.length + 1).fill(null);
    best[0] = 0;
    for (let end = 1; end <= text.length; end += 1)
      for (let start = Math.max(0, end - this.longestPiece); start < end; start += 1) {
        if (best[start] === Number.NEGATIVE_INFINITY) continue;
        const piece = this.pieces.get(text.slice(start, end));
        // an unknown character is a piece of its own, heavily penalised and without a vector
        const score =
          (best[start] as number) +
          (piece ? piece.score : end - start === 1 ? -100 : Number.NEGATIVE_INFINITY);
        if (score > (best[end] as number)) {
          best[end] = score;
          back[end] = { from: start, row: piece ? piece.row : -1 };
        }
      }
    const rows: number[] = [];
    for (let at = text.length; at > 0; ) {
      const step = back[at];
      if (!step) break;
      if (step.row >= 0) rows.push(step.row);
      at = step.from;
    }
    return rows.reverse();
  }

  /** How many posts of the training sets hold the word (0 for a word the vocabulary lacks). */
  documentFrequency(word: string): number {
    const row = this.index.get(word);
    return row === undefined ? 0 : (this.df[row] ?? 0);
  }

  /** log((N + 1) / (df + 1)): high for a rare word. */
  idf(word: string): number {
    return Math.log((this.documents + 1) / (this.documentFrequency(word) + 1));
  }

  /** Adds `weight ×` row `row` to `into`. */
  addRow(into: Float32Array, row: number, weight: number): void {
    const scale = (this.scales[row] as number) * weight;
    const base = row * this.dims;
    for (let j = 0; j < this.dims; j += 1)
      into[j] = (into[j] as number) + scale * (this.rows[base + j] as number);
  }
}

/** Loads the vectors from `models/` (about 4 MB), once per process. */
let loaded: WordVectors | null = null;
export function wordVectors(dir = modelsDir): WordVectors {
  if (loaded && dir === modelsDir) return loaded;
  const file = JSON.parse(readFileSync(join(dir, 'words.json'), 'utf8')) as WordsFile;
  const bytes = readFileSync(join(dir, 'word-vectors.bin'));
  const rows = file.words.length;
  const scales = new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + rows * 4));
  const vectors = new Int8Array(
    bytes.buffer.slice(bytes.byteOffset + rows * 4, bytes.byteOffset + rows * 4 + rows * file.dims),
  );
  const vectorsOf = new WordVectors(file, scales, vectors, file.df);
  if (dir === modelsDir) loaded = vectorsOf;
  return vectorsOf;
}

/** A word's weight in a text's vector: a / (a + p), p its share of posts. */
const smoothing = 0.01;
/** A post is read up to this many words: its opening says what it is about and what it asks. */
export const maxWordsRead = 150;

/** A text's vector: unit length, or all zeros for a text with no word the encoder knows. */
export function embedWords(
  words: readonly string[],
  vectors = wordVectors(),
  maxWords = maxWordsRead,
): Float32Array {
  const out = new Float32Array(vectors.dims);
  const n = vectors.documents + 1;
  for (const word of words.slice(0, maxWords)) {
    const p = (vectors.documentFrequency(word) + 1) / n;
    const weight = smoothing / (smoothing + p);
    const rows = vectors.rowsOf(word);
    for (const row of rows) vectors.addRow(out, row, weight / rows.length);
  }
  let norm = 0;
  for (const value of out) norm += value * value;
  norm = Math.sqrt(norm);
  if (norm > 0) for (let j = 0; j < out.length; j += 1) out[j] = (out[j] as number) / norm;
  return out;
}

export function embed(text: string, vectors = wordVectors(), maxWords = maxWordsRead): Float32Array {
  return embedWords(wordsOf(text), vectors, maxWords);
}

/** Cosine of two unit vectors (0 when either is all zeros). */
export function cosine(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let j = 0; j < a.length; j += 1) sum += (a[j] as number) * (b[j] as number);
  return sum;
}
