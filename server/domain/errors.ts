/**
 * The one error the domain throws: what went wrong in the product's words (`kind`), a stable `code` the
 * app can branch on, a message a person can read, and the field it is about. The domain knows nothing of
 * HTTP: `server/http/error-handler.ts` maps each kind to its status, in one place at the edge.
 */
export type DomainErrorKind =
  /** An input is wrong; `field` names it. */
  | 'invalid'
  /** Nobody is signed in, or the session is no longer good. */
  | 'unauthenticated'
  /** Signed in, but not allowed to do this. */
  | 'forbidden'
  | 'not-found'
  /** The request disagrees with what is stored (a version, a step, a member already there). */
  | 'conflict'
  /** Well-formed, and refused for what it says (a taken email, a wrong password). */
  | 'refused'
  /** Too many tries; `retryAfterSeconds` says when to try again. */
  | 'limited'
  /** Something the server should have done failed. */
  | 'failed'
  /** A service the domain relies on answered with an error. */
  | 'upstream-failed'
  /** A service the domain relies on cannot be used now. */
  | 'unavailable'
  /** A service the domain relies on did not answer in time. */
  | 'upstream-timeout';

export interface DomainErrorDetails {
  /** The input field the error is about (`email`, `keywords.2.name`, `project-id`). */
  field?: string;
  /** Returned beside the error, e.g. the stored answer on a version conflict. */
  data?: unknown;
  /** For `limited`: the seconds until a try may succeed. */
  retryAfterSeconds?: number;
}

export class DomainError extends Error {
  readonly field: string | undefined;
  readonly data: unknown;
  readonly retryAfterSeconds: number | undefined;

  constructor(
    readonly kind: DomainErrorKind,
    readonly code: string,
    message: string,
    details: DomainErrorDetails = {},
  ) {
    super(message);
    this.name = 'DomainError';
    this.field = details.field;
    this.data = details.data ?? null;
    this.retryAfterSeconds = details.retryAfterSeconds;
  }
}
