import type { RouteData, RouteName } from '@contract/api';
import useSWR, { type SWRConfiguration, type SWRResponse } from 'swr';
import { useFirstPaintDone } from '@/first-screen/first-paint';
import { type ApiError, apiClient, type CallArgs } from '@/lib/api-client';
import { type KeptCopy, readThrough } from '@/lib/read-through';
import { useKeptCopy } from '@/lib/use-kept-copy';

export type { ApiKey } from '@/lib/api-keys';

/** When a call's kept copy (`kept`) shows instead of the API's answer. */
export type CopyShown =
  /** Only when the API cannot answer (offline, a 5xx): the gates', which must not open on an old answer. */
  | 'offline'
  /** While there is no answer: before it comes, and offline. */
  | 'meanwhile'
  /** Whenever the copy holds something: the posts, which are edited in the copy. */
  | 'first';

export interface ReadOptions<N extends RouteName, R extends RouteData<N>>
  extends SWRConfiguration<RouteData<N>, ApiError> {
  /** Where the answer is kept on this device (`keptCopies`), or null for an answer that is not kept. */
  kept?: KeptCopy<RouteData<N>, R> | null;
  /** When the kept copy shows: 'meanwhile' unless said. */
  shown?: CopyShown;
  /** Whose answer it is besides the call's arguments (the workspace of a subscription): part of its key. */
  of?: string | null;
}

/** A call's answer as a screen shows it: `data` is the API's answer or the kept copy, `kept` the latter. */
export type ApiRead<N extends RouteName, R extends RouteData<N> = RouteData<N>> = SWRResponse<
  RouteData<N> | R,
  ApiError
> & {
  /** The kept copy, when `data` is the copy read back from the mirror. */
  kept: R | undefined;
};

/**
 * The one way a screen reads data: one API call through the data cache (SWR), keyed by `[name, args]`
 * (and `of`); `null` args leaves it idle (no request). SWR's defaults are the specification's data-fetch
 * defaults; pass options only to depart from them. With `kept`, every answer asked for is kept on this
 * device once the first screen has painted, and the kept copy shows as `shown` says: the mirror's copy,
 * revalidated from the API. The page's own answers (decision 017) are in the data cache from the start
 * and kept in one go (`keepPageAnswers`), so they are never asked for again on mounting nor kept twice.
 */
export function useApi<N extends RouteName, R extends RouteData<N> = RouteData<N>>(
  name: N,
  args: CallArgs<N> | null,
  { kept = null, shown = 'meanwhile', of, ...options }: ReadOptions<N, R> = {},
): ApiRead<N, R> {
  const key = args === null ? null : of === undefined ? [name, args] : [name, args, of];
  const call = useSWR<RouteData<N>, ApiError>(
    key,
    () => {
      const ask = () => apiClient.request(name, args ?? undefined);
      return kept ? readThrough(ask, kept, shown === 'offline') : ask();
    },
    options,
  );
  const answer = call.data;
  // The mirror is read once the first screen has painted (the page's answers show till then), and only
  // when the copy may show.
  const mirrorOpen = useFirstPaintDone(kept !== null && shown !== 'offline');
  const read =
    kept !== null && mirrorOpen && (shown === 'first' || (shown === 'meanwhile' && answer === undefined));
  const copy = useKeptCopy(kept, read);
  const fromCopy = read && copy !== undefined;
  // The SWR response itself (its fields are read lazily, so a screen redraws only for what it reads).
  return Object.create(call, {
    data: { value: fromCopy ? copy : answer },
    kept: { value: fromCopy ? copy : undefined },
  });
}
