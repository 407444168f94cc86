import { afterFirstPaint } from '@/first-screen/first-paint';
import { ApiError } from '@/lib/api-client';

/**
 * Where an answer is kept on this device (the mirror), and how it is read back. `R` is what the mirror
 * gives back: the answer itself, or more (a post's changes waiting to be sent).
 */
export interface KeptCopy<T, R extends T = T> {
  /** What the copy depends on besides the call (the mirror, the project…): reading it again when they change. */
  place: readonly unknown[];
  keep(data: T): Promise<void>;
  /** The kept answer, or undefined when there is none worth showing. */
  read(): Promise<R | undefined>;
}

/**
 * Asks the API and keeps the answer on this device once the first screen has painted (the page's own
 * answers are kept in one go, `src/first-screen/keep-page-answers.ts`). With `orCopy`, when the server
 * cannot be reached (offline, the server down) or fails with a 5xx (a deploy behind a proxy), answers with
 * the kept copy instead, so the screens and gates that need it still open (issue 15: a 5xx no longer locks
 * the person out). Any other failure (401, 403, 404…) is the server's answer and is passed on.
 */
export async function readThrough<T, R extends T>(
  ask: () => Promise<T>,
  copy: KeptCopy<T, R>,
  orCopy = true,
): Promise<T> {
  let data: T;
  try {
    data = await ask();
  } catch (error) {
    if (!(orCopy && error instanceof ApiError && (error.status === 0 || error.status >= 500))) throw error;
    const kept = await copy.read().catch(() => undefined);
    if (kept === undefined) throw error;
    return kept;
  }
  afterFirstPaint()
    .then(() => copy.keep(data))
    .catch((error: unknown) => console.error('Could not keep the answer on this device', error));
  return data;
}
