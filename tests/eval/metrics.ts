/**
 * The evaluation's pure parts: precision and recall of a kept set, precision@k of a ranking, and the
 * BM25 baseline that ranks a post against the product's description and keywords.
 */
import { stemsOf } from '../../corpus/dataset';

export interface Scores {
  kept: number;
  /** Relevant kept / kept; 0 when nothing is kept. */
  precision: number;
  /** Relevant kept / relevant candidates; 1 when no candidate is relevant. */
  recall: number;
  /** Relevant among the first min(10, kept) by rank, over that count; 0 when nothing is kept. */
  precisionAt10: number;
}

/** Scores a ranking (best first, everything in it kept) against the relevant ids. */
export function scoreRanking(ranked: readonly string[], relevant: ReadonlySet<string>): Scores {
  const hits = ranked.filter((id) => relevant.has(id)).length;
  const top = ranked.slice(0, 10);
  return {
    kept: ranked.length,
    precision: ranked.length ? hits / ranked.length : 0,
    recall: relevant.size ? hits / relevant.size : 1,
    precisionAt10: top.length ? top.filter((id) => relevant.has(id)).length / top.length : 0,
  };
}

/** The mean of each figure over several products. */
export function meanScores(all: readonly Scores[]): Scores {
  const mean = (pick: (scores: Scores) => number) =>
    all.length ? all.reduce((sum, scores) => sum + pick(scores), 0) / all.length : 0;
  return {
    kept: mean((scores) => scores.kept),
    precision: mean((scores) => scores.precision),
    recall: mean((scores) => scores.recall),
    precisionAt10: mean((scores) => scores.precisionAt10),
  };
}

// Words that carry no topic, left out of BM25's query.
const stopWords = new Set(
  stemsOf(
    'a an and are as at be but by for from has have how i if in into is it its my of on or our so that the their them they this to was we what when which who why will with you your without about find people who want',
  ),
);

/** Okapi BM25 (k1 1.2, b 0.75) with document frequencies from a corpus of texts. */
export class Bm25 {
  private readonly documentFrequency = new Map<string, number>();
  private readonly averageLength: number;
  private readonly size: number;

  constructor(corpus: readonly string[]) {
    let total = 0;
    for (const text of corpus) {
      const stems = stemsOf(text);
      total += stems.length;
      for (const stem of new Set(stems))
        this.documentFrequency.set(stem, (this.documentFrequency.get(stem) ?? 0) + 1);
    }
    this.size = corpus.length;
    this.averageLength = corpus.length ? total / corpus.length : 0;
  }

  /** The query's distinct topic stems. */
  static queryOf(text: string): string[] {
    return [...new Set(stemsOf(text).filter((stem) => !stopWords.has(stem)))];
  }

  score(query: readonly string[], text: string, k1 = 1.2, b = 0.75): number {
    const stems = stemsOf(text);
    const frequency = new Map<string, number>();
    for (const stem of stems) frequency.set(stem, (frequency.get(stem) ?? 0) + 1);
    let score = 0;
    for (const term of query) {
      const tf = frequency.get(term) ?? 0;
      if (tf === 0) continue;
      const df = this.documentFrequency.get(term) ?? 0;
      const idf = Math.log(1 + (this.size - df + 0.5) / (df + 0.5));
      const norm = 1 - b + (b * stems.length) / (this.averageLength || 1);
      score += (idf * tf * (k1 + 1)) / (tf + k1 * norm);
    }
    return score;
  }
}
