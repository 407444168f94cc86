import {
  createContext,
  createElement,
  Fragment,
  type ReactNode,
  useCallback,
  useContext,
  useState,
} from 'react';
import { type Middleware, SWRConfig, type SWRConfiguration, unstable_serialize } from 'swr';
import { firstScreenTiming } from '@/first-screen/page';

const ClearApiCacheContext = createContext<(() => void) | null>(null);

/** How long the page's answers count as just asked: no hook asks for them again on mounting meanwhile. */
const pageAnswersFreshMs = firstScreenTiming.pageAnswersFreshMs;

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
 * The cache is `owner`'s (the signed-in person's id): when another person, or nobody, is signed in, it
 * is a new one, from the same render that shows them their screen (a sign-out draws sign in once, with
 * nothing left of the last person under it). `firstData` (the page's first answers by key, decision 017)
 * is what the first cache holds from the start; a cleared or new cache starts without it.
 */
export function ApiCacheProvider({
  children,
  config,
  firstData,
  owner = null,
}: {
  children: ReactNode;
  config?: SWRConfiguration;
  firstData?: Record<string, unknown> | undefined;
  owner?: string | null;
}) {
  const [generation, setGeneration] = useState(0);
  const clear = useCallback(() => setGeneration((n) => n + 1), []);
  const [firstOwner] = useState(owner);
  const pageData = generation === 0 && owner === firstOwner && firstData ? firstData : undefined;
  const [answeredByPage] = useState(() => ({
    keys: new Set(Object.keys(firstData ?? {})),
    freshUntil: Date.now() + pageAnswersFreshMs,
  }));
  return createElement(
    ClearApiCacheContext.Provider,
    { value: clear },
    createElement(
      Fragment,
      { key: `${generation}:${owner ?? ''}` },
      createElement(
        SWRConfig,
        {
          value: {
            ...config,
            ...(pageData
              ? { use: [notAskedAgainOnMount(answeredByPage.keys, answeredByPage.freshUntil)] }
              : {}),
            // The page's answers are in the cache from the start, as if just asked: the server's render
            // and the app's take-over of it read the same entries (a `fallback` would differ from the
            // cache there, and React would draw every screen that reads one again at once, in one go).
            provider: () =>
              new Map(pageData ? Object.entries(pageData).map(([key, data]) => [key, { data }]) : []),
          },
        },
        children,
      ),
    ),
  );
}

/** Empties the whole data cache (moving to another workspace). Only inside ApiCacheProvider. */
export function useClearApiCache(): () => void {
  const clear = useContext(ClearApiCacheContext);
  if (clear === null) throw new Error('useClearApiCache must be used inside ApiCacheProvider');
  return clear;
}
