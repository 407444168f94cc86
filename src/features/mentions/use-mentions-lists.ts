import { useEffect, useMemo, useRef } from 'react';
import { keptCopies } from '@/db/kept-copies';
import type { MirrorDb } from '@/db/mirror';
import { useApi } from '@/lib/use-api';

/** The socials of the workspace, in their order. */
export function useSocials(db: MirrorDb) {
  return useApi('listSocials', {}, { kept: keptCopies.socials(db) }).data;
}

/**
 * The project's found dates, newest first (null until known), asked for again every `pollMs` while there
 * is none or the search goes on. While it goes on (`running`), the keywords and the posts are asked for
 * again at the same pace (`whileRunning`), so new posts appear.
 */
export function useFoundDates(db: MirrorDb, projectId: string | null, reviewed: boolean, pollMs: number) {
  const datesCall = useApi('listFoundDates', projectId && reviewed ? {} : null, {
    kept: projectId ? keptCopies.foundDates(db, projectId) : null,
    refreshInterval: (latest) => (latest && latest.foundDates.length > 0 && !latest.running ? 0 : pollMs),
  });
  const running = datesCall.data?.running === true;
  const whileRunning = { refreshInterval: running ? pollMs : 0 };
  const foundDates = datesCall.data?.foundDates;
  const dates = useMemo(() => (foundDates ? [...foundDates].sort().reverse() : null), [foundDates]);
  return { datesCall, running, whileRunning, dates };
}

/** The keywords of one found date (null until known), with the call that asks for them. */
export function useKeywords(
  db: MirrorDb,
  projectId: string | null,
  reviewed: boolean,
  foundDate: string | undefined,
  options: { refreshInterval: number },
) {
  const keywordsCall = useApi(
    'listKeywordsForDate',
    projectId && reviewed && foundDate ? { query: { found_date: foundDate } } : null,
    { ...options, kept: projectId && foundDate ? keptCopies.keywords(db, projectId, foundDate) : null },
  );
  const answer = keywordsCall.data;
  const keywords = useMemo(() => answer?.keywords.map((k) => k.name) ?? null, [answer]);
  return { keywordsCall, keywords };
}

/** Once the search has finished, its last keywords and posts are asked for (they may have come since the last check). */
export function useLastResultsWhenSearchEnds(running: boolean, calls: readonly { mutate: () => unknown }[]) {
  const wasRunning = useRef(running);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the calls' `mutate` are stable; `running` drives it.
  useEffect(() => {
    if (wasRunning.current && !running) {
      for (const call of calls) void call.mutate();
    }
    wasRunning.current = running;
  }, [running]);
}
