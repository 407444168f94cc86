import { whenIdleAfterFirstScreenSettles } from '@/first-screen/first-paint';

/**
 * Registers the service worker in production builds and reports when a new version is waiting.
 * `onNeedRefresh` receives `update`, which lets the waiting worker take over and reloads the page once
 * it controls it; call it when the user agrees (never in the middle of an unsaved edit).
 */
export function registerServiceWorker(onNeedRefresh: (update: () => Promise<void>) => void): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;

  void (async () => {
    // After the page has loaded and its first screen has settled (painted, its answers kept on the
    // device), at a moment the browser has to spare: installing the worker fetches the whole app shell,
    // which must not compete with the first screen for the network and the main thread.
    if (document.readyState !== 'complete')
      await new Promise((resolve) => window.addEventListener('load', resolve, { once: true }));
    await whenIdleAfterFirstScreenSettles();
    // Loaded on demand so workbox-window stays out of the first-load bundle.
    const { Workbox } = await import('workbox-window');
    const workbox = new Workbox('/sw.js', { scope: '/' });

    workbox.addEventListener('waiting', () => {
      onNeedRefresh(async () => {
        workbox.addEventListener('controlling', () => window.location.reload());
        workbox.messageSkipWaiting();
      });
    });

    await workbox.register();
  })().catch((error: unknown) => {
    console.error('Service worker registration failed', error);
  });
}
