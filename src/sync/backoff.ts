export const BACKOFF_BASE_MS = 1_000;
/**
 * At most 8 s between tries: once the server is back, a waiting change is sent within 8 s (10 s with the
 * request), not up to a minute later (issue 15). 'Retry now' in the indicator sends at once.
 */
export const BACKOFF_CAP_MS = 8_000;

/**
 * "Full jitter" exponential backoff: a random wait between 0 and min(cap, base × 2^(attempt − 1)), so that
 * many devices coming back online at once do not retry in step. `attempt` counts failures, from 1.
 */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempt - 1));
  return Math.floor(random() * ceiling);
}
