/**
 * The Background Sync tag `sw/sw.ts` answers by posting `serviceWorkerMessages.syncOutbox` to the open windows, or
 * with none open, by sending the outbox itself.
 */
export const OUTBOX_SYNC_TAG = 'outbox-sync';

export interface SyncManagerLike {
  register(tag: string): Promise<void>;
}

/** A registration's `sync` (Background Sync is not in TypeScript's libs: Chromium only). */
export function isSyncManager(value: unknown): value is SyncManagerLike {
  return (
    typeof value === 'object' && value !== null && 'register' in value && typeof value.register === 'function'
  );
}

/**
 * Asks the service worker to wake the app when the connection returns, where Background Sync exists
 * (Chromium); elsewhere the `online` event and the next visit do it.
 */
export function registerOutboxSync(): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  void navigator.serviceWorker.ready
    .then((registration) => {
      const sync: unknown = 'sync' in registration ? registration.sync : undefined;
      return isSyncManager(sync) ? sync.register(OUTBOX_SYNC_TAG) : undefined;
    })
    .catch((error: unknown) => console.warn('Background Sync registration failed', error));
}
