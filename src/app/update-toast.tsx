import { useState, useSyncExternalStore } from 'react';
import { Button } from '@/components/ui/button';
import { Text } from '@/components/ui/text';
import { type AppUpdate, appUpdate } from '@/lib/app-update';

/**
 * Offers a waiting new version with 'Reload'. The reload sends the outbox first (the signed-in app adds
 * that step), then the new version takes over and the page reloads into it.
 */
export function UpdateToast({ update = appUpdate }: { update?: AppUpdate }) {
  const waiting = useSyncExternalStore(update.subscribe, update.isWaiting, () => false);
  const [reloading, setReloading] = useState(false);
  if (!waiting) return null;
  return (
    <div
      role="status"
      className="fixed inset-x-4 bottom-4 z-50 mx-auto flex max-w-sm items-center gap-3 rounded-lg border border-border bg-background p-4 shadow-lg"
    >
      <Text size="sm" className="flex-1">
        A new version of ReplyRadar is ready.
      </Text>
      <Button
        size="sm"
        loading={reloading}
        onClick={() => {
          setReloading(true);
          update.reload().catch((error: unknown) => {
            console.error('Updating ReplyRadar failed', error);
            setReloading(false);
          });
        }}
      >
        Reload
      </Button>
    </div>
  );
}
