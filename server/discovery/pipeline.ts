import { isWebLink } from '@contract/web-link';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { type DiscoveryCount, type DiscoveryError, projects, socials } from '../db/schema';
import type { Drafter } from '../generation/drafter';
import { ReplyMemory } from '../generation/reply-writer';
import type { Logger } from '../logger';
import {
  claimRun,
  type DiscoveryRun,
  defaultStaleAfterMs,
  failRun,
  finishRun,
  type KeywordResult,
  type NewPost,
  type RefusedPost,
  releaseRun,
  storeKeyword,
} from './discovery-runs';
import { draftReplies } from './draft-replies';
import { loadLearnedRelevance } from './learned-relevance';
import { type GrowingSeenPosts, loadSeenPosts, seenId } from './seen-posts';
import {
  type ParsedFilter,
  type Relevance,
  type ScoredPost,
  type Source,
  SourceError,
  type SourcePost,
  textKey,
} from './types';

const dayMs = 24 * 60 * 60_000;
/**
 * Posts each source is asked for per keyword: on a busy day up to three full pages of a network that
 * answers 100 a page, so relevance ranks the whole day rather than its first page.
 */
const candidatesPerSource = 300;

/** What a discovery run is built from; tests pass doubles, the server the configured adapters. */
export interface DiscoveryDeps {
  db: Database;
  /** The sources the configuration makes usable; those whose network is not an enabled social are not asked. */
  sources: readonly Source[];
  relevance: Relevance;
  drafter: Pick<Drafter, 'draftReply'>;
  /** The filter language's parser (`keyword-filter.ts`). */
  parseFilter: (text: string) => ParsedFilter | null;
  logger: Logger;
  /** Most posts kept per keyword and found date (`DISCOVERY_MAX_PER_KEYWORD`). */
  maxPerKeyword: number;
  now?: () => Date;
  /** A `started` run without a heartbeat for this long is taken over (its process died). */
  staleAfterMs?: number;
  /** Stops the run between steps; it is released for the next start to resume. */
  signal?: AbortSignal;
  /** Called as the run goes: one event per source and keyword, and one per keyword stored or skipped. */
  onProgress?: (event: DiscoveryProgress) => void | Promise<void>;
}

export type DiscoveryProgress =
  /** One network answered (or failed) for one keyword. */
  | { kind: 'searched'; keyword: string; source: string; found: number; error?: DiscoveryError }
  /**
   * A keyword's posts are stored; `counts[source]` says what each network gave, `errors` what failed
   * after the searches (the filter, relevance, a draft, the store) and was recorded.
   */
  | {
      kind: 'stored';
      keyword: string;
      counts: Record<string, DiscoveryCount>;
      errors: DiscoveryError[];
    }
  /** An earlier attempt of this run already stored the keyword. */
  | { kind: 'skipped'; keyword: string };

export type DiscoveryOutcome =
  | { status: 'finished'; run: DiscoveryRun }
  /** Nothing was done: the day's run is finished or held by another process, or the project cannot run. */
  | {
      status: 'skipped';
      why: 'finished' | 'running' | 'no_project' | 'not_reviewed';
      run: DiscoveryRun | null;
    };

/** The UTC day of a moment, as found dates are written. */
export function foundDateOf(moment: Date): string {
  return moment.toISOString().slice(0, 10);
}

/**
 * Finds, scores, drafts and stores a project's posts for one found date. For each keyword every
 * enabled source is searched over the last day; relevance ranks the keyword's posts from all networks
 * together (so the cap is per keyword and day, and the same text on two networks is kept once), a reply
 * is drafted for each kept post, and the keyword's posts are stored with the run's progress in one
 * transaction. A source that fails is recorded and the others go on; a draft that fails leaves that
 * post with an empty answer (the person can Rewrite it). A finished run is not done again; a failed or
 * dead one resumes after the keywords it stored.
 */
export async function runDiscovery(
  deps: DiscoveryDeps,
  projectId: string,
  foundDate: string,
): Promise<DiscoveryOutcome> {
  const { db, logger } = deps;
  const now = deps.now ?? (() => new Date());
  const [project] = await db.select().from(projects).where(eq(projects.id, projectId));
  if (!project) return { status: 'skipped', why: 'no_project', run: null };
  if (!project.reviewed) return { status: 'skipped', why: 'not_reviewed', run: null };

  const until = now();
  const claim = await claimRun(
    db,
    projectId,
    foundDate,
    { since: new Date(until.getTime() - dayMs), until },
    until,
    deps.staleAfterMs ?? defaultStaleAfterMs,
  );
  if (!claim.claimed) return { status: 'skipped', why: claim.why, run: claim.run };
  let run = claim.run;
  const log = logger.child({ projectId, foundDate, runId: run.id, attempt: run.attempts });
  log.info({ resumedAfter: run.doneKeywords }, 'discovery run started');

  try {
    const enabled = await db
      .select({ id: socials.id, slug: socials.slug })
      .from(socials)
      .where(eq(socials.enabled, true));
    const socialIdBySlug = new Map(enabled.map((social) => [social.slug, social.id]));
    const socialSlugById = new Map(enabled.map((social) => [social.id, social.slug]));
    const sources = deps.sources.filter((source) => socialIdBySlug.has(source.slug));
    const seen = await loadSeenPosts(db, projectId);
    // The person's own signals on this project's posts, once there are enough: they re-rank what is kept.
    const learned = await loadLearnedRelevance(db, projectId);
    const keywords = [...new Map(project.keywords.map((keyword) => [keyword.name, keyword])).values()];

    // The run's drafts are one day's batch: no two of its replies, over all keywords, share a sentence.
    const said = new ReplyMemory();
    for (const keyword of keywords) {
      deps.signal?.throwIfAborted();
      if (run.doneKeywords.includes(keyword.name)) {
        await deps.onProgress?.({ kind: 'skipped', keyword: keyword.name });
        continue;
      }
      const errors: DiscoveryError[] = [];
      const at = () => now().toISOString();

      let filter: ParsedFilter | null = null;
      const filterText = keyword.filter?.trim() ?? '';
      try {
        filter = filterText ? deps.parseFilter(filterText) : null;
      } catch (error) {
        // A filter that cannot be read would find what the person excluded: the keyword waits for a fix.
        errors.push({
          source: null,
          keyword: keyword.name,
          kind: 'filter',
          message: messageOf(error),
          at: at(),
        });
        run = (
          await storeKeyword(
            db,
            run,
            { keyword: keyword.name, posts: [], counts: {}, errors },
            socialSlugById,
            now(),
          )
        ).run;
        await deps.onProgress?.({ kind: 'stored', keyword: keyword.name, counts: {}, errors });
        continue;
      }

      const found: SourcePost[] = [];
      const foundBySource = new Map<string, number>();
      for (const source of sources) {
        deps.signal?.throwIfAborted();
        let error: DiscoveryError | undefined;
        let sourcePosts: SourcePost[] = [];
        try {
          sourcePosts = await source.search({
            keyword: keyword.name,
            filter,
            since: run.since,
            until: run.until,
            limit: candidatesPerSource,
            ...(deps.signal ? { signal: deps.signal } : {}),
          });
        } catch (cause) {
          deps.signal?.throwIfAborted();
          error = {
            source: source.slug,
            keyword: keyword.name,
            kind: cause instanceof SourceError ? cause.kind : 'unavailable',
            message: messageOf(cause),
            at: at(),
          };
          errors.push(error);
          log.warn({ source: source.slug, keyword: keyword.name, err: cause }, 'a source failed');
        }
        // A post is the network's that returned it, whatever it says; one without an http(s) link is
        // never kept (the adapters give each its network's link or drop it).
        for (const post of sourcePosts)
          if (isWebLink(post.url)) found.push({ ...post, network: source.slug });
        foundBySource.set(source.slug, sourcePosts.length);
        await deps.onProgress?.({
          kind: 'searched',
          keyword: keyword.name,
          source: source.slug,
          found: sourcePosts.length,
          ...(error ? { error } : {}),
        });
      }

      // Each search error was reported as its network answered; what follows is reported with the store.
      const searchErrorCount = errors.length;
      let kept: ScoredPost[] = [];
      try {
        kept = await deps.relevance.rank(found, {
          keyword: keyword.name,
          filter,
          project: {
            name: project.name,
            description: project.description,
            goal: project.goal,
            keywords: keywords.map((each) => each.name),
          },
          since: run.since,
          until: run.until,
          seen,
          limit: deps.maxPerKeyword,
        });
      } catch (error) {
        errors.push({
          source: null,
          keyword: keyword.name,
          kind: 'relevance',
          message: messageOf(error),
          at: at(),
        });
        log.error({ keyword: keyword.name, err: error }, 'relevance failed');
      }
      kept = (learned?.rerank(kept) ?? kept)
        .filter((scored) => socialIdBySlug.has(scored.post.network))
        .slice(0, deps.maxPerKeyword);

      // Every kept post is this keyword's, whatever relevance labelled it (the drafter reads it from there).
      kept = kept.map((scored) => ({ ...scored, keyword: keyword.name }));
      const drafted = await draftReplies(
        deps.drafter,
        {
          name: project.name,
          url: project.url,
          description: project.description,
          goal: project.goal,
          tov: project.tov,
        },
        kept,
        deps.signal,
        said,
      );
      const answers = drafted.answers;
      for (const { post, error } of drafted.failures)
        errors.push({
          source: post.post.network,
          keyword: keyword.name,
          kind: 'draft',
          message: `${post.post.url}: ${messageOf(error)}`,
          at: at(),
        });

      const newPosts: NewPost[] = kept.map((scored, index) => ({
        projectId,
        socialId: socialIdBySlug.get(scored.post.network) ?? '',
        externalId: scored.post.externalId,
        author: scored.post.author,
        keyword: keyword.name,
        publishedDate: scored.post.publishedAt,
        foundDate,
        title: scored.post.title,
        content: scored.post.content,
        url: scored.post.url,
        answer: answers[index] ?? '',
        score: Math.round(Math.min(100, Math.max(0, scored.score))),
        reason: scored.reason,
        textKey: textKey(scored.post.content) || null,
      }));
      const counts: Record<string, DiscoveryCount> = {};
      for (const source of sources) {
        counts[source.slug] = {
          found: foundBySource.get(source.slug) ?? 0,
          kept: kept.filter((scored) => scored.post.network === source.slug).length,
          stored: 0,
        };
      }

      deps.signal?.throwIfAborted();
      const stored = await storeOrRecord(
        db,
        run,
        { keyword: keyword.name, posts: newPosts, counts, errors },
        socialSlugById,
        now,
      );
      if (stored.failure)
        log.error({ keyword: keyword.name, err: stored.failure }, 'a keyword could not be stored');
      run = stored.run;
      for (const { post, reason } of stored.refused)
        log.warn(
          {
            keyword: keyword.name,
            source: socialSlugById.get(post.socialId),
            externalId: post.externalId,
            reason,
          },
          'a post could not be stored: skipped',
        );
      remember(seen, kept);
      await deps.onProgress?.({
        kind: 'stored',
        keyword: keyword.name,
        counts: countsOf(run, keyword.name),
        errors: [...errors.slice(searchErrorCount), ...stored.recorded],
      });
    }

    run = await finishRun(db, run, now());
    log.info({ counts: run.counts, errors: run.errors.length }, 'discovery run finished');
    return { status: 'finished', run };
  } catch (error) {
    if (deps.signal?.aborted) {
      await releaseRun(db, run).catch(() => undefined);
      log.info('discovery run stopped; the next start resumes it');
    } else {
      log.error({ err: error }, 'discovery run failed');
      await failRun(db, run, {
        source: null,
        keyword: null,
        kind: 'run',
        message: messageOf(error),
        at: now().toISOString(),
      }).catch((cause: unknown) => log.error({ err: cause }, 'could not record the failed run'));
    }
    throw error;
  }
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
): Promise<{ run: DiscoveryRun; refused: RefusedPost[]; recorded: DiscoveryError[]; failure?: unknown }> {
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

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
