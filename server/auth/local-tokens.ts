import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { roleSchema } from '@contract/entities';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { DomainError } from '../domain/errors';
import type { TokenVerifier, VerifiedToken } from './principal';

const issuer = 'replyradar';
const audience = 'replyradar-api';

/**
 * The key local session tokens are signed with: `AUTH_SECRET` when set, otherwise one made on first
 * start and kept under the data directory, so tokens survive a restart.
 */
export function loadAuthSecret(configured: string | undefined, dataDir: string | null): Uint8Array {
  if (configured) return new TextEncoder().encode(configured);
  if (!dataDir) return randomBytes(32);
  const file = path.resolve(dataDir, 'auth-secret');
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
  }
  return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
}

export interface LocalTokenClaims {
  userId: string;
  sessionId: string;
  workspaceId: string | null;
  role: string | null;
}

/** How many verified tokens a process keeps (a token lives `AUTH_TOKEN_TTL_SECONDS`; a client reuses it). */
const verifiedCapacity = 10_000;

export class LocalTokens implements TokenVerifier {
  readonly kind = 'local';
  /**
   * Tokens whose signature and claims were checked, with when each expires (ms): the same string always
   * verifies the same way, so a token a client sends again is only checked for its expiry. Checking the
   * signature (HMAC through WebCrypto) cost more server time per call than anything else an answer edit does.
   */
  private readonly verified = new Map<string, { claims: VerifiedToken; expiresAt: number }>();

  constructor(
    private readonly secret: Uint8Array,
    private readonly ttlSeconds: number,
  ) {}

  /** Signs a short-lived session token; `org_id`/`org_role` mirror the hosted provider's claims. */
  async sign(claims: LocalTokenClaims): Promise<{ token: string; expiresAt: number }> {
    const now = Math.floor(Date.now() / 1000);
    const exp = now + this.ttlSeconds;
    const token = await new SignJWT({
      sid: claims.sessionId,
      org_id: claims.workspaceId,
      org_role: claims.role,
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.userId)
      .setIssuer(issuer)
      .setAudience(audience)
      .setIssuedAt(now)
      .setNotBefore(now - 5)
      .setExpirationTime(exp)
      .sign(this.secret);
    return { token, expiresAt: exp * 1000 };
  }

  async verify(token: string): Promise<VerifiedToken> {
    const known = this.verified.get(token);
    if (known) {
      if (Date.now() < known.expiresAt) return known.claims;
      this.verified.delete(token);
      throw new DomainError('unauthenticated', 'unauthorized', 'Session token has expired');
    }
    const claims = await this.check(token);
    if (claims.expiresAt !== null) {
      if (this.verified.size >= verifiedCapacity) this.verified.clear();
      this.verified.set(token, { claims: claims.claims, expiresAt: claims.expiresAt });
    }
    return claims.claims;
  }

  /** The token's claims once its signature, issuer, audience and times are checked; 401 otherwise. */
  private async check(token: string): Promise<{ claims: VerifiedToken; expiresAt: number | null }> {
    try {
      const { payload } = await jwtVerify(token, this.secret, { issuer, audience, algorithms: ['HS256'] });
      if (typeof payload.sub !== 'string')
        throw new DomainError('unauthenticated', 'unauthorized', 'Session token has no subject');
      if (typeof payload.sid !== 'string')
        throw new DomainError('unauthenticated', 'unauthorized', 'Session token names no session');
      const role = roleSchema.safeParse(payload.org_role);
      const claims = {
        subject: payload.sub,
        sessionId: payload.sid,
        orgId: typeof payload.org_id === 'string' ? payload.org_id : null,
        orgRole: role.success ? role.data : null,
        orgSlug: null,
      };
      // jose refuses a token from its `exp` second on; one without `exp` is not kept.
      return { claims, expiresAt: typeof payload.exp === 'number' ? payload.exp * 1000 : null };
    } catch (error) {
      if (error instanceof DomainError) throw error;
      if (error instanceof joseErrors.JWTExpired)
        throw new DomainError('unauthenticated', 'unauthorized', 'Session token has expired');
      throw new DomainError('unauthenticated', 'unauthorized', 'Session token is invalid');
    }
  }
}

/** A refresh secret for the session cookie, and the hash the database keeps of it. */
export function newSessionSecret(): { secret: string; hash: string } {
  const secret = randomBytes(32).toString('base64url');
  return { secret, hash: hashSessionSecret(secret) };
}

export function hashSessionSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('base64url');
}
