import { liveQuery } from 'dexie';
import { startTransition, useEffect, useRef, useState } from 'react';
import type { KeptCopy } from '@/lib/read-through';

/** The last read: its place (a failed read is thrown only while its place is shown), the copy or the error. */
interface Read<R> {
  place: readonly unknown[];
  copy?: R | undefined;
  error?: unknown;
}

function samePlace(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((part, index) => Object.is(part, b[index]));
}

/**
 * The copy of an answer kept on this device (`kept`), read while `read` is true and read again whenever
 * the mirror's rows it read change (Dexie's live query); undefined otherwise, or until the first read is
 * done. A new read is drawn as a transition: a day of posts read back from the mirror is drawn in short
 * slices, so that a phone showing the page answers input meanwhile. A copy stays shown while the copy of
 * a new place (another date, say) is read, as `useLiveQuery` did. A failed read is thrown while drawing,
 * for the screen's error boundary.
 */
export function useKeptCopy<R>(
  kept: Pick<KeptCopy<R>, 'place' | 'read'> | null,
  read: boolean,
): R | undefined {
  const [last, setLast] = useState<Read<R>>({ place: [] });
  const place = kept?.place ?? [];
  // The place as one value that changes only when a part of it does (places differ in length).
  const shownPlace = useRef(place);
  if (!samePlace(shownPlace.current, place)) shownPlace.current = place;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the copy's place is what it depends on.
  useEffect(() => {
    // Not read, the copy is gone: reading again shows nothing until the new read is done.
    if (!read || !kept) {
      setLast((before) => (before.copy === undefined && before.error === undefined ? before : { place }));
      return;
    }
    // An async querier: Dexie follows its awaits, so every row it reads is watched.
    const subscription = liveQuery(async () => await kept.read()).subscribe({
      next: (copy) => startTransition(() => setLast({ place, copy })),
      error: (error: unknown) => setLast({ place, error }),
    });
    return () => subscription.unsubscribe();
  }, [read, shownPlace.current]);
  if (!read) return undefined;
  if (last.error !== undefined && samePlace(last.place, place)) throw last.error;
  return last.copy;
}
