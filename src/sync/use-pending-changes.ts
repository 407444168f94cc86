import { useLiveQuery } from 'dexie-react-hooks';
import type { MirrorDb } from '@/db/mirror';
import { countPendingChanges } from '@/sync/pending-changes';

/** "N changes waiting to sync" for the app shell; 0 until the first count is read. */
export function usePendingChanges(db: MirrorDb): number {
  return useLiveQuery(() => countPendingChanges(db), [db], 0);
}
