import { startTransition, useEffect, useState } from 'react';
import { firstScreenTiming } from '@/first-screen/page';

/**
 * A moment of the page's start that work can wait for: passed unless the app's entry holds it, so a
 * component rendered on its own (a test) never waits.
 */
function startMoment() {
  let passed = true;
  const waiting = new Set<() => void>();
  return {
    passed: () => passed,
    hold: () => {
      passed = false;
    },
    pass: () => {
      if (passed) return;
      passed = true;
      for (const resolve of waiting) resolve();
      waiting.clear();
    },
    reached: (): Promise<void> =>
      passed ? Promise.resolve() : new Promise((resolve) => waiting.add(resolve)),
  };
}

/** Resolves when the browser next has a moment to spare (within 2 s). */
function nextIdleMoment(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function')
      requestIdleCallback(() => resolve(), { timeout: firstScreenTiming.idleTimeoutMs });
    else setTimeout(resolve, 0);
  });
}

/**
 * Whether the page has painted its first screen. Work the first screen does not need (opening the
 * mirror, writing to it, starting the sync engine) waits for it, so the screen shows first and that work
 * follows in tasks of its own.
 */
const firstPaint = startMoment();

/**
 * Called by the app's entry before anything waits for the first paint: from now, that waits until the
 * app's first screen has been committed (`firstScreenCommitted`) and that frame has painted.
 */
export function holdUntilFirstPaint(): void {
  if (typeof requestAnimationFrame === 'function') firstPaint.hold();
}

/** Called once the first screen is in the DOM, before it paints (a layout effect of the app's root). */
export function firstScreenCommitted(): void {
  if (firstPaint.passed()) return;
  // A frame callback runs before that frame paints; the task it queues runs once it has.
  requestAnimationFrame(() => setTimeout(firstPaint.pass, 0));
}

/** Resolves once the first screen has painted (at once if it has, or if nobody watches for it). */
export function afterFirstPaint(): Promise<void> {
  return firstPaint.reached();
}

/**
 * True once the first screen has painted; re-renders the component then, as a transition, so that what
 * the component starts then (opening the mirror, its screens' first reads) is drawn in short slices.
 * False on the server and while the app takes over the server's page (decision 020). With `watch`
 * false it only tells, and draws nothing again (a hook that needs it only sometimes).
 */
export function useFirstPaintDone(watch = true): boolean {
  const [done, setDone] = useState(() => typeof window !== 'undefined' && firstPaint.passed());
  useEffect(() => {
    if (done || !watch) return;
    let current = true;
    void afterFirstPaint().then(() => {
      if (current) startTransition(() => setDone(true));
    });
    return () => {
      current = false;
    };
  }, [done, watch]);
  return done;
}

/**
 * Resolves once the first screen has painted and the browser next has a moment to spare (within 2 s):
 * for work that need not hold up the first interaction either, each piece in a task of its own.
 */
export function whenIdleAfterFirstPaint(): Promise<void> {
  return afterFirstPaint().then(nextIdleMoment);
}

/**
 * Whether the first screen has settled: painted, and the page's answers kept on the device (main.tsx). The
 * app's background work (the sync engine, installing the service worker) waits for it, so that it neither
 * competes with making the first screen usable nor counts among what the screen needs.
 */
const firstScreenSettles = startMoment();

/** Called by the app's entry: from now, `whenIdleAfterFirstScreenSettles` waits for `firstScreenSettled`. */
export function holdUntilFirstScreenSettles(): void {
  firstScreenSettles.hold();
}

/** Called by the app's entry once the first screen has painted and the page's answers are kept. */
export function firstScreenSettled(): void {
  firstScreenSettles.pass();
}

/**
 * How long the background work waits after the first screen has settled: the screen's own last steps
 * (the mirror's copies read back, the answers made editable) come first, as the browser's idle moments
 * alone do not tell (it is idle while the device's database works).
 */
export const backgroundWorkDelayMs = firstScreenTiming.backgroundWorkDelayMs;

/**
 * Resolves once the first screen has settled, a moment has passed (`backgroundWorkDelayMs`) and the
 * browser next has time to spare (within 2 s): for the app's background work.
 */
export function whenIdleAfterFirstScreenSettles(): Promise<void> {
  const wasHeld = !firstScreenSettles.passed();
  return firstScreenSettles
    .reached()
    .then(() =>
      wasHeld ? new Promise<void>((resolve) => setTimeout(resolve, backgroundWorkDelayMs)) : undefined,
    )
    .then(nextIdleMoment);
}
