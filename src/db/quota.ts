import type { MirrorDb } from '@/db/mirror';

/** What was removed to make room, for the app's 'Storage is full' notice. */
export interface StorageFullEvent {
  removedDates: string[];
  removedPosts: number;
}

export type StorageFullListener = (event: StorageFullEvent) => void;

const listeners = new Set<StorageFullListener>();

/**
 * Calls `listener` whenever the device ran out of storage and older posts were removed from the mirror
 * ("Storage is full: older posts were removed from this device"). Returns an unsubscribe.
 */
export function onStorageFull(listener: StorageFullListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function hasName(error: unknown, name: string): boolean {
  return typeof error === 'object' && error !== null && 'name' in error && error.name === name;
}

/** True for IndexedDB's QuotaExceededError, whether Dexie wrapped it or not. */
export function isQuotaExceeded(error: unknown): boolean {
  if (hasName(error, 'QuotaExceededError')) return true;
  const inner = typeof error === 'object' && error !== null && 'inner' in error ? error.inner : null;
  return hasName(inner, 'QuotaExceededError');
}

/**
 * Removes the posts of the oldest half of the found dates in the mirror (at least one date). Posts with
 * changes in the outbox are kept, and the outbox itself is never touched.
 */
export async function pruneOldestPosts(db: MirrorDb): Promise<StorageFullEvent> {
  return db.transaction('rw', [db.posts, db.outbox, db.foundDates, db.keywordsByDate], async () => {
    const dates = (await db.posts.orderBy('foundDate').uniqueKeys()).map(String);
    const removedDates = dates.slice(0, Math.max(1, Math.floor(dates.length / 2)));
    if (removedDates.length === 0) return { removedDates, removedPosts: 0 };
    const keep = new Set((await db.outbox.toArray()).map((row) => row.postId));
    const doomed = (await db.posts.where('foundDate').anyOf(removedDates).primaryKeys()).filter(
      (id) => !keep.has(id),
    );
    await db.posts.bulkDelete(doomed);
    const dateKeys = new Set(removedDates);
    await db.foundDates.filter((row) => dateKeys.has(row.date)).delete();
    await db.keywordsByDate.filter((row) => dateKeys.has(row.date)).delete();
    return { removedDates, removedPosts: doomed.length };
  });
}

/**
 * Runs a write to the mirror; when the device is out of storage, prunes the oldest posts, says so through
 * `onStorageFull`, and tries the write once more (a second failure is thrown).
 */
export async function withQuotaRetry<T>(db: MirrorDb, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!isQuotaExceeded(error)) throw error;
    const event = await pruneOldestPosts(db);
    for (const listener of listeners) listener(event);
    return write();
  }
}
