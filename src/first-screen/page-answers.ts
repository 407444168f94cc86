/**
 * The answers the page came with (decision 017), as the data cache holds them. The app keeps them on the
 * device in one go once the first screen has painted (`src/first-screen/keep-page-answers.ts`), so a screen that
 * shows one need not write it again.
 */
const fromPage = new WeakSet<object>();

/** Notes `data` (a parsed answer the data cache starts with) as the page's. */
export function markPageAnswer(data: unknown): void {
  if (typeof data === 'object' && data !== null) fromPage.add(data);
}

/** True for data the page came with, which is kept on the device already (or about to be). */
export function isPageAnswer(data: unknown): boolean {
  return typeof data === 'object' && data !== null && fromPage.has(data);
}
