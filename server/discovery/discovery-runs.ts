import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { type DiscoveryCount, type DiscoveryError, discoveryRuns, posts } from '../db/schema';

export type DiscoveryRun = typeof discoveryRuns.$inferSelect;
export type NewPost = typeof posts.$inferInsert;

/** How long a `started` run may go without a heartbeat before another process may take it over. */
export const defaultStaleAfterMs = 15 * 60_000;

export type ClaimResult =
  | { claimed: true; run: DiscoveryRun }
  /** `finished`: nothing left to do; `running`: another process holds it and its heartbeat is fresh. */
  | { claimed: false; run: DiscoveryRun; why: 'finished' | 'running' };

/**
 * Takes the run of a project and day: a new one, or one that failed, or one left `started` by a
 * process that stopped beating. Only one caller wins (the row's unique key and the conditional update
 * decide), so two workers never run the same project and day at once.
 */
export async function claimRun(
  db: Database,
  projectId: string,
  foundDate: string,
  window: { since: Date; until: Date },
  now: Date,
  staleAfterMs: number,
): Promise<ClaimResult> {
  const staleBefore = new Date(now.getTime() - staleAfterMs);
  const [claimed] = await db
    .insert(discoveryRuns)
    .values({
      projectId,
      foundDate,
      status: 'started',
      since: window.since,
      until: window.until,
      startedAt: now,
      heartbeatAt: now,
    })
    .onConflictDoUpdate({
      target: [discoveryRuns.projectId, discoveryRuns.foundDate],
      set: {
        status: 'started',
        attempts: sql`${discoveryRuns.attempts} + 1`,
        heartbeatAt: now,
        finishedAt: null,
      },
      setWhere: or(
        eq(discoveryRuns.status, 'failed'),
        and(eq(discoveryRuns.status, 'started'), lt(discoveryRuns.heartbeatAt, staleBefore)),
      ),
    })
    .returning();
  if (claimed) return { claimed: true, run: claimed };
  const [existing] = await db
    .select()
    .from(discoveryRuns)
    .where(and(eq(discoveryRuns.projectId, projectId), eq(discoveryRuns.foundDate, foundDate)));
  if (!existing) throw new Error(`discovery run of ${projectId} on ${foundDate} vanished while claiming it`);
  return { claimed: false, run: existing, why: existing.status === 'finished' ? 'finished' : 'running' };
}

/** What one keyword's step adds to its run. */
export interface KeywordResult {
  keyword: string;
  posts: NewPost[];
  /** `counts[source]` for this keyword. */
  counts: Record<string, DiscoveryCount>;
  errors: DiscoveryError[];
}

/**
 * Stores a keyword's posts and marks the keyword done in one transaction: a crash before the commit
 * leaves neither, so a resumed run does the keyword again; after it, the keyword is skipped. A post
 * already stored for the project (same network and id, or the same text) is not stored again.
 * Returns how many posts each network actually stored.
 */
export async function storeKeyword(
  db: Database,
  run: DiscoveryRun,
  result: KeywordResult,
  socialSlugById: ReadonlyMap<string, string>,
  now: Date,
): Promise<{ run: DiscoveryRun; storedBySource: Record<string, number> }> {
  return db.transaction(async (tx) => {
    const inserted = result.posts.length
      ? await tx
          .insert(posts)
          .values(result.posts)
          .onConflictDoNothing()
          .returning({ socialId: posts.socialId })
      : [];
    const storedBySource: Record<string, number> = {};
    for (const row of inserted) {
      const slug = socialSlugById.get(row.socialId) ?? row.socialId;
      storedBySource[slug] = (storedBySource[slug] ?? 0) + 1;
    }
    const counts = structuredClone(run.counts);
    for (const [source, count] of Object.entries(result.counts)) {
      counts[source] = {
        ...counts[source],
        [result.keyword]: { ...count, stored: storedBySource[source] ?? 0 },
      };
    }
    const [updated] = await tx
      .update(discoveryRuns)
      .set({
        doneKeywords: [...run.doneKeywords, result.keyword],
        counts,
        errors: [...run.errors, ...result.errors],
        heartbeatAt: now,
      })
      .where(eq(discoveryRuns.id, run.id))
      .returning();
    if (!updated) throw new Error(`discovery run ${run.id} vanished while storing "${result.keyword}"`);
    return { run: updated, storedBySource };
  });
}

/** Marks the run finished. */
export async function finishRun(db: Database, run: DiscoveryRun, now: Date): Promise<DiscoveryRun> {
  const [row] = await db
    .update(discoveryRuns)
    .set({ status: 'finished', finishedAt: now, heartbeatAt: now })
    .where(eq(discoveryRuns.id, run.id))
    .returning();
  return row ?? run;
}

/** Marks the run failed with the error that stopped it; the next claim resumes it. */
export async function failRun(db: Database, run: DiscoveryRun, error: DiscoveryError): Promise<void> {
  await db
    .update(discoveryRuns)
    .set({
      status: 'failed',
      errors: sql`${discoveryRuns.errors} || ${JSON.stringify([error])}::jsonb`,
      heartbeatAt: new Date(error.at),
    })
    .where(eq(discoveryRuns.id, run.id));
}

/**
 * Lets go of a run that was asked to stop (the worker is shutting down): it stays `started` with a
 * heartbeat so old that the next claim takes it over at once, and nothing counts it as a failure.
 */
export async function releaseRun(db: Database, run: DiscoveryRun): Promise<void> {
  await db
    .update(discoveryRuns)
    .set({ heartbeatAt: new Date(0) })
    .where(and(eq(discoveryRuns.id, run.id), eq(discoveryRuns.status, 'started')));
}
