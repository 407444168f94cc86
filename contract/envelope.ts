import { z } from 'zod/mini';

/** Machine-readable reasons a call failed; the message is for people, the code for programs. */
export const errorCodes = [
  'bad_request',
  'unauthorized',
  'forbidden',
  /** 402: the call needs an active subscription of the caller's workspace (decision 023). */
  'subscription_required',
  'not_found',
  'conflict',
  'payload_too_large',
  /** 415: a write whose body is not sent as `application/json`. */
  'unsupported_media_type',
  'rate_limited',
  'internal_error',
  'form_identifier_not_found',
  'form_password_incorrect',
  'form_identifier_exists',
  'form_password_length_too_short',
  'form_password_pwned',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

export const apiErrorSchema = z.object({
  message: z.string(),
  code: z.string(),
  /** The input field the error is about, when there is one (`email`, `body.keywords.0.name`, `header.project-id`). */
  field: z.optional(z.string()),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

/** Every response of the API, whatever its status, has this shape. */
export function envelopeSchema<T extends z.ZodMiniType>(data: T) {
  return z.object({
    success: z.boolean(),
    data: z.nullable(data),
    error: z.nullable(apiErrorSchema),
  });
}

export type Envelope<T> =
  | { success: true; data: T; error: null }
  | { success: false; data: null; error: ApiErrorBody };

/** The code an error of this status carries when nothing more specific is known. */
export function errorCodeForStatus(status: number): ErrorCode {
  const byStatus: Record<number, ErrorCode> = {
    400: 'bad_request',
    401: 'unauthorized',
    402: 'subscription_required',
    403: 'forbidden',
    404: 'not_found',
    409: 'conflict',
    413: 'payload_too_large',
    415: 'unsupported_media_type',
    429: 'rate_limited',
  };
  return byStatus[status] ?? (status >= 500 ? 'internal_error' : 'bad_request');
}
