import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { type DiscoveryCount, type DiscoveryError, discoveryRuns, posts } from '../db/schema';
import { storableText } from './sources/plain-text';

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

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** A post the database refused to store (its keyword's other posts are stored without it). */
export interface RefusedPost {
  post: NewPost;
  /** The database's own message (never the query's parameters). */
  reason: string;
}

/** The SQLSTATE of a database error, wherever it sits in the chain of causes. */
function sqlStateOf(error: unknown): string | null {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 8; depth += 1) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    cause = cause.cause;
  }
  return null;
}

/**
 * Whether the database refused a row's values (SQLSTATE class 22, data exception: a character it
 * cannot store; 23, a constraint; 54, a program limit such as an index row too large), rather than
 * failing on its own (a lost connection fails the run).
 */
const refusedValues = (error: unknown) => /^(2[23]|54)/.test(sqlStateOf(error) ?? '');

/** The database's own message of a refusal: the wrapper's message would carry the row's values. */
function refusalOf(error: unknown): string {
  let deepest: unknown = error;
  while (deepest instanceof Error && deepest.cause instanceof Error) deepest = deepest.cause;
  return deepest instanceof Error ? deepest.message : String(deepest);
}

/**
 * Inserts a keyword's posts at once; when the database refuses a row, each post again on its own
 * (each in a savepoint), so the one it refuses is skipped and the others are stored.
 */
async function insertPosts(tx: Tx, rows: NewPost[]) {
  const insert = (values: NewPost[]) =>
    tx.transaction((savepoint) =>
      savepoint.insert(posts).values(values).onConflictDoNothing().returning({ socialId: posts.socialId }),
    );
  if (rows.length === 0) return { inserted: [], refused: [] };
  try {
    return { inserted: await insert(rows), refused: [] };
  } catch (error) {
    if (!refusedValues(error)) throw error;
  }
  const inserted: Array<{ socialId: string }> = [];
  const refused: RefusedPost[] = [];
  for (const post of rows) {
    try {
      inserted.push(...(await insert([post])));
    } catch (error) {
      if (!refusedValues(error)) throw error;
      refused.push({ post, reason: refusalOf(error) });
    }
  }
  return { inserted, refused };
}

/**
 * Stores a keyword's posts and marks the keyword done in one transaction: a crash before the commit
 * leaves neither, so a resumed run does the keyword again; after it, the keyword is skipped. A post
 * already stored for the project (same network and id, or the same text) is not stored again, and a
 * post the database refuses is skipped and recorded as a `store` error of its network.
 * Returns how many posts each network actually stored, and the refused posts with their errors.
 */
export async function storeKeyword(
  db: Database,
  run: DiscoveryRun,
  result: KeywordResult,
  socialSlugById: ReadonlyMap<string, string>,
  now: Date,
): Promise<{
  run: DiscoveryRun;
  storedBySource: Record<string, number>;
  refused: RefusedPost[];
  /** The `store` errors recorded for the refused posts. */
  refusals: DiscoveryError[];
}> {
  return db.transaction(async (tx) => {
    const { inserted, refused } = await insertPosts(tx, result.posts);
    const refusals: DiscoveryError[] = refused.map(({ post, reason }) => ({
      source: socialSlugById.get(post.socialId) ?? null,
      keyword: result.keyword,
      kind: 'store',
      message: `a post could not be stored: ${reason}`,
      at: now.toISOString(),
    }));
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
        // A message may quote what a network or a model sent.
        errors: [...run.errors, ...result.errors, ...refusals].map((error) => ({
          ...error,
          message: storableText(error.message),
        })),
        heartbeatAt: now,
      })
      .where(eq(discoveryRuns.id, run.id))
      .returning();
    if (!updated) throw new Error(`discovery run ${run.id} vanished while storing "${result.keyword}"`);
    return { run: updated, storedBySource, refused, refusals };
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
      errors: sql`${discoveryRuns.errors} || ${JSON.stringify([{ ...error, message: storableText(error.message) }])}::jsonb`,
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
