import { ApiError } from '@/lib/api-client';

/** Where an answer is kept on this device, and how it is read back. */
export interface KeptCopy<T> {
  keep(data: T): Promise<void>;
  /** The kept answer, or undefined when there is none worth showing. */
  read(): Promise<T | undefined>;
}

/**
 * Asks the API and keeps the answer on this device; when the server cannot be reached (offline, the
 * server down) or fails with a 5xx (a deploy behind a proxy), answers with the kept copy instead, so the
 * screens and gates that need it still open (issue 15: a 5xx no longer locks the person out). Any other
 * failure (401, 403, 404…) is the server's answer and is passed on.
 */
export async function readThrough<T>(ask: () => Promise<T>, copy: KeptCopy<T>): Promise<T> {
  let data: T;
  try {
    data = await ask();
  } catch (error) {
    if (!(error instanceof ApiError && (error.status === 0 || error.status >= 500))) throw error;
    const kept = await copy.read().catch(() => undefined);
    if (kept === undefined) throw error;
    return kept;
  }
  copy.keep(data).catch((error: unknown) => console.error('Could not keep the answer on this device', error));
  return data;
}
