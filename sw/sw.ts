/// <reference lib="webworker" />
/**
 * ReplyRadar's service worker (built by vite-plugin-pwa, injectManifest strategy).
 * It precaches the app shell and serves it for every navigation, so the app opens offline; it never
 * caches the API. A new version waits until the page asks it to take over (`serviceWorkerMessages.skipWaiting`).
 *
 * The outbox: while a ReplyRadar window is open, its sync engine sends it, and a Background Sync
 * wake-up is passed on to it. With no window open the worker sends it itself, with the page's engine
 * over the same mirror (`src/sync/outbox-worker.ts`): on a Background Sync wake-up where the browser
 * has it (Chromium), and elsewhere when the worker next wakes for a navigation. Under Clerk the worker
 * cannot get a token, so the rows wait for the page.
 *
 * Under Clerk it also keeps Clerk's script, which comes from Clerk's host, so that the app opens offline
 * (decision 041): served from the device at once and refreshed from Clerk behind it.
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { StaleWhileRevalidate } from 'workbox-strategies';
import { MirrorDb } from '@/db/mirror';
import { clerkScriptCache, isClerkScript } from '@/features/auth/clerk/clerk-script';
import { authMode } from '@/lib/env';
import { isServiceWorkerMessage, serviceWorkerMessages } from '@/lib/service-worker-messages';
import { isSyncManager, OUTBOX_SYNC_TAG } from '@/sync/background-sync';
import { hasSendableChanges, OutboxNotSentError, sendOutboxFromWorker } from '@/sync/outbox-worker';

declare let self: ServiceWorkerGlobalScope;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Client-side routes all load the shell; /api/ navigations (a download, an OAuth return) go to the server.
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: [/^\/api(\/|$)/] }));

if (authMode === 'clerk') {
  registerRoute(
    ({ url }) => isClerkScript(url, self.location.origin),
    // Clerk answers `Vary: Origin`; a script element's request names its origin, a kept copy may not.
    new StaleWhileRevalidate({ cacheName: clerkScriptCache, matchOptions: { ignoreVary: true } }),
  );
}

self.addEventListener('message', (event) => {
  if (isServiceWorkerMessage(event.data, serviceWorkerMessages.skipWaiting)) void self.skipWaiting();
});

clientsClaim();

// SyncEvent is not in TypeScript's webworker lib (Background Sync is Chromium-only).
type SyncEvent = ExtendableEvent & { readonly tag: string };
const isSyncEvent = (event: Event): event is SyncEvent => 'tag' in event && typeof event.tag === 'string';

/** Asks the browser to wake the worker again once it is back online (Chromium). */
function registerSyncAgain(): void {
  const sync: unknown = 'sync' in self.registration ? self.registration.sync : undefined;
  if (isSyncManager(sync)) void sync.register(OUTBOX_SYNC_TAG).catch(() => undefined);
}

/** Runs `use` on the mirror, closed again after it so that a new version of the app can upgrade it. */
async function withMirror<T>(use: (db: MirrorDb) => Promise<T>): Promise<T> {
  const db = new MirrorDb();
  try {
    return await use(db);
  } finally {
    db.close();
  }
}

/** Sends the outbox from here. Rejects while sendable rows remain (offline, the server down or failing). */
function sendFromWorker(): Promise<unknown> {
  return withMirror((db) =>
    sendOutboxFromWorker({ authMode, db, registerBackgroundSync: registerSyncAgain }),
  );
}

function openWindows(): Promise<readonly WindowClient[]> {
  return self.clients.matchAll({ type: 'window', includeUncontrolled: true });
}

/**
 * A Background Sync wake-up. With no window open this worker sends the outbox. Otherwise the windows'
 * sync engines are asked to; while rows are left the wake-up still fails, so that the browser wakes the
 * worker again later (Chromium: after minutes), when the tab may have closed with them unsent.
 */
async function syncOutbox(): Promise<void> {
  const windows = await openWindows();
  if (windows.length === 0) {
    await sendFromWorker();
    return;
  }
  for (const client of windows) client.postMessage({ type: serviceWorkerMessages.syncOutbox });
  if (await withMirror(hasSendableChanges)) {
    throw new OutboxNotSentError('A window is sending the changes; the worker checks again later');
  }
}

self.addEventListener('sync', (event) => {
  if (isSyncEvent(event) && event.tag === OUTBOX_SYNC_TAG) event.waitUntil(syncOutbox());
});

// Where there is no Background Sync, a navigation with no window open (the page being opened is not one
// yet) wakes the worker: it sends what waits, without delaying the navigation's answer. The page's own
// engine, once started, waits for the same lock.
self.addEventListener('fetch', (event) => {
  if (event.request.mode !== 'navigate') return;
  const sendIfAlone = async () => {
    if ((await openWindows()).length === 0) await sendFromWorker();
  };
  event.waitUntil(
    sendIfAlone().catch((error: unknown) => console.warn('The outbox could not be sent yet', error)),
  );
});
