import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { limits } from '@contract/messages';

const keyLength = 64;
const blockSize = 8;

/**
 * scrypt's cost as a power of two (`AUTH_PASSWORD_COST`): at 15, N = 2^15 costs about 50 ms and 32 MiB per
 * hash, slow for guessing and fine for a sign-in. Each step up doubles both.
 */
export const DEFAULT_PASSWORD_COST = 15;

interface ScryptOptions {
  N: number;
  r: number;
  p: number;
}

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  // scrypt needs 128 · N · r bytes; the limit leaves it room.
  const maxmem = 256 * options.N * options.r;
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, keyLength, { ...options, maxmem }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/**
 * Hashes a password with scrypt at `cost` (N = 2^cost); the result carries its own parameters and salt,
 * so a hash made at another cost still verifies.
 */
export async function hashPassword(password: string, cost = DEFAULT_PASSWORD_COST): Promise<string> {
  const params = { N: 2 ** cost, r: blockSize, p: 1 };
  const salt = randomBytes(16);
  const key = await derive(password, salt, params);
  return `scrypt$${params.N}$${params.r}$${params.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

/** Checks a password against a stored hash in constant time. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

let commonPasswords: Promise<Set<string>> | undefined;

/**
 * Whether a password long enough for the contract's rule is one of the most common ones (zxcvbn's list of
 * about 49,000, read on first use).
 * Case does not matter: 'Password1234' is as guessable as 'password1234'.
 */
export async function isCommonPassword(password: string): Promise<boolean> {
  // Shorter ones never get this far (the contract's length rule), so only the 1,557 long ones are kept.
  commonPasswords ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) =>
      new Set(dictionary['passwords-common'].filter((common) => common.length >= limits.passwordMin)),
  );
  return (await commonPasswords).has(password.normalize('NFKC').toLowerCase());
}
