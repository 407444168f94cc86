import { isWebLink } from '@contract/web-link';
import type { Database } from '../db/client';
import type { DiscoveryCount, DiscoveryError, projects, StoredKeyword } from '../db/schema';
import type { ReplyMemory } from '../engine/drafting/reply-memory';
import type { ProjectSignals } from '../engine/ranking/project-signals';
import type { Logger } from '../logger';
import type { DiscoveryDeps } from './discovery-deps';
import {
  type DiscoveryRun,
  type KeywordResult,
  type NewPost,
  type RefusedPost,
  storeKeyword,
} from './discovery-runs';
import { draftReplies } from './draft-replies';
import { type GrowingSeenPosts, seenId } from './seen-posts';
import { searchOnce } from './shared-searches';
import {
  type ParsedFilter,
  type ScoredPost,
  type Source,
  SourceError,
  type SourcePost,
  textKey,
} from './types';

/**
 * Posts each source is asked for per keyword: on a busy day up to three full pages of a network that
 * answers 100 a page, so relevance ranks the whole day rather than its first page.
 */
const candidatesPerSource = 300;

/** What every keyword of one run shares: the project, the networks, and what the run learned so far. */
export interface RunContext {
  deps: DiscoveryDeps;
  log: Logger;
  now: () => Date;
  project: typeof projects.$inferSelect;
  /** The project's keywords, each name once. */
  keywords: StoredKeyword[];
  /** The configured sources whose network is an enabled social. */
  sources: readonly Source[];
  socialIdBySlug: ReadonlyMap<string, string>;
  socialSlugById: ReadonlyMap<string, string>;
  /** Posts stored for the project, growing as the run stores more. */
  seen: GrowingSeenPosts;
  /** What the project's people taught it (the posts they judged); null before they judged any. */
  signals: ProjectSignals | null;
  /** The run's drafts are one day's batch: no two of its replies, over all keywords, share a sentence. */
  said: ReplyMemory;
}

/** What one network gave for a keyword. */
interface Searched {
  found: SourcePost[];
  foundBySource: Map<string, number>;
  errors: DiscoveryError[];
}

/**
 * One keyword's step of a run: its filter read, every source searched, the posts ranked, replies
 * drafted and the lot stored with the run's progress. Returns the run as stored.
 */
export async function discoverKeyword(
  context: RunContext,
  run: DiscoveryRun,
  keyword: StoredKeyword,
): Promise<DiscoveryRun> {
  const { deps } = context;
  const read = readFilter(context, keyword);
  if ('error' in read) return storeUnreadableFilter(context, run, keyword.name, read.error);

  const searched = await searchSources(context, run, keyword.name, read.filter);
  const ranked = await rankPosts(context, run, keyword.name, read.filter, searched.found);
  const drafted = await draftKept(context, keyword.name, ranked.kept);
  const errors = [...searched.errors, ...ranked.errors, ...drafted.errors];

  deps.signal?.throwIfAborted();
  const stored = await storeOrRecord(
    deps.db,
    run,
    {
      keyword: keyword.name,
      posts: newPostsOf(context, run, keyword.name, ranked.kept, drafted.answers),
      counts: countsBySource(context.sources, searched.foundBySource, ranked.kept),
      errors,
    },
    context.socialSlugById,
    context.now,
  );
  logStoreProblems(context, keyword.name, stored);
  remember(context.seen, ranked.kept);
  await deps.onProgress?.({
    kind: 'stored',
    keyword: keyword.name,
    counts: countsOf(stored.run, keyword.name),
    // Each search error was reported as its network answered; what follows is reported with the store.
    errors: [...ranked.errors, ...drafted.errors, ...stored.recorded],
  });
  return stored.run;
}

/** The keyword's filter, parsed; one that cannot be read is an error of its own. */
function readFilter(
  context: RunContext,
  keyword: StoredKeyword,
): { filter: ParsedFilter | null } | { error: DiscoveryError } {
  const filterText = keyword.filter?.trim() ?? '';
  try {
    return { filter: filterText ? context.deps.parseFilter(filterText) : null };
  } catch (error) {
    return {
      error: {
        source: null,
        keyword: keyword.name,
        kind: 'filter',
        message: messageOf(error),
        at: context.now().toISOString(),
      },
    };
  }
}

/** A filter that cannot be read would find what the person excluded: the keyword waits for a fix. */
async function storeUnreadableFilter(
  context: RunContext,
  run: DiscoveryRun,
  keyword: string,
  error: DiscoveryError,
): Promise<DiscoveryRun> {
  const errors = [error];
  const stored = await storeKeyword(
    context.deps.db,
    run,
    { keyword, posts: [], counts: {}, errors },
    context.socialSlugById,
    context.now(),
  );
  await context.deps.onProgress?.({ kind: 'stored', keyword, counts: {}, errors });
  return stored.run;
}

/**
 * Searches every source for the keyword over the run's window, one after another; a source that fails
 * is recorded and the others go on. Reports each network's answer as it comes.
 */
async function searchSources(
  context: RunContext,
  run: DiscoveryRun,
  keyword: string,
  filter: ParsedFilter | null,
): Promise<Searched> {
  const { deps } = context;
  const found: SourcePost[] = [];
  const foundBySource = new Map<string, number>();
  const errors: DiscoveryError[] = [];
  for (const source of context.sources) {
    deps.signal?.throwIfAborted();
    let error: DiscoveryError | undefined;
    let sourcePosts: SourcePost[] = [];
    try {
      const query = {
        keyword,
        filter,
        since: run.since,
        until: run.until,
        limit: candidatesPerSource,
        ...(deps.signal ? { signal: deps.signal } : {}),
      };
      sourcePosts = deps.shareSearches
        ? await searchOnce(deps.db, source, query, run.foundDate)
        : await source.search(query);
    } catch (cause) {
      deps.signal?.throwIfAborted();
      error = {
        source: source.slug,
        keyword,
        kind: cause instanceof SourceError ? cause.kind : 'unavailable',
        message: messageOf(cause),
        at: context.now().toISOString(),
      };
      errors.push(error);
      context.log.warn({ source: source.slug, keyword, err: cause }, 'a source failed');
    }
    // A post is the network's that returned it, whatever it says; one without an http(s) link is
    // never kept (the adapters give each its network's link or drop it).
    for (const post of sourcePosts) if (isWebLink(post.url)) found.push({ ...post, network: source.slug });
    foundBySource.set(source.slug, sourcePosts.length);
    await deps.onProgress?.({
      kind: 'searched',
      keyword,
      source: source.slug,
      found: sourcePosts.length,
      ...(error ? { error } : {}),
    });
  }
  return { found, foundBySource, errors };
}

/**
 * Ranks the keyword's posts from all networks together (so the cap is per keyword and day, and the
 * same text on two networks is kept once), moved by what the project's people taught it; a relevance
 * that fails keeps nothing and is recorded.
 */
async function rankPosts(
  context: RunContext,
  run: DiscoveryRun,
  keyword: string,
  filter: ParsedFilter | null,
  found: SourcePost[],
): Promise<{ kept: ScoredPost[]; errors: DiscoveryError[] }> {
  const { deps, project } = context;
  const errors: DiscoveryError[] = [];
  let kept: ScoredPost[] = [];
  try {
    kept = await deps.relevance.rank(found, {
      keyword,
      filter,
      project: {
        name: project.name,
        description: project.description,
        goal: project.goal,
        keywords: context.keywords.map((each) => each.name),
      },
      since: run.since,
      until: run.until,
      seen: context.seen,
      limit: deps.maxPerKeyword,
      signals: context.signals,
    });
  } catch (error) {
    errors.push({
      source: null,
      keyword,
      kind: 'relevance',
      message: messageOf(error),
      at: context.now().toISOString(),
    });
    context.log.error({ keyword, err: error }, 'relevance failed');
  }
  kept = kept
    .filter((scored) => context.socialIdBySlug.has(scored.post.network))
    .slice(0, deps.maxPerKeyword)
    // Every kept post is this keyword's, whatever relevance labelled it (the drafter reads it from there).
    .map((scored) => ({ ...scored, keyword }));
  return { kept, errors };
}

/** A reply for each kept post; a draft that fails leaves '' (the person can Rewrite it) and an error. */
async function draftKept(
  context: RunContext,
  keyword: string,
  kept: ScoredPost[],
): Promise<{ answers: string[]; errors: DiscoveryError[] }> {
  const { project } = context;
  const drafted = await draftReplies(
    context.deps.drafter,
    {
      name: project.name,
      url: project.url,
      description: project.description,
      goal: project.goal,
      tov: project.tov,
    },
    kept,
    context.deps.signal,
    context.said,
  );
  const errors = drafted.failures.map(
    ({ post, error }): DiscoveryError => ({
      source: post.post.network,
      keyword,
      kind: 'draft',
      message: `${post.post.url}: ${messageOf(error)}`,
      at: context.now().toISOString(),
    }),
  );
  return { answers: drafted.answers, errors };
}

/** The rows of the kept posts, each with its drafted answer. */
function newPostsOf(
  context: RunContext,
  run: DiscoveryRun,
  keyword: string,
  kept: readonly ScoredPost[],
  answers: readonly string[],
): NewPost[] {
  return kept.map((scored, index) => ({
    projectId: run.projectId,
    socialId: context.socialIdBySlug.get(scored.post.network) ?? '',
    externalId: scored.post.externalId,
    author: scored.post.author,
    keyword,
    publishedDate: scored.post.publishedAt,
    foundDate: run.foundDate,
    title: scored.post.title,
    content: scored.post.content,
    url: scored.post.url,
    answer: answers[index] ?? '',
    score: Math.round(Math.min(100, Math.max(0, scored.score))),
    reason: scored.reason,
    textKey: textKey(scored.post.content) || null,
  }));
}

/** What each source found and what of it was kept (stored is counted by the store). */
function countsBySource(
  sources: readonly Source[],
  foundBySource: ReadonlyMap<string, number>,
  kept: readonly ScoredPost[],
): Record<string, DiscoveryCount> {
  const counts: Record<string, DiscoveryCount> = {};
  for (const source of sources) {
    counts[source.slug] = {
      found: foundBySource.get(source.slug) ?? 0,
      kept: kept.filter((scored) => scored.post.network === source.slug).length,
      stored: 0,
    };
  }
  return counts;
}

interface StoreOutcome {
  run: DiscoveryRun;
  refused: RefusedPost[];
  recorded: DiscoveryError[];
  failure?: unknown;
}

/**
 * Stores a keyword's step; when the store itself fails (not one refused row: the whole insert), the
 * keyword is recorded as done with a `store` error and no posts, so the run goes on to the next
 * keyword. Only when that fails too (the database is gone) does the error stop the run.
 */
async function storeOrRecord(
  db: Database,
  run: DiscoveryRun,
  result: KeywordResult,
  socialSlugById: ReadonlyMap<string, string>,
  now: () => Date,
): Promise<StoreOutcome> {
  try {
    const stored = await storeKeyword(db, run, result, socialSlugById, now());
    return { run: stored.run, refused: stored.refused, recorded: stored.refusals };
  } catch (failure) {
    const error: DiscoveryError = {
      source: null,
      keyword: result.keyword,
      kind: 'store',
      message: `the keyword's posts could not be stored: ${messageOf(failure)}`,
      at: now().toISOString(),
    };
    const counts = Object.fromEntries(
      Object.entries(result.counts).map(([source, count]) => [source, { ...count, stored: 0 }]),
    );
    const stored = await storeKeyword(
      db,
      run,
      { ...result, posts: [], counts, errors: [...result.errors, error] },
      socialSlugById,
      now(),
    );
    return { run: stored.run, refused: [], recorded: [error], failure };
  }
}

function logStoreProblems(context: RunContext, keyword: string, stored: StoreOutcome): void {
  if (stored.failure) context.log.error({ keyword, err: stored.failure }, 'a keyword could not be stored');
  for (const { post, reason } of stored.refused)
    context.log.warn(
      { keyword, source: context.socialSlugById.get(post.socialId), externalId: post.externalId, reason },
      'a post could not be stored: skipped',
    );
}

/** `counts[source][keyword]` of a run, turned around to one keyword's counts per source. */
function countsOf(run: DiscoveryRun, keyword: string): Record<string, DiscoveryCount> {
  const counts: Record<string, DiscoveryCount> = {};
  for (const [source, byKeyword] of Object.entries(run.counts)) {
    const count = byKeyword[keyword];
    if (count) counts[source] = count;
  }
  return counts;
}

function remember(seen: GrowingSeenPosts, kept: readonly ScoredPost[]): void {
  for (const { post } of kept) {
    seen.ids.add(seenId(post.network, post.externalId));
    const key = textKey(post.content);
    if (key) seen.texts.add(key);
  }
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
