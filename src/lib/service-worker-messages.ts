/** The messages the service worker (`sw/sw.ts`) and the app's windows send each other, named by `type`. */
export const serviceWorkerMessages = {
  /** A window asks the waiting new version to take over (workbox-window's `messageSkipWaiting()` sends it). */
  skipWaiting: 'SKIP_WAITING',
  /** The worker asks each open window's sync engine to send the outbox (a Background Sync wake-up). */
  syncOutbox: 'SYNC_OUTBOX',
} as const;

export type ServiceWorkerMessageType = (typeof serviceWorkerMessages)[keyof typeof serviceWorkerMessages];

/** True when a message's data is the message `type`. */
export function isServiceWorkerMessage(data: unknown, type: ServiceWorkerMessageType): boolean {
  return typeof data === 'object' && data !== null && 'type' in data && data.type === type;
}
