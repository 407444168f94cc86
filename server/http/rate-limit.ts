import { authMessages } from '@contract/messages';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';
import { HttpError } from './envelope';

/** The caller's address; behind a trusted proxy, the first X-Forwarded-For entry. */
export function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/** A fixed-window limit per client address, kept in memory (one server process). */
export function rateLimit(options: {
  limit: number;
  windowMs: number;
  trustProxy: boolean;
}): MiddlewareHandler {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return async (c, next) => {
    const now = Date.now();
    const key = clientAddress(c, options.trustProxy);
    let window = windows.get(key);
    if (!window || window.resetAt <= now) {
      if (windows.size > 50_000) for (const [k, w] of windows) if (w.resetAt <= now) windows.delete(k);
      window = { count: 0, resetAt: now + options.windowMs };
      windows.set(key, window);
    }
    window.count += 1;
    c.header('RateLimit-Limit', String(options.limit));
    c.header('RateLimit-Remaining', String(Math.max(0, options.limit - window.count)));
    if (window.count > options.limit) {
      c.header('Retry-After', String(Math.ceil((window.resetAt - now) / 1000)));
      throw new HttpError(429, 'rate_limited', authMessages.tooManyAttempts);
    }
    await next();
  };
}
