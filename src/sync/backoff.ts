export const BACKOFF_BASE_MS = 1_000;
export const BACKOFF_CAP_MS = 60_000;

/**
 * "Full jitter" exponential backoff: a random wait between 0 and min(cap, base × 2^(attempt − 1)), so that
 * many devices coming back online at once do not retry in step. `attempt` counts failures, from 1.
 */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempt - 1));
  return Math.floor(random() * ceiling);
}
