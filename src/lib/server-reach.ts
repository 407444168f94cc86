/**
 * Whether ReplyRadar's server answered the app's last call. It did not when no answer came (offline,
 * the server down) or when a 5xx came without the API's envelope: a proxy's page while the server is
 * deployed or down. Any other answer, the server's own errors included, means it is there; the pending
 * changes indicator says which.
 *
 * The server answering again is the app's reconnect: the page gets an `online` event, on which the data
 * cache asks again and the sync engine sends at once, as when the browser comes back online. After a 5xx
 * or no answer at load the app so recovers within moments of the server's return (issue 15), not after
 * the data cache's growing waits between retries.
 */
let reached = true;
const listeners = new Set<() => void>();

export const serverReach = {
  get: (): boolean => reached,
  set(next: boolean): void {
    if (next === reached) return;
    reached = next;
    for (const listener of listeners) listener();
    // On the global scope: the page's window (the service worker's own scope has no listener; Node, where
    // the server draws first screens, has none at all).
    if (next) globalThis.dispatchEvent?.(new Event('online'));
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
