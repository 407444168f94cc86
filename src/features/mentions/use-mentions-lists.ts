import { useEffect, useMemo, useRef } from 'react';
import type { MirrorDb } from '@/db/mirror';
import { writeFoundDates, writeKeywords, writeSocials } from '@/db/mirror-writes';
import { isPageAnswer } from '@/first-screen/page-answers';
import { useApi } from '@/lib/use-api';
import { useMirrored } from './use-mirrored';

/** The socials of the workspace, in their order. */
export function useSocials(db: MirrorDb) {
  return useMirrored(
    useApi('listSocials', {}).data,
    async () => {
      const kept = await db.socials.orderBy('position').toArray();
      return kept.length > 0 ? kept : undefined;
    },
    (answer) => writeSocials(db, answer),
    [db],
  );
}

/**
 * The project's found dates, newest first (null until known), asked for again every `pollMs` while there
 * is none or the search goes on. While it goes on (`running`), the keywords and the posts are asked for
 * again at the same pace (`whileRunning`), so new posts appear.
 */
export function useFoundDates(db: MirrorDb, projectId: string | null, reviewed: boolean, pollMs: number) {
  const datesCall = useApi('listFoundDates', projectId && reviewed ? {} : null, {
    refreshInterval: (latest) => (latest && latest.foundDates.length > 0 && !latest.running ? 0 : pollMs),
  });
  const running = datesCall.data?.running === true;
  const whileRunning = { refreshInterval: running ? pollMs : 0 };
  const foundDates = useMirrored(
    datesCall.data?.foundDates,
    async () => {
      if (!projectId) return undefined;
      const rows = await db.foundDates
        .where('[projectId+date]')
        .between([projectId, ''], [projectId, '\uffff'])
        .toArray();
      return rows.length > 0 ? rows.map((row) => row.date) : undefined;
    },
    (answer) => (projectId ? writeFoundDates(db, projectId, answer) : Promise.resolve()),
    [db, projectId],
    isPageAnswer(datesCall.data),
  );
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
    options,
  );
  const keywordsAnswer = keywordsCall.data;
  const keywordNames = useMemo(() => keywordsAnswer?.keywords.map((k) => k.name), [keywordsAnswer]);
  const keywords =
    useMirrored(
      keywordNames,
      async () =>
        projectId && foundDate ? (await db.keywordsByDate.get([projectId, foundDate]))?.keywords : undefined,
      (answer) =>
        projectId && foundDate
          ? writeKeywords(
              db,
              projectId,
              foundDate,
              answer.map((name) => ({ name })),
            )
          : Promise.resolve(),
      [db, projectId, foundDate],
      isPageAnswer(keywordsAnswer),
    ) ?? null;
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
