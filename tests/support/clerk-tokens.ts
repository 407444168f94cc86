import { randomBytes } from 'node:crypto';
import { exportSPKI, generateKeyPair, SignJWT } from 'jose';

/** A signing key pair like a Clerk instance's: the private half signs, the PEM goes in `CLERK_JWT_KEY`. */
export interface ClerkKeyPair {
  kid: string;
  privateKey: CryptoKey;
  publicKeyPem: string;
}

export const clerkIssuer = 'https://clerk.example.test';
export const clerkAuthorizedParty = 'http://localhost:8080';

/** Makes an RS256 key pair (2048 bits, what Clerk issues) and exports its public half as SPKI PEM. */
export async function makeClerkKeyPair(): Promise<ClerkKeyPair> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  return {
    kid: `ins_${randomBytes(8).toString('hex')}`,
    privateKey,
    publicKeyPem: await exportSPKI(publicKey),
  };
}

let defaultKey: Promise<ClerkKeyPair> | null = null;

/** The key tokens are signed with unless a test passes its own. */
export function clerkKey(): Promise<ClerkKeyPair> {
  defaultKey ??= makeClerkKeyPair();
  return defaultKey;
}

/** Claims of a Clerk session token; the organisation in the v1 or the v2 format. */
export type ClerkClaims = { sub: string; sid?: string } & (
  | { org_id?: string; org_role?: string; org_slug?: string; v?: never; o?: never }
  | { v: 2; o?: { id: string; rol: string; slg?: string } & Record<string, unknown> }
) &
  Record<string, unknown>;

export interface SignOptions {
  key?: ClerkKeyPair;
  /** Seconds from now until the token expires; negative makes an already expired token. */
  expiresIn?: number;
  azp?: string;
}

/**
 * Signs a token shaped like Clerk's session tokens (header `kid`, claims `sub`, `sid`, `iss`, `azp`,
 * `iat`, `nbf`, `exp`, plus the organisation claims given).
 */
export async function signClerkToken(claims: ClerkClaims, options: SignOptions = {}): Promise<string> {
  const key = options.key ?? (await clerkKey());
  const now = Math.floor(Date.now() / 1000);
  const exp = now + (options.expiresIn ?? 60);
  // Clerk issues a token a little before it is used; an expired one was issued before it expired.
  const iat = Math.min(now, exp - 60);
  return new SignJWT({
    azp: options.azp ?? clerkAuthorizedParty,
    sid: `sess_${randomBytes(8).toString('hex')}`,
    ...claims,
  })
    .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'JWT' })
    .setIssuer(clerkIssuer)
    .setIssuedAt(iat)
    .setNotBefore(iat - 10)
    .setExpirationTime(exp)
    .sign(key.privateKey);
}
