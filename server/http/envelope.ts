import type { ApiErrorBody, ErrorCode } from '@contract/envelope';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** An error a handler throws to answer with a given status; the message is shown to people. */
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ErrorCode | (string & {}),
    message: string,
    readonly field?: string,
    /** Data returned beside the error, e.g. the stored answer on a version conflict. */
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export function ok<T>(c: Context, data: T, status: ContentfulStatusCode = 200) {
  return c.json({ success: true, data, error: null }, status);
}

export function fail(c: Context, status: ContentfulStatusCode, error: ApiErrorBody, data: unknown = null) {
  return c.json({ success: false, data, error }, status);
}
