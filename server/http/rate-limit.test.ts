import { describe, expect, it } from 'vitest';
import { PasswordAttempts, passwordAttemptRules } from './rate-limit';

/** A clock that moves only when told. */
function manualClock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('sign-in attempts per account', () => {
  it('lets five attempts through, then makes each wait twice as long as the one before', () => {
    const clock = manualClock();
    const attempts = new PasswordAttempts(passwordAttemptRules, clock.now);
    for (let i = 0; i < 5; i++) expect(attempts.begin('ada')).toBe(0);
    const waits: number[] = [];
    for (let i = 0; i < 8; i++) {
      const wait = attempts.begin('ada');
      waits.push(wait);
      expect(attempts.begin('ada'), 'still waiting').toBe(wait);
      clock.advance(wait * 1000);
      expect(attempts.begin('ada')).toBe(0);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 64, 128]);
  });

  it('never makes an account wait longer than 15 minutes', () => {
    const clock = manualClock();
    const attempts = new PasswordAttempts(passwordAttemptRules, clock.now);
    for (let i = 0; i < 40; i++) {
      const wait = attempts.begin('ada');
      expect(wait).toBeLessThanOrEqual(15 * 60);
      clock.advance(wait * 1000);
      if (wait > 0) attempts.begin('ada');
    }
    expect(attempts.begin('ada')).toBe(15 * 60);
  });

  it('starts over after a successful sign-in, and a day after the last attempt', () => {
    const clock = manualClock();
    const attempts = new PasswordAttempts(passwordAttemptRules, clock.now);
    for (let i = 0; i < 5; i++) attempts.begin('ada');
    expect(attempts.begin('ada')).toBe(1);
    clock.advance(1000);
    attempts.begin('ada');
    attempts.succeeded('ada');
    for (let i = 0; i < 5; i++) expect(attempts.begin('ada')).toBe(0);
    expect(attempts.begin('ada')).toBe(1);
    clock.advance(24 * 60 * 60_000 + 1);
    for (let i = 0; i < 5; i++) expect(attempts.begin('ada')).toBe(0);
  });

  it('counts attempts sent at once before any of them is answered', () => {
    const attempts = new PasswordAttempts(passwordAttemptRules, manualClock().now);
    const started = Array.from({ length: 50 }, () => attempts.begin('ada'));
    expect(started.filter((wait) => wait === 0)).toHaveLength(5);
  });

  it('remembers a bounded number of accounts, forgetting the longest quiet first', () => {
    const attempts = new PasswordAttempts({ ...passwordAttemptRules, maxAccounts: 100 }, manualClock().now);
    for (let i = 0; i < 5; i++) attempts.begin('guessed');
    for (let i = 0; i < 1000; i++) {
      attempts.begin(`sprayed-${i}`);
      if (i % 50 === 0) attempts.begin('guessed');
    }
    expect(attempts.size).toBeLessThanOrEqual(100);
    // The account under attack was tried recently, so it is still remembered.
    expect(attempts.begin('guessed')).toBe(1);
  });
});
