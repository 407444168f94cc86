import { authMessages } from '@contract/messages';
import type { MiddlewareHandler } from 'hono';
import { HttpError } from './envelope';
import { clientAddress, type TrustProxy } from './trusted-proxy';

/** Milliseconds since the epoch; tests pass their own. */
export type Clock = () => number;
const systemClock: Clock = () => Date.now();

const secondsUntil = (at: number, now: number) => Math.max(1, Math.ceil((at - now) / 1000));

const maxAddresses = 50_000;

/** Drops the windows that are over and, when that is not enough, the oldest (a Map keeps insertion order). */
function forgetOldest(windows: Map<string, { resetAt: number }>, at: number): void {
  for (const [key, window] of windows) if (window.resetAt <= at) windows.delete(key);
  for (const key of windows.keys()) {
    if (windows.size < maxAddresses) break;
    windows.delete(key);
  }
}

/** A fixed-window limit per client address, kept in memory (one server process), at most 50,000 of them. */
export function rateLimit(options: {
  limit: number;
  windowMs: number;
  trustProxy: TrustProxy;
  now?: Clock;
}): MiddlewareHandler {
  const now = options.now ?? systemClock;
  const windows = new Map<string, { count: number; resetAt: number }>();
  return async (c, next) => {
    const at = now();
    const key = clientAddress(c, options.trustProxy);
    let window = windows.get(key);
    if (!window || window.resetAt <= at) {
      if (windows.size >= maxAddresses) forgetOldest(windows, at);
      windows.delete(key);
      window = { count: 0, resetAt: at + options.windowMs };
      windows.set(key, window);
    }
    window.count += 1;
    c.header('RateLimit-Limit', String(options.limit));
    c.header('RateLimit-Remaining', String(Math.max(0, options.limit - window.count)));
    if (window.count > options.limit) {
      const seconds = secondsUntil(window.resetAt, at);
      c.header('Retry-After', String(seconds));
      throw new HttpError(429, 'rate_limited', authMessages.tooManyAttempts(seconds));
    }
    await next();
  };
}

export interface PasswordAttemptRules {
  /** Sign-ins of one account that may fail before each further one waits. */
  freeFailures: number;
  /** The first wait; each failure after it doubles the wait, up to `longestDelayMs`. */
  firstDelayMs: number;
  longestDelayMs: number;
  /** An account's failures are forgotten this long after its last attempt. */
  forgetAfterMs: number;
  /** Most accounts remembered at once; beyond, the longest quiet ones are forgotten first. */
  maxAccounts: number;
}

export const passwordAttemptRules: PasswordAttemptRules = {
  freeFailures: 5,
  firstDelayMs: 1000,
  longestDelayMs: 15 * 60_000,
  forgetAfterMs: 24 * 60 * 60_000,
  maxAccounts: 100_000,
};

/**
 * Sign-in attempts per account, whatever address they come from: after `freeFailures` failed ones, each
 * further attempt waits a delay that doubles with every failure; a successful sign-in starts over. An
 * attempt counts as failed from the moment it starts, so attempts sent at once cannot pass together.
 */
export class PasswordAttempts {
  private readonly accounts = new Map<string, { failures: number; waitUntil: number; lastAt: number }>();

  constructor(
    private readonly rules: PasswordAttemptRules = passwordAttemptRules,
    private readonly now: Clock = systemClock,
  ) {}

  /** Starts an attempt for the account: 0 when it may go ahead, otherwise the seconds it must wait. */
  begin(account: string): number {
    const at = this.now();
    let entry = this.accounts.get(account);
    if (entry && at - entry.lastAt > this.rules.forgetAfterMs) entry = undefined;
    entry ??= { failures: 0, waitUntil: 0, lastAt: at };
    // Kept in order of last attempt, so the longest quiet accounts are the first to go when full.
    this.accounts.delete(account);
    this.forgetQuiet(at);
    this.accounts.set(account, entry);
    entry.lastAt = at;
    if (entry.waitUntil > at) return secondsUntil(entry.waitUntil, at);
    entry.failures += 1;
    const over = entry.failures - this.rules.freeFailures;
    if (over >= 0)
      entry.waitUntil =
        at + Math.min(this.rules.longestDelayMs, this.rules.firstDelayMs * 2 ** Math.min(over, 30));
    return 0;
  }

  /** The attempt signed in: the account's failures are forgotten. */
  succeeded(account: string): void {
    this.accounts.delete(account);
  }

  /** How many accounts are remembered. */
  get size(): number {
    return this.accounts.size;
  }

  private forgetQuiet(at: number): void {
    if (this.accounts.size < this.rules.maxAccounts) return;
    for (const [account, entry] of this.accounts) {
      if (this.accounts.size >= this.rules.maxAccounts || at - entry.lastAt > this.rules.forgetAfterMs)
        this.accounts.delete(account);
      else break;
    }
  }
}
