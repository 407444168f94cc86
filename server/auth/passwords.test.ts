import { describe, expect, it } from 'vitest';
import { authConfig } from './auth-config';
import { DEFAULT_PASSWORD_COST, hashPassword, verifyPassword } from './passwords';

describe('password hashes', () => {
  it('hashes at scrypt cost 2^15 unless told otherwise, and the hash names its cost', async () => {
    const hash = await hashPassword('correct horse battery staple');
    expect(DEFAULT_PASSWORD_COST).toBe(15);
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(await verifyPassword('correct horse battery staple', hash)).toBe(true);
    expect(await verifyPassword('correct horse battery stapler', hash)).toBe(false);
  });

  it('verifies a hash made at another cost, so changing AUTH_PASSWORD_COST locks nobody out', async () => {
    const cheap = await hashPassword('tally bird rides again', 10);
    const dear = await hashPassword('tally bird rides again', 16);
    expect(cheap).toMatch(/^scrypt\$1024\$/);
    expect(dear).toMatch(/^scrypt\$65536\$/);
    for (const hash of [cheap, dear]) {
      expect(await verifyPassword('tally bird rides again', hash)).toBe(true);
      expect(await verifyPassword('tally bird rides', hash)).toBe(false);
    }
  });

  it('refuses an AUTH_PASSWORD_COST outside 10 to 18, naming the variable', () => {
    expect(authConfig.safeParse({}).data?.AUTH_PASSWORD_COST).toBe(15);
    for (const bad of ['9', '19', '12.5', 'high']) {
      const result = authConfig.safeParse({ AUTH_PASSWORD_COST: bad });
      expect(result.success, bad).toBe(false);
      expect(result.error?.issues[0]?.path).toEqual(['AUTH_PASSWORD_COST']);
    }
  });

  it('does not mistake another scheme or a cut hash for a match', async () => {
    const hash = await hashPassword('tally bird rides again', 10);
    expect(await verifyPassword('tally bird rides again', hash.replace(/^scrypt/, 'bcrypt'))).toBe(false);
    expect(await verifyPassword('tally bird rides again', hash.split('$').slice(0, 5).join('$'))).toBe(false);
  });
});
