// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { isStale, tokenExpiresAt } from './session-token';

/** A JWT with these claims (the signature is not read here). */
function jwt(claims: Record<string, unknown>): string {
  const part = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${part({ alg: 'RS256', typ: 'JWT' })}.${part(claims)}.signature`;
}

describe('a Clerk session token', () => {
  it('expires when its exp says', () => {
    expect(tokenExpiresAt(jwt({ sub: 'user_1', exp: 1_800_000_000 }))).toBe(1_800_000_000_000);
  });

  it('reads as expiring never when it is no JWT or has no exp', () => {
    expect(tokenExpiresAt('not-a-token')).toBeNull();
    expect(tokenExpiresAt(jwt({ sub: 'user_1' }))).toBeNull();
    expect(tokenExpiresAt('a.%%%.c')).toBeNull();
  });

  it('is stale past its time or within 5 seconds of it, fresh before', () => {
    const token = jwt({ exp: 1_800_000_000 });
    expect(isStale(token, 1_800_000_001_000)).toBe(true);
    expect(isStale(token, 1_799_999_996_000)).toBe(true);
    expect(isStale(token, 1_799_999_990_000)).toBe(false);
  });
});
