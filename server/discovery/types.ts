/**
 * The discovery engine's shared vocabulary: what a source returns, what relevance keeps, and what a
 * run records. Sources live in `sources/`, relevance in `relevance.ts`, the pipeline and its jobs in
 * `pipeline.ts` and `jobs/`.
 */

import { createHash } from 'node:crypto';
import type { SocialKind, SocialSlug } from '../domain/networks';
import type { ProjectSignals } from '../engine/ranking/project-signals';

export { type SocialKind, type SocialSlug, socialSlugs } from '../domain/networks';

/** A post as every source returns it, whatever the network's own shape. */
export interface SourcePost {
  /** The network's own id, stable across searches (used with the network to drop posts already stored). */
  externalId: string;
  network: SocialSlug;
  /** A handle or display name; '' never (sources drop posts without one). */
  author: string;
  title: string | null;
  /** Plain text: markup and entities removed. */
  content: string;
  /** Where a person reads the original post. */
  url: string;
  publishedAt: Date;
  /** The network's own engagement figures, when it gives them (points, upvotes, likes, replies…). */
  engagement?: Record<string, number>;
  /** True when the network marks the author as deleted or the post as removed. */
  deleted?: boolean;
  /** True when the network marks the author as an automated account. */
  bot?: boolean;
}

/** What a source is asked for: one keyword, its filter, and a time window. */
export interface SourceQuery {
  keyword: string;
  /** The keyword's filter in ReplyRadar's filter language, already parsed; null when there is none. */
  filter: ParsedFilter | null;
  since: Date;
  until: Date;
  /** At most this many posts back (a source may return fewer). */
  limit: number;
  signal?: AbortSignal;
}

/** Why a source could not answer; the run records it and goes on with the other sources. */
export type SourceErrorKind =
  | 'rate_limited'
  | 'unavailable'
  | 'bad_response'
  | 'timeout'
  | 'unauthorized'
  | 'not_configured';

export class SourceError extends Error {
  override name = 'SourceError';
  constructor(
    readonly network: SocialSlug,
    readonly kind: SourceErrorKind,
    message: string,
    /** For `rate_limited`: when the network said to try again (from Retry-After or its reset header). */
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

/** One network's search, behind one interface. */
export interface Source {
  readonly slug: SocialSlug;
  readonly name: string;
  readonly kind: SocialKind;
  search(query: SourceQuery): Promise<SourcePost[]>;
}

/**
 * A keyword filter in ReplyRadar's filter language, parsed: quoted phrases, `-word` and `-"phrase"`
 * exclusions, `OR` between alternatives, and `site:` / `author:` for networks that have them.
 * A post passes when it matches every group of `all` (each group is an OR of terms), none of
 * `exclude`, and the `site` / `author` constraints when given.
 */
export interface ParsedFilter {
  /** Each inner array is a set of alternatives joined by OR; every group must match. */
  all: FilterTerm[][];
  exclude: FilterTerm[];
  sites: string[];
  authors: string[];
  /** The filter as the person wrote it. */
  source: string;
}

export interface FilterTerm {
  /** A single word, or a phrase when it was quoted. */
  text: string;
  phrase: boolean;
}

/** A post after the hard rules, with its relevance. */
export interface ScoredPost {
  post: SourcePost;
  keyword: string;
  /** 0 to 100. */
  score: number;
  /** One line a person can read: why this post was picked. */
  reason: string;
}

/** What relevance knows about the project a post is scored for. */
export interface RelevanceProject {
  name: string;
  description: string;
  goal: string;
  /** All the project's keywords: a post is judged against each, not only the one that found it. */
  keywords?: readonly string[];
}

/** Posts already stored for a project, so relevance can drop what was seen before. */
export interface SeenPosts {
  /** `${network}:${externalId}` of every stored post. */
  ids: ReadonlySet<string>;
  /** `textKey(content)` of every stored post (the same text posted twice, or on two networks). */
  texts: ReadonlySet<string>;
}

export interface RelevanceRequest {
  keyword: string;
  filter: ParsedFilter | null;
  project: RelevanceProject;
  /** Posts published outside it are dropped. */
  since: Date;
  until: Date;
  seen: SeenPosts;
  /** Keep at most this many, best first (the per-keyword-and-day cap). */
  limit: number;
  /** What the project's people taught it (their judged posts); none until they judged some. */
  signals?: ProjectSignals | null;
}

/**
 * Decides which found posts are worth a reply: the hard rules first (deleted or bot authors,
 * near-empty bodies, outside the window, already seen, breaking the filter), then a 0–100 score with
 * a reason; keeps those above the threshold, best first, at most `limit`.
 */
export interface Relevance {
  readonly kind: 'learned' | 'model';
  rank(posts: SourcePost[], request: RelevanceRequest): Promise<ScoredPost[]>;
}

/**
 * The key two posts with the same text share: the SHA-256 hex digest of the text in lower case, with
 * punctuation and runs of space removed. A fixed 64 characters whatever the post's length, so a long
 * post fits the unique index that holds it. Empty when the text has no letters or digits at all (such
 * a post has no text of its own to match by).
 */
export function textKey(content: string): string {
  const normalised = content
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
  return normalised ? createHash('sha256').update(normalised, 'utf8').digest('hex') : '';
}
