import { DomainError } from '../domain/errors';
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
 * The domain error for a drafting failure: a link that may never be read is invalid, one that could not
 * be read now, was too complex to read or had too little text refused (all naming the field), a failed
 * model answer an upstream failure, page readers all busy unavailable.
 */
export function draftingError(error: unknown): DomainError | null {
  if (error instanceof SafeFetchError) {
    const kind = error.kind === 'blocked_address' || error.kind === 'invalid_url' ? 'invalid' : 'refused';
    return new DomainError(kind, error.kind, error.message, { field: 'url' });
  }
  if (error instanceof GenerationError) {
    const kind =
      error.code === 'generation_failed'
        ? 'upstream-failed'
        : error.code === 'busy'
          ? 'unavailable'
          : 'refused';
    return new DomainError(kind, error.code, error.message, error.field ? { field: error.field } : {});
  }
  return null;
}
