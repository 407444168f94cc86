import { HttpError } from '../http/envelope';
import { SafeFetchError } from '../net/safe-fetch';

/** Drafting failed: the model answered badly (or not at all), or there was too little to draft from. */
export class GenerationError extends Error {
  override name = 'GenerationError';
  constructor(
    message: string,
    readonly code: 'generation_failed' | 'not_enough_text' = 'generation_failed',
    /** The input at fault (`url`, `description`), when there is one. */
    readonly field?: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/**
 * The envelope error for a drafting failure: a link that may never be read is 400, one that could not
 * be read now or had too little text 422 (both naming the field), a failed model answer 502.
 */
export function draftingHttpError(error: unknown): HttpError | null {
  if (error instanceof SafeFetchError) {
    const status = error.kind === 'blocked_address' || error.kind === 'invalid_url' ? 400 : 422;
    return new HttpError(status, error.kind, error.message, 'url');
  }
  if (error instanceof GenerationError) {
    return new HttpError(
      error.code === 'not_enough_text' ? 422 : 502,
      error.code,
      error.message,
      error.field,
    );
  }
  return null;
}
