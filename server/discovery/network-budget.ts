import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { networkBudgets } from '../db/schema';
import type { RateLimit } from './sources/networks';
import { type RequestBudget, type SourceClock, systemClock } from './sources/source-http';
import type { SocialSlug } from './types';

/** A token bucket's shape: how many tokens it holds when full and how fast it refills. */
export interface Bucket {
  capacity: number;
  perSecond: number;
}

/**
 * The bucket that never grants more than `limit.requests` in any window of `limit.windowMs`: it holds
 * one token and refills `requests - 1` per window, so a window sees at most the token it started with
 * and the ones that came in during it. (A fuller bucket would let a burst and the refill that follows
 * it land in one window.)
 */
export function bucketOf(limit: RateLimit): Bucket {
  return { capacity: 1, perSecond: (Math.max(1, limit.requests - 1) * 1000) / limit.windowMs };
}

/**
 * The networks' request budgets kept in the database (`network_budgets`): one token bucket row per
 * network that every process's requests take from in one atomic statement, timed by the database's
 * clock, so any number of workers together stay within a network's limit. A request that finds the
 * bucket empty waits until the database says the next token is due, then tries again. Networks
 * without a limit are not counted.
 */
export class NetworkBudget implements RequestBudget {
  constructor(
    private readonly db: Database,
    private readonly limits: Partial<Record<SocialSlug, RateLimit>>,
    private readonly clock: SourceClock = systemClock,
  ) {}

  async take(network: SocialSlug, signal?: AbortSignal): Promise<void> {
    const limit = this.limits[network];
    if (!limit) return;
    const bucket = bucketOf(limit);
    for (;;) {
      signal?.throwIfAborted();
      const waitMs = await this.tryTake(network, bucket);
      if (waitMs === 0) return;
      // Waiters that woke together would race for one token: a little spread lets one win cleanly.
      await this.clock.sleep(waitMs * (1 + Math.random() * 0.1), signal);
    }
  }

  /** Takes a token (0) or says how many milliseconds until the next one is due. */
  private async tryTake(network: SocialSlug, bucket: Bucket): Promise<number> {
    const capacity = sql`${bucket.capacity}::float8`;
    const elapsedSeconds = sql`extract(epoch from (statement_timestamp() - ${networkBudgets.refilledAt}))`;
    const refilled = sql`least(${capacity}, ${networkBudgets.tokens} + ${elapsedSeconds} * ${bucket.perSecond}::float8)`;
    const [taken] = await this.db
      .insert(networkBudgets)
      .values({ network, tokens: sql`${capacity} - 1`, refilledAt: sql`statement_timestamp()` })
      .onConflictDoUpdate({
        target: networkBudgets.network,
        set: { tokens: sql`${refilled} - 1`, refilledAt: sql`statement_timestamp()` },
        setWhere: sql`${refilled} >= 1`,
      })
      .returning({ tokens: networkBudgets.tokens });
    if (taken) return 0;
    const [row] = await this.db
      .select({ tokens: sql<number>`(${refilled})::float8` })
      .from(networkBudgets)
      .where(eq(networkBudgets.network, network));
    const missing = 1 - Number(row?.tokens ?? 0);
    return Math.max(1, Math.ceil((missing / bucket.perSecond) * 1000));
  }
}
