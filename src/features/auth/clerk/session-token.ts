/** A token with less time left than this is not sent: Clerk is asked for a new one. */
export const tokenMarginMs = 5_000;

/** When a session token (a JWT) expires, in epoch milliseconds; null when it cannot be read. */
export function tokenExpiresAt(token: string): number | null {
  try {
    const payload = token.split('.')[1];
    if (!payload) return null;
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const claims: unknown = JSON.parse(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')));
    if (typeof claims !== 'object' || claims === null || !('exp' in claims)) return null;
    return typeof claims.exp === 'number' ? claims.exp * 1000 : null;
  } catch {
    return null;
  }
}

/**
 * Whether the token is past its time, or nearly. Clerk dates a token it kept from its session cookie
 * (opening offline) from the moment it read it, not from when it was issued, and so can hand out one the
 * server refuses; such a token is asked afresh.
 */
export function isStale(token: string, now: number): boolean {
  const expiresAt = tokenExpiresAt(token);
  return expiresAt !== null && expiresAt - now <= tokenMarginMs;
}
