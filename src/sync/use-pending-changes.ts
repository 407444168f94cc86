import { useLiveQuery } from 'dexie-react-hooks';
import type { MirrorDb } from '@/db/mirror';
import { useFirstPaintDone } from '@/first-screen/first-paint';
import { countPendingChanges } from '@/sync/pending-changes';

const none = [0, 0] as const;

/**
 * What the app shell's indicator counts, in one live query: the changes waiting to sync ("N changes
 * waiting to sync") and those the server refused as conflicting, which wait for the person's choice,
 * not for the network, and so are counted apart. [0, 0] until the first screen has painted.
 */
export function usePendingChanges(db: MirrorDb): readonly [waiting: number, conflicts: number] {
  const painted = useFirstPaintDone();
  return useLiveQuery(
    async () => {
      if (!painted) return none;
      const conflicts = await db.posts.where('syncState').equals('conflict').count();
      return [Math.max(0, (await countPendingChanges(db)) - conflicts), conflicts] as const;
    },
    [db, painted],
    none,
  );
}
