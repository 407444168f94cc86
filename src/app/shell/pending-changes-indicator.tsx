import { Text } from '@/components/ui/text';
import type { MirrorDb } from '@/db/mirror';
import { useOnline } from '@/lib/use-online';
import { usePendingChanges } from '@/sync/use-pending-changes';
import { useSyncEngine } from '../sync-engine-provider';

export function pendingChangesText(count: number): string {
  return count === 1 ? '1 change waiting to sync' : `${count} changes waiting to sync`;
}

function PendingCount({ db }: { db: MirrorDb }) {
  const count = usePendingChanges(db);
  const online = useOnline();
  if (count === 0 && online) return null;
  const parts = [online ? null : 'Offline', count === 0 ? null : pendingChangesText(count)];
  return (
    <Text as="span" size="xs" tone="muted" role="status">
      {parts.filter(Boolean).join(' · ')}
    </Text>
  );
}

/** "Offline" and "N changes waiting to sync", shown only while offline or while the outbox holds changes. */
export function PendingChangesIndicator() {
  const sync = useSyncEngine();
  return sync ? <PendingCount db={sync.db} /> : null;
}
