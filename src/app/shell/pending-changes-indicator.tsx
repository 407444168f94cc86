import { Text } from '@/components/ui/text';
import type { MirrorDb } from '@/db/mirror';
import { usePendingChanges } from '@/sync/use-pending-changes';
import { useSyncEngine } from '../sync-engine-provider';

export function pendingChangesText(count: number): string {
  return count === 1 ? '1 change waiting to sync' : `${count} changes waiting to sync`;
}

function PendingCount({ db }: { db: MirrorDb }) {
  const count = usePendingChanges(db);
  if (count === 0) return null;
  return (
    <Text as="span" size="xs" tone="muted" role="status">
      {pendingChangesText(count)}
    </Text>
  );
}

/** "N changes waiting to sync", shown only while the outbox holds changes. */
export function PendingChangesIndicator() {
  const sync = useSyncEngine();
  return sync ? <PendingCount db={sync.db} /> : null;
}
