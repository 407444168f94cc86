import { describe, expect, it } from 'vitest';
import { KeyLimit } from './key-limit';

describe('a limit per key over a sliding window', () => {
  it('allows the limit in any window, then says how long until the oldest use leaves it', () => {
    let now = 1_000_000;
    const limit = new KeyLimit(3, 60_000, () => now);
    for (let use = 0; use < 3; use++) {
      expect(limit.waitMs('alice')).toBe(0);
      limit.count('alice');
      now += 10_000;
    }
    // Uses at 0 s, 10 s and 20 s; now 30 s: the first leaves the window at 60 s.
    expect(limit.waitMs('alice')).toBe(30_000);
    expect(limit.waitMs('bob')).toBe(0);
    now += 30_000;
    expect(limit.waitMs('alice')).toBe(0);
    limit.count('alice');
    // Uses at 10 s, 20 s and 60 s: the next one waits for the use at 10 s to leave, at 70 s.
    expect(limit.waitMs('alice')).toBe(10_000);
  });

  it('counts nothing when only asked', () => {
    const limit = new KeyLimit(1, 60_000);
    for (let ask = 0; ask < 5; ask++) expect(limit.waitMs('alice')).toBe(0);
    limit.count('alice');
    expect(limit.waitMs('alice')).toBeGreaterThan(0);
  });
});
