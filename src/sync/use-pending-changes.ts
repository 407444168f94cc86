import { useLiveQuery } from 'dexie-react-hooks';
import type { MirrorDb } from '@/db/mirror';
import { useFirstPaintDone } from '@/lib/first-paint';
import { countPendingChanges } from '@/sync/pending-changes';

/**
 * "N changes waiting to sync" for the app shell; 0 until the first count is read, which waits for the
 * first screen to paint.
 */
export function usePendingChanges(db: MirrorDb): number {
  const painted = useFirstPaintDone();
  return useLiveQuery(() => (painted ? countPendingChanges(db) : 0), [db, painted], 0);
}

/** How many changes the server refused as conflicting, waiting for the person to choose a text. */
export function useConflicts(db: MirrorDb): number {
  const painted = useFirstPaintDone();
  return useLiveQuery(
    () => (painted ? db.posts.where('syncState').equals('conflict').count() : 0),
    [db, painted],
    0,
  );
}
