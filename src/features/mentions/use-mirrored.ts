import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import { useFirstPaintDone } from '@/first-screen/first-paint';
import { isPageAnswer } from '@/first-screen/page-answers';

/** Logs a write to the mirror that failed (the screen still shows the server's answer). */
export function logWriteFailure(error: unknown) {
  console.error('Could not keep the mentions on this device', error);
}

/**
 * An answer of the API that the mirror keeps for offline use: the server's answer while there is one,
 * and the mirror's copy while there is none (offline, or before the answer arrives). Each answer is
 * written to the mirror once the first screen has painted, except the page's own (`fromPage`), which the
 * app keeps in one go; the mirror is only read when there is no answer to show. `read` answers undefined
 * when the mirror holds nothing worth showing. `deps` are what `read` and `write` depend on.
 */
export function useMirrored<T>(
  answer: T | undefined,
  read: () => Promise<T | undefined>,
  write: (answer: T) => Promise<void>,
  deps: readonly unknown[],
  fromPage: boolean = isPageAnswer(answer),
): T | undefined {
  const mirrorOpen = useFirstPaintDone();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `write` is rebuilt each render; `deps` say when it changes.
  useEffect(() => {
    if (mirrorOpen && answer !== undefined && !fromPage) write(answer).catch(logWriteFailure);
  }, [mirrorOpen, answer, fromPage, ...deps]);
  const needed = mirrorOpen && answer === undefined;
  const kept = useLiveQuery(async () => (needed ? await read() : undefined), [needed, ...deps]);
  return answer ?? kept;
}
