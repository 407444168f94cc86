/**
 * The first screen's one say on two questions the page load asks in several places (`src/boot.ts`,
 * `src/main.tsx`, `src/first-screen/first-paint.ts`, `src/lib/api-cache.ts`): did the server draw this page, and how
 * long does each step of taking it over wait. Imported by the page's entry, so it imports nothing.
 */

/** The timing of a page load, in one place (decisions 017, 020 and 034 say why each). */
export const firstScreenTiming = {
  /** The entry starts the app at the first contentful paint, or after this long if none is reported. */
  paintFallbackMs: 3_000,
  /** Background work (the sync engine, the service worker) starts this long after the first screen settles… */
  backgroundWorkDelayMs: 500,
  /** …then at the browser's next idle moment, waited for at most this long. */
  idleTimeoutMs: 2_000,
  /** The page's answers count as just asked this long: no hook mounting meanwhile asks them again. */
  pageAnswersFreshMs: 30_000,
} as const;

/** Whether the server drew the page's first screen: the app's root came with the screen's HTML in it. */
export function drawnByServer(page: Document = document): boolean {
  return page.getElementById('root')?.firstChild != null;
}
