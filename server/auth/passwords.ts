import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { limits } from '@contract/messages';

const keyLength = 64;
// N=2^15 costs ~50 ms and 32 MiB per hash: slow for guessing, fine for sign-in.
const params = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

function derive(password: string, salt: Buffer, options: typeof params): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, keyLength, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** Hashes a password with scrypt; the result carries its own parameters and salt. */
export async function hashPassword(password: string): Promise<string> {
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
    maxmem: params.maxmem,
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
