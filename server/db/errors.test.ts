import { describe, expect, it } from 'vitest';
import { isUniqueViolation } from './errors';

describe('isUniqueViolation', () => {
  it('finds the duplicate-key code on the error or on any error it wraps', () => {
    const driver = Object.assign(new Error('duplicate key value violates unique constraint'), {
      code: '23505',
    });
    expect(isUniqueViolation(driver)).toBe(true);
    expect(
      isUniqueViolation(new Error('Failed query', { cause: new Error('wrapped', { cause: driver }) })),
    ).toBe(true);
  });

  it('is false for any other refusal, and for what is not an error', () => {
    expect(isUniqueViolation(Object.assign(new Error('null value'), { code: '23502' }))).toBe(false);
    expect(isUniqueViolation(new Error('no code'))).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
    expect(isUniqueViolation('23505')).toBe(false);
  });
});
