import { eq } from 'drizzle-orm';
import { projects, socials } from '../db/schema';
import { ReplyMemory } from '../engine/drafting/reply-memory';
import type { Logger } from '../logger';
import { discoverKeyword, messageOf, type RunContext } from './discover-keyword';
import {
  claimRun,
  type DiscoveryRun,
  defaultStaleAfterMs,
  failRun,
  finishRun,
  releaseRun,
} from './discovery-runs';
import { loadProjectSignals } from './project-signals';
import { loadSeenPosts } from './seen-posts';

const dayMs = 24 * 60 * 60_000;

import type { DiscoveryDeps } from './discovery-deps';

export type { DiscoveryDeps, DiscoveryProgress } from './discovery-deps';

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
 * transaction (`discover-keyword.ts`). A source that fails is recorded and the others go on; a draft
 * that fails leaves that post with an empty answer (the person can Rewrite it). A finished run is not
 * done again; a failed or dead one resumes after the keywords it stored.
 */
export async function runDiscovery(
  deps: DiscoveryDeps,
  projectId: string,
  foundDate: string,
): Promise<DiscoveryOutcome> {
  const now = deps.now ?? (() => new Date());
  const [project] = await deps.db.select().from(projects).where(eq(projects.id, projectId));
  if (!project) return { status: 'skipped', why: 'no_project', run: null };
  if (!project.reviewed) return { status: 'skipped', why: 'not_reviewed', run: null };

  const claim = await claimDay(deps, projectId, foundDate, now());
  if (!claim.claimed) return { status: 'skipped', why: claim.why, run: claim.run };
  let run = claim.run;
  const log = deps.logger.child({ projectId, foundDate, runId: run.id, attempt: run.attempts });
  log.info({ resumedAfter: run.doneKeywords }, 'discovery run started');

  try {
    const context = await loadRunContext(deps, project, log, now);
    for (const keyword of context.keywords) {
      deps.signal?.throwIfAborted();
      if (run.doneKeywords.includes(keyword.name)) {
        await deps.onProgress?.({ kind: 'skipped', keyword: keyword.name });
        continue;
      }
      run = await discoverKeyword(context, run, keyword);
    }
    run = await finishRun(deps.db, run, now());
    log.info({ counts: run.counts, errors: run.errors.length }, 'discovery run finished');
    return { status: 'finished', run };
  } catch (error) {
    await endInterruptedRun(deps, run, log, error, now());
    throw error;
  }
}

/** Claims the project's run of the day, over the day before `until` (a resumed run keeps its first window). */
function claimDay(deps: DiscoveryDeps, projectId: string, foundDate: string, until: Date) {
  return claimRun(
    deps.db,
    projectId,
    foundDate,
    { since: new Date(until.getTime() - dayMs), until },
    until,
    deps.staleAfterMs ?? defaultStaleAfterMs,
  );
}

/** What the run's keywords share, read once: the enabled networks, the posts seen, what was learned. */
async function loadRunContext(
  deps: DiscoveryDeps,
  project: typeof projects.$inferSelect,
  log: Logger,
  now: () => Date,
): Promise<RunContext> {
  const enabled = await deps.db
    .select({ id: socials.id, slug: socials.slug })
    .from(socials)
    .where(eq(socials.enabled, true));
  const socialIdBySlug = new Map(enabled.map((social) => [social.slug, social.id]));
  return {
    deps,
    log,
    now,
    project,
    keywords: [...new Map(project.keywords.map((keyword) => [keyword.name, keyword])).values()],
    sources: deps.sources.filter((source) => socialIdBySlug.has(source.slug)),
    socialIdBySlug,
    socialSlugById: new Map(enabled.map((social) => [social.id, social.slug])),
    seen: await loadSeenPosts(deps.db, project.id),
    signals: await loadProjectSignals(deps.db, project.id),
    said: new ReplyMemory(),
  };
}

/**
 * A run asked to stop (the worker is shutting down) is released for the next start to resume; one that
 * failed is recorded as failed with its error, for the next claim to resume.
 */
async function endInterruptedRun(
  deps: DiscoveryDeps,
  run: DiscoveryRun,
  log: Logger,
  error: unknown,
  at: Date,
): Promise<void> {
  if (deps.signal?.aborted) {
    await releaseRun(deps.db, run).catch(() => undefined);
    log.info('discovery run stopped; the next start resumes it');
    return;
  }
  log.error({ err: error }, 'discovery run failed');
  await failRun(deps.db, run, {
    source: null,
    keyword: null,
    kind: 'run',
    message: messageOf(error),
    at: at.toISOString(),
  }).catch((cause: unknown) => log.error({ err: cause }, 'could not record the failed run'));
}
