import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModel } from 'ai';
import type { Logger } from '../logger';
import { applyHardRules, postKey } from './hard-rules';
import { scoreLexically } from './lexical-score';
import { type Meaning, meaningText, projectMeaningText, sentenceEncoder } from './meaning';
import { scoreWithModel } from './model-score';
import type { Relevance, RelevanceRequest, ScoredPost, SourcePost } from './types';

/** Posts scoring below this are not kept, unless `DISCOVERY_MIN_SCORE` or `threshold` says otherwise. */
export const defaultMinScore = 38;

export type RelevanceLogger = Pick<Logger, 'warn'>;

export interface RelevanceOptions {
  /** Keep posts scoring at least this (0–100); default `DISCOVERY_MIN_SCORE`, else 38. */
  threshold?: number;
  /** A model to score the lexical top candidates; without one (and without LLM_*), scores are lexical. */
  model?: LanguageModel;
  /** The model sees the lexical top `candidatesPerKept × limit` posts (default 3). */
  candidatesPerKept?: number;
  /** Posts per model call (default 20). */
  modelBatchSize?: number;
  /** Longest wait for one model call, in milliseconds (default 60 s). */
  timeoutMs?: number;
  /** Retries after a failed model call (default 1). */
  maxRetries?: number;
  /** How much of each post's text the model sees (default 1,500 characters). */
  maxPostChars?: number;
  /** Without a model, how close in meaning each post is to the project weighs in its score (decision 061). */
  meaning?: Meaning | null;
}

/** The configuration relevance reads: plain options, or the server's env (the LLM_* and DISCOVERY_* variables). */
export interface RelevanceConfig extends RelevanceOptions {
  LLM_BASE_URL?: string | undefined;
  LLM_API_KEY?: string | undefined;
  LLM_MODEL?: string | undefined;
  DISCOVERY_MIN_SCORE?: number | string | undefined;
  /** `on` (the server's default): the sentence encoder reads posts for meaning when no model is set. */
  DISCOVERY_MEANING?: 'on' | 'off' | undefined;
}

/**
 * How close a post worth answering usually is to its project's description and goal: the median of the
 * relevant posts of the evaluation's tuned-on products is 0.61, of the others 0.43 (`npm run eval`).
 */
const usualSimilarity = 0.6;
/** A post closer in meaning than usual gains at most a quarter of its score. */
const meaningGainCap = 1.25;

/** What the reason says of a post's closeness in meaning. */
function meaningReason(similarity: number): string {
  const closeness = similarity.toFixed(2);
  if (similarity >= 0.55) return `close in meaning to your description (${closeness})`;
  if (similarity >= 0.4) return `partly about what your product does (${closeness})`;
  return `far in meaning from your description (${closeness})`;
}

function thresholdOf(config: RelevanceConfig): number {
  const value = config.threshold ?? config.DISCOVERY_MIN_SCORE;
  if (value === undefined || value === '') return defaultMinScore;
  const number = Number(value);
  if (!Number.isFinite(number) || number < 0 || number > 100)
    throw new RangeError(`The relevance threshold must be a number from 0 to 100, not "${value}"`);
  return number;
}

function modelOf(config: RelevanceConfig): LanguageModel | null {
  if (config.model) return config.model;
  if (!config.LLM_BASE_URL || !config.LLM_MODEL) return null;
  const provider = createOpenAICompatible({
    name: 'llm',
    baseURL: config.LLM_BASE_URL,
    ...(config.LLM_API_KEY ? { apiKey: config.LLM_API_KEY } : {}),
    supportsStructuredOutputs: true,
  });
  return provider.chatModel(config.LLM_MODEL);
}

const best = (x: ScoredPost, y: ScoredPost) =>
  y.score - x.score || y.post.publishedAt.getTime() - x.post.publishedAt.getTime();

class ScoringRelevance implements Relevance {
  readonly kind: 'lexical' | 'model';

  constructor(
    private readonly threshold: number,
    private readonly model: LanguageModel | null,
    private readonly options: Required<Omit<RelevanceOptions, 'threshold' | 'model' | 'meaning'>>,
    private readonly meaning: Meaning | null,
    private readonly logger: RelevanceLogger | undefined,
  ) {
    this.kind = model ? 'model' : 'lexical';
  }

  async rank(posts: SourcePost[], request: RelevanceRequest): Promise<ScoredPost[]> {
    if (request.limit <= 0) return [];
    const { kept } = applyHardRules(posts, request);
    const lexical = scoreLexically(kept, request)
      .map((judgement): ScoredPost => ({ ...judgement, keyword: request.keyword }))
      .sort(best);
    const scored = this.model
      ? await this.scoreWithModel(
          this.model,
          lexical.slice(0, request.limit * this.options.candidatesPerKept),
          request,
        )
      : await this.weighMeaning(lexical, request);
    return scored
      .filter((post) => post.score >= this.threshold)
      .sort(best)
      .slice(0, request.limit);
  }

  /**
   * The lexical scores times how close each post is in meaning to the project (its similarity over the
   * usual one, at most ×1.25), for the posts that could then reach the threshold; the reason says how
   * close. If the encoder fails, the lexical scores stand (logged), never a failed run.
   */
  private async weighMeaning(lexical: ScoredPost[], request: RelevanceRequest): Promise<ScoredPost[]> {
    if (!this.meaning) return lexical;
    const reachable = lexical.filter((candidate) => candidate.score * meaningGainCap >= this.threshold);
    if (reachable.length === 0) return lexical;
    let similarities: number[];
    try {
      similarities = await this.meaning.similarities(
        projectMeaningText(request.project),
        reachable.map((candidate) => meaningText(candidate.post)),
      );
    } catch (error) {
      this.logger?.warn(
        { err: error, keyword: request.keyword },
        'reading posts for meaning failed; using lexical scores',
      );
      return lexical;
    }
    const similarityOf = new Map(reachable.map((candidate, i) => [candidate, similarities[i] ?? 0]));
    return lexical.map((candidate) => {
      const similarity = similarityOf.get(candidate);
      if (similarity === undefined) return candidate;
      const factor = Math.min(meaningGainCap, Math.max(0, similarity) / usualSimilarity);
      return {
        ...candidate,
        score: Math.min(100, Math.round(candidate.score * factor)),
        reason: `${candidate.reason}; ${meaningReason(similarity)}`,
      };
    });
  }

  /** The model's scores for the candidates; where a call fails, the lexical ones (logged), never a failed run. */
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
            'the model did not score every post; those keep their lexical scores',
          );
        for (const candidate of batch) scored.push({ ...candidate, ...judged.get(postKey(candidate.post)) });
      } catch (error) {
        this.logger?.warn(
          { err: error, keyword: request.keyword, posts: batch.length },
          'relevance model failed; using lexical scores for these posts',
        );
        scored.push(...batch);
      }
    }
    return scored;
  }
}

/**
 * The relevance the configuration asks for, chosen as the drafter is: a model when `model` is given
 * or `LLM_BASE_URL` and `LLM_MODEL` are set (it scores the lexical top candidates and writes the
 * reasons), lexical scoring otherwise, weighed by meaning when `meaning` is given or `DISCOVERY_MEANING`
 * is `on`. The threshold is `threshold`, else `DISCOVERY_MIN_SCORE`,
 * else 38; a value outside 0–100 throws.
 */
export function createRelevance(config: RelevanceConfig = {}, logger?: RelevanceLogger): Relevance {
  return new ScoringRelevance(
    thresholdOf(config),
    modelOf(config),
    {
      candidatesPerKept: config.candidatesPerKept ?? 3,
      modelBatchSize: Math.max(1, config.modelBatchSize ?? 20),
      timeoutMs: config.timeoutMs ?? 60_000,
      maxRetries: config.maxRetries ?? 1,
      maxPostChars: config.maxPostChars ?? 1_500,
    },
    config.meaning !== undefined
      ? config.meaning
      : config.DISCOVERY_MEANING === 'on'
        ? sentenceEncoder()
        : null,
    logger,
  );
}
