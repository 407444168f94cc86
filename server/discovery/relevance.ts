import type { LanguageModel } from 'ai';
import { PostReader } from '../engine/ranking/profiles';
import { rankPosts } from '../engine/ranking/rank-posts';
import { ranker } from '../engine/ranking/ranker';
import { configuredModel, type ModelConfig } from '../generation/model-config';
import type { Logger } from '../logger';
import { applyHardRules, postKey } from './hard-rules';
import { scoreWithModel } from './model-score';
import type { Relevance, RelevanceRequest, ScoredPost, SourcePost } from './types';

export type RelevanceLogger = Pick<Logger, 'warn'>;

export interface RelevanceOptions {
  /** Keep posts scoring at least this (0–100); default `DISCOVERY_MIN_SCORE`, else the trained ranker's. */
  threshold?: number;
  /** A model to score the ranker's top candidates; without one (and without LLM_*), the ranker's scores stand. */
  model?: LanguageModel;
  /** The model sees the ranker's top `candidatesPerKept × limit` posts (default 3). */
  candidatesPerKept?: number;
  /** Posts per model call (default 20). */
  modelBatchSize?: number;
  /** Longest wait for one model call, in milliseconds (default 60 s). */
  timeoutMs?: number;
  /** Retries after a failed model call (default 1). */
  maxRetries?: number;
  /** How much of each post's text the model sees (default 1,500 characters). */
  maxPostChars?: number;
}

/** The configuration relevance reads: plain options, or discovery's slice (the LLM_* variables and DISCOVERY_MIN_SCORE). */
export interface RelevanceConfig extends RelevanceOptions, Partial<ModelConfig> {
  DISCOVERY_MIN_SCORE?: number | string | undefined;
}

/** The score a post needs to be kept when nothing says otherwise: the trained ranker's (decision 064). */
export function defaultMinScore(): number {
  return Math.round(ranker().threshold * 100);
}

function thresholdOf(config: RelevanceConfig): number {
  const value = config.threshold ?? config.DISCOVERY_MIN_SCORE;
  if (value === undefined || value === '') return defaultMinScore();
  const number = Number(value);
  if (!Number.isFinite(number) || number < 0 || number > 100)
    throw new RangeError(`The relevance threshold must be a number from 0 to 100, not "${value}"`);
  return number;
}

function modelOf(config: RelevanceConfig): LanguageModel | null {
  return config.model ?? configuredModel(config);
}

const best = (x: ScoredPost, y: ScoredPost) =>
  y.score - x.score || y.post.publishedAt.getTime() - x.post.publishedAt.getTime();

class EngineRelevance implements Relevance {
  readonly kind: 'learned' | 'model';
  /** Posts read lately: a post found by several keywords or projects is read once. */
  private readonly reader = new PostReader();

  constructor(
    private readonly threshold: number,
    private readonly model: LanguageModel | null,
    private readonly options: Required<Omit<RelevanceOptions, 'threshold' | 'model'>>,
    private readonly logger: RelevanceLogger | undefined,
  ) {
    this.kind = model ? 'model' : 'learned';
  }

  async rank(posts: SourcePost[], request: RelevanceRequest): Promise<ScoredPost[]> {
    if (request.limit <= 0) return [];
    const { kept } = applyHardRules(posts, request);
    const byKey = new Map(kept.map(({ post }) => [postKey(post), post]));
    const ranked = rankPosts(
      this.reader,
      {
        name: request.project.name,
        description: request.project.description,
        goal: request.project.goal,
        keywords: request.project.keywords ?? [request.keyword],
      },
      request.keyword,
      kept.map(({ post }) => ({
        key: postKey(post),
        post: { title: post.title, content: post.content, network: post.network, url: post.url },
      })),
      request.signals ?? null,
    ).flatMap((judged): ScoredPost[] => {
      const post = byKey.get(judged.key);
      return post ? [{ post, keyword: request.keyword, score: judged.score, reason: judged.reason }] : [];
    });
    ranked.sort(best);
    const scored = this.model
      ? await this.scoreWithModel(
          this.model,
          ranked.slice(0, request.limit * this.options.candidatesPerKept),
          request,
        )
      : ranked;
    return scored
      .filter((post) => post.score >= this.threshold)
      .sort(best)
      .slice(0, request.limit);
  }

  /** The model's scores for the candidates; where a call fails, the ranker's (logged), never a failed run. */
  private async scoreWithModel(
    model: LanguageModel,
    candidates: ScoredPost[],
    request: RelevanceRequest,
  ): Promise<ScoredPost[]> {
    const scored: ScoredPost[] = [];
    for (let start = 0; start < candidates.length; start += this.options.modelBatchSize) {
      const batch = candidates.slice(start, start + this.options.modelBatchSize);
      try {
        const judged = await scoreWithModel(
          model,
          batch.map((candidate) => ({ id: postKey(candidate.post), post: candidate.post })),
          request,
          this.options,
        );
        const missing = batch.filter((candidate) => !judged.has(postKey(candidate.post))).length;
        if (missing > 0)
          this.logger?.warn(
            { keyword: request.keyword, missing },
            'the model did not score every post; those keep the ranker’s scores',
          );
        for (const candidate of batch) scored.push({ ...candidate, ...judged.get(postKey(candidate.post)) });
      } catch (error) {
        this.logger?.warn(
          { err: error, keyword: request.keyword, posts: batch.length },
          'relevance model failed; using the ranker’s scores for these posts',
        );
        scored.push(...batch);
      }
    }
    return scored;
  }
}

/**
 * The relevance the configuration asks for, chosen as the drafter is: a model when `model` is given
 * or `LLM_BASE_URL` and `LLM_MODEL` are set (it scores the trained ranker's top candidates and writes
 * the reasons), the trained ranker alone otherwise. The threshold is `threshold`, else
 * `DISCOVERY_MIN_SCORE`, else the ranker's own; a value outside 0–100 throws.
 */
export function createRelevance(config: RelevanceConfig = {}, logger?: RelevanceLogger): Relevance {
  return new EngineRelevance(
    thresholdOf(config),
    modelOf(config),
    {
      candidatesPerKept: config.candidatesPerKept ?? 3,
      modelBatchSize: Math.max(1, config.modelBatchSize ?? 20),
      timeoutMs: config.timeoutMs ?? 60_000,
      maxRetries: config.maxRetries ?? 1,
      maxPostChars: config.maxPostChars ?? 1_500,
    },
    logger,
  );
}
