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
import useSWR, {
  type Middleware,
  SWRConfig,
  type SWRConfiguration,
  type SWRResponse,
  unstable_serialize,
} from 'swr';
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

/** How long the page's answers count as just asked: no hook asks for them again on mounting meanwhile. */
const pageAnswersFreshMs = 30_000;

/**
 * A key the page answered (decision 017) is not asked again by the hooks that mount in its first 30 s:
 * the answer is the server's of a moment ago. Later mounts, focus and reconnect ask as usual.
 */
function notAskedAgainOnMount(answered: ReadonlySet<string>, freshUntil: number): Middleware {
  return (useSWRNext) => (key, fetcher, config) => {
    const [fromPage] = useState(() => answered.has(unstable_serialize(key)) && Date.now() < freshUntil);
    return useSWRNext(key, fetcher, fromPage ? { ...config, revalidateOnMount: false } : config);
  };
}

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
  const [answeredByPage] = useState(() => ({
    keys: new Set(Object.keys(firstData ?? {})),
    freshUntil: Date.now() + pageAnswersFreshMs,
  }));
  return createElement(
    ClearApiCacheContext.Provider,
    { value: clear },
    createElement(
      Fragment,
      { key: generation },
      createElement(
        SWRConfig,
        {
          value: {
            ...config,
            ...(fallback
              ? { fallback, use: [notAskedAgainOnMount(answeredByPage.keys, answeredByPage.freshUntil)] }
              : {}),
            provider: () => new Map(),
          },
        },
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
