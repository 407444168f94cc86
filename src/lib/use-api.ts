import type { RouteData, RouteName } from '@contract/api';
import {
  createContext,
  createElement,
  Fragment,
  type ReactNode,
  useCallback,
  useContext,
  useState,
} from 'react';
import useSWR, { SWRConfig, type SWRConfiguration, type SWRResponse } from 'swr';
import { type ApiError, apiClient, type CallArgs } from '@/lib/api-client';
import type { ApiKey } from '@/lib/api-keys';

export type { ApiKey } from '@/lib/api-keys';

function fetchRoute<N extends RouteName>([name, args]: ApiKey<N>): Promise<RouteData<N>> {
  return apiClient.request(name, args);
}

/**
 * Reads one API call through SWR, keyed by `[name, args]`; `null` args leaves it idle (no request).
 * SWR's defaults are the specification's data-fetch defaults; pass options only to depart from them.
 */
export function useApi<N extends RouteName>(
  name: N,
  args: CallArgs<N> | null,
  options?: SWRConfiguration<RouteData<N>, ApiError>,
): SWRResponse<RouteData<N>, ApiError> {
  const key: ApiKey<N> | null = args === null ? null : [name, args];
  return useSWR<RouteData<N>, ApiError, ApiKey<N> | null>(key, fetchRoute, options);
}

const ClearApiCacheContext = createContext<(() => void) | null>(null);

/**
 * The data cache of the app. Clearing it starts a new, empty cache and remounts what is below, so that no
 * answer, request in flight or de-duplication window of the last person carries over to the next one.
 * `firstData` (the page's first answers by key, decision 017) is what the first cache shows for a key
 * until that key has been asked; a cleared cache starts without it.
 */
export function ApiCacheProvider({
  children,
  config,
  firstData,
}: {
  children: ReactNode;
  config?: SWRConfiguration;
  firstData?: Record<string, unknown> | undefined;
}) {
  const [generation, setGeneration] = useState(0);
  const clear = useCallback(() => setGeneration((n) => n + 1), []);
  const fallback = generation === 0 && firstData ? firstData : undefined;
  return createElement(
    ClearApiCacheContext.Provider,
    { value: clear },
    createElement(
      Fragment,
      { key: generation },
      createElement(
        SWRConfig,
        { value: { ...config, ...(fallback ? { fallback } : {}), provider: () => new Map() } },
        children,
      ),
    ),
  );
}

/** Empties the whole data cache (used on log out). Only inside ApiCacheProvider. */
export function useClearApiCache(): () => void {
  const clear = useContext(ClearApiCacheContext);
  if (clear === null) throw new Error('useClearApiCache must be used inside ApiCacheProvider');
  return clear;
}
