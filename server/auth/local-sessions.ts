import { timingSafeEqual } from 'node:crypto';
import type { AuthSession } from '@contract/auth';
import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../db/client';
import { invitations, memberships, sessions, users, workspaces } from '../db/schema';
import { DomainError } from '../domain/errors';
import { isUuid } from '../domain/ids';
import { hashSessionSecret, type LocalTokens, newSessionSecret } from './local-tokens';

const dayMs = 24 * 60 * 60 * 1000;

/** Local sign-in sessions: created on sign-in, proven by the refresh cookie, revoked on sign-out. */
/** The cookie that holds a local session (`<session id>.<secret>`). */
export const sessionCookie = 'rr_session';

export class LocalSessions {
  constructor(
    private readonly db: Database,
    private readonly tokens: LocalTokens,
    private readonly ttlDays: number,
  ) {}

  get ttlSeconds(): number {
    return this.ttlDays * 24 * 60 * 60;
  }

  /** Opens a session and returns the cookie value that proves it. */
  async open(userId: string): Promise<{ cookie: string; sessionId: string }> {
    const { secret, hash } = newSessionSecret();
    const [firstMembership] = await this.db
      .select({ workspaceId: memberships.workspaceId })
      .from(memberships)
      .where(eq(memberships.userId, userId))
      .orderBy(asc(memberships.createdAt))
      .limit(1);
    const [row] = await this.db
      .insert(sessions)
      .values({
        userId,
        secretHash: hash,
        activeWorkspaceId: firstMembership?.workspaceId ?? null,
        expiresAt: new Date(Date.now() + this.ttlDays * dayMs),
      })
      .returning({ id: sessions.id });
    if (!row) throw new DomainError('failed', 'internal_error', 'Could not open a session');
    return { cookie: `${row.id}.${secret}`, sessionId: row.id };
  }

  /** Finds the live session a cookie names, sliding its expiry forward; 401 when there is none. */
  async fromCookie(cookie: string | undefined) {
    const [sessionId, secret] = (cookie ?? '').split('.');
    const notSignedIn = new DomainError('unauthenticated', 'unauthorized', 'You are not signed in');
    if (!sessionId || !secret || !isUuid(sessionId)) throw notSignedIn;
    const [row] = await this.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())));
    if (!row) throw notSignedIn;
    const expected = Buffer.from(row.secretHash);
    const actual = Buffer.from(hashSessionSecret(secret));
    if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) throw notSignedIn;
    await this.db
      .update(sessions)
      .set({ lastUsedAt: new Date(), expiresAt: new Date(Date.now() + this.ttlDays * dayMs) })
      .where(eq(sessions.id, row.id));
    return row;
  }

  async revoke(sessionId: string): Promise<void> {
    await this.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
  }

  async setActiveWorkspace(sessionId: string, userId: string, workspaceId: string | null): Promise<void> {
    if (workspaceId) {
      // Checked before the query: PostgreSQL refuses a malformed uuid with an error (a 500).
      if (!isUuid(workspaceId))
        throw new DomainError('invalid', 'bad_request', 'That is not a workspace id', {
          field: 'workspaceId',
        });
      const [membership] = await this.db
        .select({ role: memberships.role })
        .from(memberships)
        .where(and(eq(memberships.userId, userId), eq(memberships.workspaceId, workspaceId)));
      if (!membership)
        throw new DomainError('forbidden', 'forbidden', 'You are not a member of that workspace', {
          field: 'workspaceId',
        });
    }
    await this.db.update(sessions).set({ activeWorkspaceId: workspaceId }).where(eq(sessions.id, sessionId));
  }

  /** The signed-in person's world and a fresh token for the session's active workspace. */
  async describe(sessionId: string): Promise<AuthSession> {
    const [session] = await this.db.select().from(sessions).where(eq(sessions.id, sessionId));
    if (!session) throw new DomainError('unauthenticated', 'unauthorized', 'You are not signed in');
    const [user] = await this.db.select().from(users).where(eq(users.id, session.userId));
    if (!user) throw new DomainError('unauthenticated', 'unauthorized', 'This account no longer exists');

    const memberRows = await this.db
      .select({ id: workspaces.id, name: workspaces.name, role: memberships.role })
      .from(memberships)
      .innerJoin(workspaces, eq(workspaces.id, memberships.workspaceId))
      .where(eq(memberships.userId, user.id))
      .orderBy(asc(memberships.createdAt));
    // Invitations match by email: only a proven address sees them (decision 022).
    const emailVerified = user.emailVerifiedAt !== null;
    const inviteRows =
      user.email && emailVerified
        ? await this.db
            .select({
              id: invitations.id,
              email: invitations.email,
              role: invitations.role,
              workspaceId: workspaces.id,
              workspaceName: workspaces.name,
            })
            .from(invitations)
            .innerJoin(workspaces, eq(workspaces.id, invitations.workspaceId))
            .where(and(eq(invitations.email, user.email), eq(invitations.status, 'pending')))
            .orderBy(asc(invitations.createdAt))
        : [];

    const active = memberRows.find((m) => m.id === session.activeWorkspaceId) ?? null;
    const { token, expiresAt } = await this.tokens.sign({
      userId: user.id,
      sessionId: session.id,
      workspaceId: active?.id ?? null,
      role: active?.role ?? null,
    });
    const emailId = `email_${user.id}`;
    return {
      token,
      expiresAt,
      user: {
        id: user.id,
        username: user.username,
        emailAddresses: user.email ? [{ id: emailId, emailAddress: user.email }] : [],
        primaryEmailAddressId: user.email ? emailId : null,
      },
      activeWorkspaceId: active?.id ?? null,
      memberships: memberRows.map((m) => ({ workspace: { id: m.id, name: m.name }, role: m.role })),
      emailVerified,
      invitations: inviteRows.map((i) => ({
        id: i.id,
        email: i.email,
        role: i.role,
        workspace: { id: i.workspaceId, name: i.workspaceName },
      })),
    };
  }
}
