import { setTimeout as wait } from 'node:timers/promises';
import type { z } from 'zod';
import { type SocialSlug, SourceError, type SourcePost } from '../types';
import { storableText } from './plain-text';

/** How long a source waits for a network's answer before it gives up with `timeout`. */
export const defaultSourceTimeoutMs = 15_000;

/** The clock a source reads and waits on when a network asks it to slow down. */
export interface SourceClock {
  now(): number;
  /** Resolves after `ms`; rejects with the signal's reason when it aborts first. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/** The wall clock. */
export const systemClock: SourceClock = {
  now: () => Date.now(),
  async sleep(ms, signal) {
    try {
      await wait(ms, undefined, signal ? { signal } : {});
    } catch (error) {
      throw signal?.aborted ? signal.reason : error;
    }
  },
};

/**
 * The longest a search waits for a rate limit to pass within a run; a network asking for longer is
 * recorded as `rate_limited` for that keyword, and the run goes on without it.
 */
export const maxRateLimitWaitMs = 60_000;
/** Tries again at most this many times after a 429. */
export const maxRateLimitRetries = 2;
/** The wait after a 429 that names none (no Retry-After, no reset header). */
const unnamedWaitMs = 2_000;

/**
 * The waits before each new try of a request whose connection was dropped or reset before an answer
 * came (a keep-alive socket the network had let go): twice, the second wait longer.
 */
export const droppedConnectionWaitsMs = [250, 1_000] as const;

/**
 * A network's request budget shared by every process (`network-budget.ts`): `take` resolves once a
 * request may be sent, waiting for the budget to refill when it is spent.
 */
export interface RequestBudget {
  take(network: SocialSlug, signal?: AbortSignal): Promise<void>;
}

/** What every adapter's constructor takes besides its credentials. */
export interface SourceOptions {
  /** The API's base URL instead of the network's own host (tests point it at a local fake server). */
  baseUrl?: string;
  /** Milliseconds to wait for an answer (default 15 s). */
  timeoutMs?: number;
  /** What a 429's wait is measured and spent on (default the wall clock; tests pass one that does not wait). */
  clock?: SourceClock;
  /** Every request takes a token from it first (unset: requests are limited only by the network's answers). */
  budget?: RequestBudget;
}

export interface SourceRequest {
  network: SocialSlug;
  url: URL | string;
  init?: RequestInit;
  timeoutMs: number;
  /** The query's own signal: aborting it cancels the request (the abort reason is thrown as is). */
  signal?: AbortSignal | undefined;
  /** Waits out a 429 on it (default the wall clock). */
  clock?: SourceClock | undefined;
  /** The network's own reset header, read when a 429 has no Retry-After. */
  resetAfterMs?: ((headers: Headers) => number | undefined) | undefined;
  /** Each try takes a token from it before it is sent. */
  budget?: RequestBudget | undefined;
}

export interface RawResponse {
  status: number;
  headers: Headers;
  text: string;
}

/** `base` + `path`, keeping any path the base already has (`https://host/prefix` + `/search`). */
export function endpoint(base: string, path: string, params: Record<string, string | number> = {}): URL {
  const url = new URL(`${base.replace(/\/+$/, '')}${path}`);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, String(value));
  return url;
}

/**
 * Sends a request, each try within the time limit; network failures and timeouts become SourceErrors.
 * A 429 is tried again after the wait the network names (Retry-After in seconds or as a date, else
 * its reset header), at most `maxRateLimitRetries` times and only when the wait is at most
 * `maxRateLimitWaitMs`; otherwise the 429 is answered, for `readJson` to turn into `rate_limited`.
 * A connection dropped or reset before any answer is tried again after `droppedConnectionWaitsMs`;
 * a timeout is not (the network may still be working on it).
 */
export async function send(request: SourceRequest): Promise<RawResponse> {
  const clock = request.clock ?? systemClock;
  let dropped = 0;
  for (let retries = 0; ; ) {
    await request.budget?.take(request.network, request.signal);
    let response: RawResponse;
    try {
      response = await sendOnce(request);
    } catch (error) {
      const wait = droppedConnectionWaitsMs[dropped];
      if (!(error instanceof SourceError && error.kind === 'unavailable') || wait === undefined) throw error;
      dropped += 1;
      await clock.sleep(wait, request.signal);
      continue;
    }
    if (response.status !== 429 || retries >= maxRateLimitRetries) return response;
    retries += 1;
    const waitMs =
      retryAfterHeader(response.headers, clock.now()) ??
      request.resetAfterMs?.(response.headers) ??
      unnamedWaitMs;
    if (waitMs > maxRateLimitWaitMs) return response;
    await clock.sleep(waitMs, request.signal);
  }
}

async function sendOnce({ network, url, init, timeoutMs, signal }: SourceRequest): Promise<RawResponse> {
  const timeout = AbortSignal.timeout(timeoutMs);
  const combined = signal ? AbortSignal.any([timeout, signal]) : timeout;
  try {
    const response = await fetch(url, { ...init, signal: combined });
    const text = await response.text();
    return { status: response.status, headers: response.headers, text };
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    if (timeout.aborted) {
      throw new SourceError(network, 'timeout', `${network} did not answer within ${timeoutMs} ms`);
    }
    const reason =
      error instanceof Error
        ? error.cause instanceof Error
          ? error.cause.message
          : error.message
        : String(error);
    throw new SourceError(network, 'unavailable', `${network} could not be reached: ${reason}`);
  }
}

/** Milliseconds from a Retry-After header (seconds or an HTTP date), or undefined. */
export function retryAfterHeader(headers: Headers, now = Date.now()): number | undefined {
  const value = headers.get('retry-after')?.trim();
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Math.round(Number(value) * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

export interface ReadJsonOptions {
  /** The network's own reset header, read when a 429 has no Retry-After. */
  resetAfterMs?: (headers: Headers) => number | undefined;
}

/** Short text of a body for an error message (an HTML page's title, or the start of the text). */
function excerpt(text: string): string {
  const title = /<title[^>]*>([^<]*)<\/title>/i.exec(text)?.[1];
  // Made storable after the cut, which may split a surrogate pair.
  return storableText((title ?? text).replace(/\s+/g, ' ').trim().slice(0, 160));
}

/**
 * The JSON body of a successful answer, its strings made storable (`storableText`); any other answer
 * as a SourceError: 429 `rate_limited` (with Retry-After or the network's reset header), 401/403
 * `unauthorized`, 5xx `unavailable`, an HTML page, malformed JSON or another status `bad_response`.
 */
export function readJson(network: SocialSlug, response: RawResponse, options: ReadJsonOptions = {}): unknown {
  const { status, headers, text } = response;
  if (status === 429) {
    const retryAfterMs = retryAfterHeader(headers) ?? options.resetAfterMs?.(headers);
    const wait = retryAfterMs === undefined ? '' : `, for ${Math.ceil(retryAfterMs / 1000)} s`;
    throw new SourceError(
      network,
      'rate_limited',
      `${network} asked to slow down (429${wait})`,
      retryAfterMs,
    );
  }
  if (status === 401 || status === 403) {
    throw new SourceError(
      network,
      'unauthorized',
      `${network} refused the credentials (${status}): ${excerpt(text)}`,
    );
  }
  if (status >= 500) {
    throw new SourceError(network, 'unavailable', `${network} is unavailable (${status}): ${excerpt(text)}`);
  }
  if (status < 200 || status >= 300) {
    throw new SourceError(network, 'bad_response', `${network} answered ${status}: ${excerpt(text)}`);
  }
  const contentType = headers.get('content-type') ?? '';
  if (contentType.includes('text/html') || /^\s*</.test(text)) {
    throw new SourceError(network, 'bad_response', `${network} answered with an HTML page: ${excerpt(text)}`);
  }
  try {
    // Every string as PostgreSQL can store it: one post with a NUL must not stop a project's discovery.
    return JSON.parse(text, (_key, value: unknown) =>
      typeof value === 'string' ? storableText(value) : value,
    );
  } catch {
    throw new SourceError(
      network,
      'bad_response',
      `${network} answered with malformed JSON: ${excerpt(text)}`,
    );
  }
}

/** The body in the shape the network documents, or `bad_response` naming what differs. */
export function parseShape<S extends z.ZodType>(network: SocialSlug, schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue?.path.join('.') || '(body)';
  throw new SourceError(
    network,
    'bad_response',
    `${network} answered in an unexpected shape: ${where}: ${issue?.message}`,
  );
}

/** Sends, reads and parses in one step: the common case of a search call. */
export async function fetchJson<S extends z.ZodType>(
  request: SourceRequest,
  schema: S,
  options: ReadJsonOptions = {},
): Promise<{ data: z.output<S>; headers: Headers }> {
  const response = await send({ ...request, resetAfterMs: request.resetAfterMs ?? options.resetAfterMs });
  const body = readJson(request.network, response, options);
  return { data: parseShape(request.network, schema, body), headers: response.headers };
}

/**
 * Remembers what a network's rate-limit headers said, so a search made after the budget ran out
 * fails at once with `rate_limited` (and when to try again) instead of spending a refused call.
 */
export class RateBudget {
  private exhaustedUntil = 0;

  constructor(private readonly network: SocialSlug) {}

  /** Records the remaining calls and when the window resets (epoch ms); unknown values change nothing. */
  note(remaining: number | undefined, resetAt: number | undefined): void {
    if (remaining === undefined || resetAt === undefined || Number.isNaN(remaining)) return;
    this.exhaustedUntil = remaining < 1 ? resetAt : 0;
  }

  /** Throws `rate_limited` while the last answer said no calls are left. */
  check(now = Date.now()): void {
    if (this.exhaustedUntil > now) {
      throw new SourceError(
        this.network,
        'rate_limited',
        `${this.network}'s rate limit is used up until ${new Date(this.exhaustedUntil).toISOString()}`,
        this.exhaustedUntil - now,
      );
    }
  }
}

/** A header as a number, or undefined when absent or not a number. */
export function numberHeader(headers: Headers, name: string): number | undefined {
  const value = headers.get(name);
  if (value === null || value.trim() === '') return undefined;
  const number = Number(value);
  return Number.isFinite(number) ? number : undefined;
}

/** Limits a requested count to what one page of the network's API can hold. */
export function pageSize(limit: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, Math.floor(limit)));
}

/** True when the post was published inside the query's window (since inclusive, until exclusive). */
export function inWindow(publishedAt: Date, since: Date, until: Date): boolean {
  const time = publishedAt.getTime();
  return time >= since.getTime() && time < until.getTime();
}

/** Most pages a source reads for one keyword in a run. */
export const maxPagesPerSearch = 3;

/** One page of a network's answer, as an adapter read it. */
export interface SourcePage<C> {
  /** The page's posts that the adapter kept (in the window, with an author…). */
  posts: SourcePost[];
  /** How many items the network sent on this page, kept or not: a full page means there may be more. */
  returned: number;
  /** What asks for the next page (a cursor, an offset), or undefined when the network says there is none. */
  next: C | undefined;
  /** True when the page already reaches past the window (a newest-first listing): no need to read on. */
  pastWindow?: boolean;
}

/**
 * Reads a search page by page: the next page is asked for only while the last one was full (`perPage`
 * items), the network named a next page, fewer than `limit` posts are in hand and `maxPagesPerSearch`
 * pages were not read yet. A post a later page repeats is kept once.
 */
export async function readPages<C>(
  limit: number,
  perPage: number,
  readPage: (next: C | undefined) => Promise<SourcePage<C>>,
): Promise<SourcePost[]> {
  const posts: SourcePost[] = [];
  const ids = new Set<string>();
  let next: C | undefined;
  for (let page = 0; page < maxPagesPerSearch; page += 1) {
    const read = await readPage(next);
    for (const post of read.posts) {
      if (ids.has(post.externalId)) continue;
      ids.add(post.externalId);
      posts.push(post);
    }
    if (read.returned < perPage || read.next === undefined || read.pastWindow || posts.length >= limit) break;
    next = read.next;
  }
  return posts.slice(0, limit);
}
