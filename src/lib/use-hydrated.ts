import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/**
 * False while React draws a screen on the server or takes over the server's HTML of it (decision 020),
 * true in every other render. What may differ between the server and this device (its time zone) is
 * drawn the server's way until then, so the page's HTML and the app's first render agree.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
