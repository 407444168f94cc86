import type { RouteData, RouteName } from '@contract/api';
import { useCallback } from 'react';
import useSWR, { type SWRConfiguration, type SWRResponse, useSWRConfig } from 'swr';
import { type ApiError, apiClient, type CallArgs } from '@/lib/api-client';

/** The SWR key of one call: its route name and its arguments. */
export type ApiKey<N extends RouteName> = readonly [N, CallArgs<N>];

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

/** Empties every cached API answer without refetching (used on log out, so no one sees the last person's data). */
export function useClearApiCache(): () => Promise<void> {
  const { mutate } = useSWRConfig();
  return useCallback(async () => {
    await mutate(() => true, undefined, { revalidate: false });
  }, [mutate]);
}
