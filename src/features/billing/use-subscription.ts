import { useApi } from '@/lib/use-api';

/**
 * The workspace's subscription. Fetched once: not again on focus or reconnect, nor on mount while a copy
 * is cached (spec section 4); actions that change it update the cache themselves.
 */
export function useSubscription() {
  return useApi(
    'getSubscription',
    {},
    { revalidateOnFocus: false, revalidateOnReconnect: false, revalidateIfStale: false },
  );
}
