/**
 * GoLogin's REST API (`Authorization: Bearer <token>`): one request within the time limit, every failure
 * as a `ProfileServiceError` in words a person can act on, the token never in a message.
 */
import { errorSchema, readJson } from './gologin-schemas';
import { ProfileServiceError } from './types';

export interface CallOptions {
  /** What was asked, in the words of "GoLogin could not …". */
  what: string;
  body?: unknown;
  signal?: AbortSignal | undefined;
  /** The message when GoLogin answers 404. */
  notFound?: string;
}

export const missingProfile =
  'The project’s GoLogin profile no longer exists: set up autoposting again to make a new one.';

export interface GoLoginApiOptions {
  token: string;
  /** GoLogin's REST API (`GOLOGIN_API_URL`). */
  apiUrl: string;
  timeoutMs: number;
  fetch: typeof fetch;
}

/** A time limit as a person reads it: whole seconds, at least 1. */
export const secondsOf = (ms: number) => Math.max(1, Math.round(ms / 1000));

export class GoLoginApi {
  constructor(private readonly options: GoLoginApiOptions) {}

  /** One request to GoLogin's API within the time limit; every failure as a `ProfileServiceError`. */
  async call(method: string, path: string, options: CallOptions): Promise<unknown> {
    const { what, body, signal } = options;
    const timeout = AbortSignal.timeout(this.options.timeoutMs);
    let response: Response;
    let text: string;
    try {
      response = await this.options.fetch(`${this.options.apiUrl.replace(/\/+$/, '')}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${this.options.token}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? null : JSON.stringify(body),
        signal: signal ? AbortSignal.any([timeout, signal]) : timeout,
        redirect: 'error',
      });
      text = await response.text();
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      if (timeout.aborted) {
        throw new ProfileServiceError(
          `GoLogin did not answer within ${this.seconds} s when asked to ${what}: try again in a few minutes.`,
          'timeout',
        );
      }
      const reason =
        error instanceof Error ? (error.cause instanceof Error ? error.cause : error).message : '';
      throw new ProfileServiceError(
        this.redact(
          `GoLogin could not be reached to ${what} (${reason}): check GOLOGIN_API_URL and the network.`,
        ),
        'unreachable',
      );
    }
    const { status } = response;
    const json = readJson(text);
    if (response.ok) return json;
    const said = errorSchema.safeParse(json);
    const detail = said.success ? [said.data.message].flat().join('; ') : `HTTP ${status}`;
    if (status === 401 || status === 403)
      throw new ProfileServiceError('GoLogin refused the API token: check GOLOGIN_API_TOKEN.', 'refused');
    if (status === 404)
      throw new ProfileServiceError(options.notFound ?? `GoLogin could not ${what}: ${detail}.`, 'not_found');
    if (status === 429)
      throw new ProfileServiceError(
        `GoLogin is limiting requests (HTTP 429) and could not ${what}: try again in a minute.`,
        'unreachable',
      );
    if (status >= 500)
      throw new ProfileServiceError(
        `GoLogin is unavailable (HTTP ${status}) and could not ${what}: try again in a few minutes.`,
        'unreachable',
      );
    throw new ProfileServiceError(this.redact(`GoLogin could not ${what}: ${detail}.`), 'invalid');
  }

  /** The time limit as a person reads it. */
  get seconds(): number {
    return secondsOf(this.options.timeoutMs);
  }

  /** The token never reaches a message, even inside a URL a library quoted. */
  redact(text: string): string {
    const { token } = this.options;
    return token ? text.split(token).join('[token]').split(encodeURIComponent(token)).join('[token]') : text;
  }
}
