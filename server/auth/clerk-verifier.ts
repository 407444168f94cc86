import { verifyToken } from '@clerk/backend';
import { TokenVerificationError } from '@clerk/backend/errors';
import { type Role, roleSchema } from '@contract/entities';
import { DomainError } from '../domain/errors';
import type { TokenVerifier, VerifiedToken } from './principal';

type Claims = Record<string, unknown>;

function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/**
 * Reads the role; v2 tokens carry it without the `org:` prefix (`admin`), v1 tokens with it. A custom
 * role is a member's: only `org:admin` has more rights, as in the app.
 */
function parseRole(value: unknown): Role | null {
  const raw = text(value);
  if (!raw) return null;
  const parsed = roleSchema.safeParse(raw.startsWith('org:') ? raw : `org:${raw}`);
  return parsed.success ? parsed.data : 'org:member';
}

/** The active organisation from either token format: v1 `org_id`/`org_role`, v2 `o.id`/`o.rol`. */
export function organisationClaims(claims: Claims): Pick<VerifiedToken, 'orgId' | 'orgRole' | 'orgSlug'> {
  if (claims.v === 2) {
    const o = claims.o;
    if (!o || typeof o !== 'object') return { orgId: null, orgRole: null, orgSlug: null };
    const org = o as Claims;
    return { orgId: text(org.id), orgRole: parseRole(org.rol), orgSlug: text(org.slg) };
  }
  return { orgId: text(claims.org_id), orgRole: parseRole(claims.org_role), orgSlug: text(claims.org_slug) };
}

/** Verifies Clerk session tokens offline with the instance's PEM public key (`CLERK_JWT_KEY`). */
export class ClerkVerifier implements TokenVerifier {
  readonly kind = 'clerk';

  constructor(
    private readonly jwtKey: string,
    private readonly authorizedParties: string[],
  ) {}

  async verify(token: string): Promise<VerifiedToken> {
    let claims: Claims;
    try {
      // The package's verifyToken returns the claims and throws a TokenVerificationError on a bad token.
      claims = (await verifyToken(token, {
        jwtKey: this.jwtKey,
        authorizedParties: this.authorizedParties,
        clockSkewInMs: 5_000,
      })) as Claims;
    } catch (error) {
      if (!(error instanceof TokenVerificationError)) throw error;
      const message =
        error.reason === 'token-expired' ? 'Session token has expired' : 'Session token is invalid';
      throw new DomainError('unauthenticated', 'unauthorized', message);
    }
    const subject = text(claims.sub);
    if (!subject) throw new DomainError('unauthenticated', 'unauthorized', 'Session token has no subject');
    return { subject, ...organisationClaims(claims) };
  }
}
