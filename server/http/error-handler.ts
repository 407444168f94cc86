import { type ApiErrorBody, errorCodeForStatus } from '@contract/envelope';
import type { ErrorHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { DomainError, type DomainErrorKind } from '../domain/errors';
import type { Logger } from '../logger';
import { fail, HttpError } from './envelope';

/** Each kind of domain error's HTTP status: the one place the domain meets HTTP. */
export const statusOfKind: Record<DomainErrorKind, ContentfulStatusCode> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  refused: 422,
  limited: 429,
  failed: 500,
  'upstream-failed': 502,
  unavailable: 503,
  'upstream-timeout': 504,
};

/** An error's answer: its status, the error body and the data beside it. */
export interface ErrorAnswer {
  status: ContentfulStatusCode;
  error: ApiErrorBody;
  data: unknown;
  /** For a `limited` error that names its wait: the seconds for `Retry-After`. */
  retryAfterSeconds?: number;
}

/** What an error is answered with; an unexpected one is logged and never shows its stack. */
export function errorAnswer(
  error: unknown,
  logger: Logger,
  request: { requestId: string; path: string },
): ErrorAnswer {
  if (error instanceof DomainError) {
    const field = error.field ? { field: error.field } : {};
    return {
      status: statusOfKind[error.kind],
      error: { code: error.code, message: error.message, ...field },
      data: error.data,
      ...(error.retryAfterSeconds !== undefined ? { retryAfterSeconds: error.retryAfterSeconds } : {}),
    };
  }
  if (error instanceof HttpError) {
    const field = error.field ? { field: error.field } : {};
    return {
      status: error.status,
      error: { code: error.code, message: error.message, ...field },
      data: error.data,
    };
  }
  if (error instanceof HTTPException) {
    const status = error.status as ContentfulStatusCode;
    return {
      status,
      error: { code: errorCodeForStatus(status), message: error.message || 'Request refused' },
      data: null,
    };
  }
  logger.error({ err: error, ...request }, 'unhandled error');
  return {
    status: 500,
    error: { code: 'internal_error', message: 'Something went wrong on our side. Please try again.' },
    data: null,
  };
}

/** Answers every error in the envelope (`errorAnswer`). */
export function errorHandler(logger: Logger): ErrorHandler {
  return (error, c) => {
    const answer = errorAnswer(error, logger, { requestId: c.get('requestId'), path: c.req.path });
    if (answer.retryAfterSeconds !== undefined) c.header('Retry-After', String(answer.retryAfterSeconds));
    return fail(c, answer.status, answer.error, answer.data);
  };
}
