import { errorCodeForStatus } from '@contract/envelope';
import type { ErrorHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Logger } from '../logger';
import { fail, HttpError } from './envelope';

/** Answers every error in the envelope; an unexpected one is logged and never shows its stack. */
export function errorHandler(logger: Logger): ErrorHandler {
  return (error, c) => {
    if (error instanceof HttpError) {
      const field = error.field ? { field: error.field } : {};
      return fail(c, error.status, { code: error.code, message: error.message, ...field }, error.data);
    }
    if (error instanceof HTTPException) {
      const status = error.status as ContentfulStatusCode;
      return fail(c, status, {
        code: errorCodeForStatus(status),
        message: error.message || 'Request refused',
      });
    }
    logger.error({ err: error, requestId: c.get('requestId'), path: c.req.path }, 'unhandled error');
    return fail(c, 500, {
      code: 'internal_error',
      message: 'Something went wrong on our side. Please try again.',
    });
  };
}
