import { HttpError } from '../http/envelope';
import { SafeFetchError } from '../net/safe-fetch';

/**
 * Drafting failed: the model answered badly (or not at all), there was too little to draft from, or the
 * page could not be read (too complex for its reading budget, or its reader failed on it; the readers all
 * busy).
 */
export class GenerationError extends Error {
  override name = 'GenerationError';
  constructor(
    message: string,
    readonly code:
      | 'generation_failed'
      | 'not_enough_text'
      | 'page_too_complex'
      | 'page_unreadable'
      | 'busy' = 'generation_failed',
    /** The input at fault (`url`, `description`), when there is one. */
    readonly field?: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/**
 * The envelope error for a drafting failure: a link that may never be read is 400, one that could not
 * be read now, was too complex to read or had too little text 422 (all naming the field), a failed model
 * answer 502, page readers all busy 503.
 */
export function draftingHttpError(error: unknown): HttpError | null {
  if (error instanceof SafeFetchError) {
    const status = error.kind === 'blocked_address' || error.kind === 'invalid_url' ? 400 : 422;
    return new HttpError(status, error.kind, error.message, 'url');
  }
  if (error instanceof GenerationError) {
    const status = error.code === 'generation_failed' ? 502 : error.code === 'busy' ? 503 : 422;
    return new HttpError(status, error.code, error.message, error.field);
  }
  return null;
}
