/// <reference lib="webworker" />
/**
 * ReplyRadar's service worker (built by vite-plugin-pwa, injectManifest strategy).
 * It precaches the app shell and serves it for every navigation, so the app opens offline; it never
 * caches the API. A new version waits until the page asks it to take over (SKIP_WAITING), and a
 * Background Sync wake-up is passed on to the open pages, where the sync engine sends the outbox.
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

declare let self: ServiceWorkerGlobalScope;

/** The Background Sync tag the app registers when its outbox has rows to send. */
const OUTBOX_SYNC_TAG = 'outbox-sync';

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Client-side routes all load the shell; /api/ navigations (a download, an OAuth return) go to the server.
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: [/^\/api(\/|$)/] }));

self.addEventListener('message', (event) => {
  const data: unknown = event.data;
  if (typeof data === 'object' && data !== null && 'type' in data && data.type === 'SKIP_WAITING') {
    void self.skipWaiting();
  }
});

clientsClaim();

// SyncEvent is not in TypeScript's webworker lib (Background Sync is Chromium-only).
type SyncEvent = ExtendableEvent & { readonly tag: string };
const isSyncEvent = (event: Event): event is SyncEvent => 'tag' in event && typeof event.tag === 'string';

/** Asks every open ReplyRadar window to send its outbox now. */
async function wakeOutboxSync(): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const client of windows) client.postMessage({ type: 'SYNC_OUTBOX' });
}

self.addEventListener('sync', (event) => {
  if (isSyncEvent(event) && event.tag === OUTBOX_SYNC_TAG) event.waitUntil(wakeOutboxSync());
});
