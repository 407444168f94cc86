import { type ApiErrorBody, errorCodeForStatus } from '@contract/envelope';
import type { ErrorHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Logger } from '../logger';
import { fail, HttpError } from './envelope';

/** An error's answer: its status, the error body and the data beside it. */
export interface ErrorAnswer {
  status: ContentfulStatusCode;
  error: ApiErrorBody;
  data: unknown;
}

/** What an error is answered with; an unexpected one is logged and never shows its stack. */
export function errorAnswer(
  error: unknown,
  logger: Logger,
  request: { requestId: string; path: string },
): ErrorAnswer {
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
    return fail(c, answer.status, answer.error, answer.data);
  };
}
