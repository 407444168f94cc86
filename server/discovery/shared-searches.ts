import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { type SharedSearchPost, sharedSearches } from '../db/schema';
import { type SourceClock, systemClock } from './sources/source-http';
import type { ParsedFilter, Source, SourcePost, SourceQuery } from './types';

/** A `searching` claim older than this belongs to a process that died: another run takes it over. */
export const defaultSearchStaleAfterMs = 5 * 60_000;
/** How often a run waiting for another's search looks whether it is done. */
const pollMs = 250;

export interface SharedSearchOptions {
  staleAfterMs?: number;
  clock?: SourceClock;
}

/**
 * The keyword as a network is asked for it, the same for every project that tracks it: in lower case
 * with runs of space made one, and the filter's authors (the only part of a filter a network is asked
 * for; the rest is applied to the posts afterwards, per project).
 */
export function sharedQueryOf(keyword: string, filter: ParsedFilter | null): string {
  const words = keyword.trim().toLowerCase().replace(/\s+/g, ' ');
  const authors = [...new Set((filter?.authors ?? []).map((author) => author.toLowerCase()))].sort();
  return authors.length === 0 ? words : `${words} author:${authors.join(',')}`;
}

/**
 * Searches a network for a keyword once per found date, whichever project asks: the first run to need
 * it claims the day's search and makes it; the others wait for its posts and read them. A search that
 * fails is given back (the next run to need it searches again) and its error thrown to this run.
 * The posts are those of the first run's window; each project's relevance keeps those of its own.
 */
export async function searchOnce(
  db: Database,
  source: Source,
  query: SourceQuery,
  foundDate: string,
  options: SharedSearchOptions = {},
): Promise<SourcePost[]> {
  const key = { network: source.slug, query: sharedQueryOf(query.keyword, query.filter), foundDate };
  const clock = options.clock ?? systemClock;
  for (;;) {
    query.signal?.throwIfAborted();
    const claimedAt = await claimSearch(db, key, query, options.staleAfterMs ?? defaultSearchStaleAfterMs);
    if (claimedAt) return searchAndShare(db, source, query, key, claimedAt);
    const shared = await readSearch(db, key);
    if (shared) return shared;
    await clock.sleep(pollMs, query.signal);
  }
}

type SearchKey = { network: string; query: string; foundDate: string };

const keyIs = (key: SearchKey) =>
  and(
    eq(sharedSearches.network, key.network),
    eq(sharedSearches.query, key.query),
    eq(sharedSearches.foundDate, key.foundDate),
  );

/** Claims the day's search (a new row, or one whose claimer went quiet): its claim time, or null. */
async function claimSearch(
  db: Database,
  key: SearchKey,
  query: SourceQuery,
  staleAfterMs: number,
): Promise<Date | null> {
  const staleBefore = sql`now() - ${`${staleAfterMs} milliseconds`}::interval`;
  // To the millisecond, as a JavaScript date holds it: the claimer finds its claim by it.
  const now = sql`date_trunc('milliseconds', now())`;
  const [claimed] = await db
    .insert(sharedSearches)
    .values({ ...key, status: 'searching', claimedAt: now, since: query.since, until: query.until })
    .onConflictDoUpdate({
      target: [sharedSearches.network, sharedSearches.query, sharedSearches.foundDate],
      set: { claimedAt: now, since: query.since, until: query.until },
      setWhere: and(eq(sharedSearches.status, 'searching'), lt(sharedSearches.claimedAt, staleBefore)),
    })
    .returning({ claimedAt: sharedSearches.claimedAt });
  return claimed?.claimedAt ?? null;
}

/** Makes the claimed search and keeps its posts for the others; a failed search is given back. */
async function searchAndShare(
  db: Database,
  source: Source,
  query: SourceQuery,
  key: SearchKey,
  claimedAt: Date,
): Promise<SourcePost[]> {
  const ours = and(
    keyIs(key),
    eq(sharedSearches.status, 'searching'),
    eq(sharedSearches.claimedAt, claimedAt),
  );
  let posts: SourcePost[];
  try {
    posts = await source.search(query);
  } catch (error) {
    await db.delete(sharedSearches).where(ours);
    throw error;
  }
  await db
    .update(sharedSearches)
    .set({ status: 'done', posts: posts.map(toShared) })
    .where(keyIs(key));
  return posts;
}

/** The day's search as another run made it, or null while it is still being made. */
async function readSearch(db: Database, key: SearchKey): Promise<SourcePost[] | null> {
  const [row] = await db
    .select({ status: sharedSearches.status, posts: sharedSearches.posts })
    .from(sharedSearches)
    .where(keyIs(key));
  if (row?.status !== 'done') return null;
  return (row.posts ?? []).map(fromShared);
}

function toShared(post: SourcePost): SharedSearchPost {
  return { ...post, publishedAt: post.publishedAt.toISOString() };
}

function fromShared(post: SharedSearchPost): SourcePost {
  return { ...post, network: post.network as SourcePost['network'], publishedAt: new Date(post.publishedAt) };
}

/** Drops the shared searches of days before `foundDate`: no run reads them any more. */
export async function forgetSharedSearches(db: Database, before: string): Promise<void> {
  await db.delete(sharedSearches).where(lt(sharedSearches.foundDate, before));
}
