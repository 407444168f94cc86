import { useSyncExternalStore } from 'react';
import { Button } from '@/components/ui/button';
import { Text } from '@/components/ui/text';
import type { MirrorDb } from '@/db/mirror';
import { serverReach } from '@/lib/server-reach';
import { useOnline } from '@/lib/use-online';
import { usePendingChanges } from '@/sync/use-pending-changes';
import { useSyncEngine } from '../sync-engine-provider';

export function pendingChangesText(count: number): string {
  return count === 1 ? '1 change waiting to sync' : `${count} changes waiting to sync`;
}

export function conflictsText(count: number): string {
  return count === 1 ? 'A change needs your choice' : `${count} changes need your choice`;
}

/** Shown while the device is online but the server does not answer (down, or a deploy behind a proxy). */
export const unreachableText = "Can't reach ReplyRadar";

function PendingCount({ db, retryNow }: { db: MirrorDb; retryNow: () => void }) {
  const [count, conflicts] = usePendingChanges(db);
  const online = useOnline();
  const reached = useSyncExternalStore(serverReach.subscribe, serverReach.get, () => true);
  if (count === 0 && conflicts === 0 && online && reached) return null;
  const parts = [
    online ? (reached ? null : unreachableText) : 'Offline',
    conflicts === 0 ? null : conflictsText(conflicts),
    count === 0 ? null : pendingChangesText(count),
  ];
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <Text as="span" size="xs" tone="muted" role="status">
        {parts.filter(Boolean).join(' · ')}
      </Text>
      {online && count > 0 ? (
        <Button size="sm" shape="link" variant="secondary" onClick={retryNow}>
          Retry now
        </Button>
      ) : null}
    </span>
  );
}

/**
 * "Offline" (or "Can't reach ReplyRadar"), "A change needs your choice" and "N changes waiting to sync",
 * shown only while offline, while the server does not answer, or while the outbox holds changes; online with changes waiting, 'Retry now' sends them at once instead of
 * after the wait between tries.
 */
export function PendingChangesIndicator() {
  const sync = useSyncEngine();
  if (!sync) return null;
  const retryNow = () =>
    void sync.engine.flush().catch((error: unknown) => console.error('Could not send the changes', error));
  return <PendingCount db={sync.db} retryNow={retryNow} />;
}
