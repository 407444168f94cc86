import { and, eq, isNotNull, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { posts, socials } from '../db/schema';
import { postWords } from './post-words';
import type { ScoredPost, SourcePost } from './types';

/** Fewest good and fewest bad finds of a project before its own signals re-rank its new posts. */
export const MIN_SIGNALS_EACH = 5;
/** Most signals read back per project (the newest first): enough to learn from, bounded in time. */
const MAX_SIGNALS = 2_000;
/** The share of the final score the person's signals can take, however many there are. */
const MAX_WEIGHT = 0.5;
/** A post this much like the ones marked not relevant (probability of a good find below it) is dropped. */
const DROP_BELOW = 0.1;

/** One post the person judged: a good find (copied, edited, approved, marked relevant) or a bad one. */
export interface LearningExample {
  post: Pick<SourcePost, 'title' | 'content'> & { network: string };
  keyword: string;
  good: boolean;
}

/** A feature as the model counts it, and how the reason names it. */
interface Feature {
  key: string;
  label: string;
}

/** The post's features: the stems of its words (each once), its keyword and its network. */
function featuresOf(post: LearningExample['post'], keyword: string): Feature[] {
  const byKey = new Map<string, string>();
  for (const word of postWords(post)) {
    if (word.stop || word.stem.length < 3 || /^\d+$/.test(word.stem)) continue;
    const key = `w:${word.stem}`;
    if (!byKey.has(key)) byKey.set(key, `'${word.normal}'`);
  }
  byKey.set(`k:${keyword.toLowerCase()}`, `the keyword '${keyword}'`);
  byKey.set(`n:${post.network}`, `posts on ${post.network}`);
  return [...byKey].map(([key, label]) => ({ key, label }));
}

/** What a model says of one post: the chance it is a good find, and the features that weighed most. */
export interface LearnedJudgment {
  probability: number;
  /** The labels of the features that pushed the judgment its way, strongest first. */
  because: string[];
}

/**
 * A project's model of its own good and bad finds: naive Bayes on which words, keyword and network a post
 * has (each counted once per post, Laplace-smoothed), with equal priors so that a project that hides more
 * than it copies does not turn against every post. The evidence is scaled by the square root of the
 * number of known features, so a long post is not judged more surely than a short one.
 */
export class LearnedRelevance {
  private readonly logRatio = new Map<string, number>();
  readonly good: number;
  readonly bad: number;

  constructor(examples: readonly LearningExample[]) {
    const counts = new Map<string, { good: number; bad: number }>();
    let good = 0;
    let bad = 0;
    for (const example of examples) {
      if (example.good) good += 1;
      else bad += 1;
      for (const { key } of featuresOf(example.post, example.keyword)) {
        const count = counts.get(key) ?? { good: 0, bad: 0 };
        if (example.good) count.good += 1;
        else count.bad += 1;
        counts.set(key, count);
      }
    }
    this.good = good;
    this.bad = bad;
    for (const [key, count] of counts) {
      // A feature seen once says little: it needs two posts behind it.
      if (count.good + count.bad < 2) continue;
      const ratio = Math.log((count.good + 1) / (good + 2)) - Math.log((count.bad + 1) / (bad + 2));
      this.logRatio.set(key, ratio);
    }
  }

  /** Whether there are enough good and bad finds to learn from. */
  get ready(): boolean {
    return this.good >= MIN_SIGNALS_EACH && this.bad >= MIN_SIGNALS_EACH;
  }

  /** How much of the final score the person's signals take: more signals, more weight, at most a half. */
  get weight(): number {
    const n = this.good + this.bad;
    return Math.min(MAX_WEIGHT, n / (n + 20));
  }

  judge(post: LearningExample['post'], keyword: string): LearnedJudgment {
    const known: { label: string; ratio: number }[] = [];
    for (const feature of featuresOf(post, keyword)) {
      const ratio = this.logRatio.get(feature.key);
      if (ratio !== undefined) known.push({ label: feature.label, ratio });
    }
    if (known.length === 0) return { probability: 0.5, because: [] };
    const evidence = known.reduce((sum, { ratio }) => sum + ratio, 0) / Math.sqrt(known.length);
    const probability = 1 / (1 + Math.exp(-evidence));
    const sign = probability >= 0.5 ? 1 : -1;
    const because = known
      .filter(({ ratio }) => ratio * sign > 0.3)
      .sort((a, b) => b.ratio * sign - a.ratio * sign)
      .slice(0, 3)
      .map(({ label }) => label);
    return { probability, because };
  }

  /**
   * The kept posts with the person's signals combined into their scores (a weighted average of the score
   * relevance gave and the model's probability), best first; a post very like the ones marked not
   * relevant is dropped. The reason says what the signals did.
   */
  rerank(kept: readonly ScoredPost[]): ScoredPost[] {
    if (!this.ready) return [...kept];
    const weight = this.weight;
    const judged: ScoredPost[] = [];
    for (const scored of kept) {
      const { probability, because } = this.judge(scored.post, scored.keyword);
      if (probability < DROP_BELOW) continue;
      const score = (1 - weight) * scored.score + weight * 100 * probability;
      const said =
        because.length === 0
          ? ''
          : probability >= 0.5
            ? ` People on this project marked posts like this relevant: ${because.join(', ')}.`
            : ` People on this project marked posts like this not relevant: ${because.join(', ')}.`;
      judged.push({ ...scored, score, reason: `${scored.reason}${said}` });
    }
    return judged.sort((a, b) => b.score - a.score);
  }
}

/**
 * The project's model, from its stored posts the person judged: a post marked 'Not relevant' is a bad
 * find; one marked relevant, copied, edited or rewritten (its answer's version moved), or approved is a
 * good one. Null until there are `MIN_SIGNALS_EACH` of each.
 */
export async function loadLearnedRelevance(
  db: Database,
  projectId: string,
): Promise<LearnedRelevance | null> {
  const rows = await db
    .select({
      title: posts.title,
      content: posts.content,
      keyword: posts.keyword,
      network: socials.slug,
      relevant: posts.relevant,
    })
    .from(posts)
    .innerJoin(socials, eq(socials.id, posts.socialId))
    .where(
      and(
        eq(posts.projectId, projectId),
        or(
          isNotNull(posts.relevant),
          isNotNull(posts.copiedAt),
          eq(posts.approved, true),
          sql`${posts.answerVersion} > 0`,
        ),
      ),
    )
    .orderBy(sql`${posts.updatedAt} desc`)
    .limit(MAX_SIGNALS);
  const model = new LearnedRelevance(
    rows.map((row) => ({
      post: { title: row.title, content: row.content, network: row.network },
      keyword: row.keyword,
      good: row.relevant !== false,
    })),
  );
  return model.ready ? model : null;
}
