import { useCallback, useSyncExternalStore } from 'react';
import { useHydrated } from '@/first-screen/use-hydrated';

const canMatch = () => typeof window !== 'undefined' && typeof window.matchMedia === 'function';

/**
 * Whether the CSS media query matches now, following its changes (a window resized, a phone turned); null
 * where it cannot be told (no `matchMedia`, or on the server and while the app takes its page over), so
 * the caller can leave the choice to its CSS.
 */
export function useMediaQuery(query: string): boolean | null {
  const hydrated = useHydrated();
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!canMatch()) return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => (hydrated && canMatch() ? window.matchMedia(query).matches : null),
    () => null,
  );
}
