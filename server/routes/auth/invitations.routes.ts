import { api } from '@contract/api';
import type { Invitation } from '@contract/auth';
import { and, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import type { LocalSessions } from '../../auth/local-sessions';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { invitations, memberships, users, workspaces } from '../../db/schema';
import { DomainError } from '../../domain/errors';
import { isUuid } from '../../domain/ids';
import type { Bind } from '../../http/bind-route';
import type { AppDeps } from '../../http/deps';
import { linkOrigin } from '../../mail/link-origin';

type SessionRow = Awaited<ReturnType<LocalSessions['fromCookie']>>;

export const emailUnverifiedMessage = 'Confirm your email before answering invitations sent to it';

/**
 * The pending invitation `id`, if it is addressed to the signed-in person; 404 otherwise. Invitations
 * match by email, so only a proven address may answer one: 403 before that (decision 022).
 */
async function pendingInvitationFor(db: Database, id: string, userId: string) {
  const notFound = new DomainError(
    'not-found',
    'not_found',
    'There is no pending invitation with that id for you',
  );
  const [user] = await db
    .select({ email: users.email, emailVerifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!user?.email) throw notFound;
  if (!user.emailVerifiedAt) throw new DomainError('forbidden', 'email_unverified', emailUnverifiedMessage);
  if (!isUuid(id)) throw notFound;
  const [invitation] = await db
    .select()
    .from(invitations)
    .where(and(eq(invitations.id, id), eq(invitations.email, user.email), eq(invitations.status, 'pending')));
  if (!invitation) throw notFound;
  return invitation;
}

const roleNames = { 'org:admin': 'an admin', 'org:member': 'a member' } as const;

/**
 * Local mode's team: an admin invites a person by email (the invitation is mailed to them); the person,
 * once signed in with that email and having proven it, accepts (joining the workspace, which becomes the
 * session's active one) or declines.
 */
export function registerInvitationRoutes(
  bind: Bind,
  { db, mail, mailer, logger }: Pick<AppDeps, 'db' | 'mail' | 'mailer' | 'logger'>,
  localSessions: LocalSessions,
  currentSession: (c: Context) => Promise<SessionRow>,
): void {
  bind(
    api.inviteMember,
    async (c, { body }): Promise<Invitation> => {
      const { userId, workspaceId, role } = c.get('principal');
      if (!workspaceId || role !== 'org:admin')
        throw new DomainError('forbidden', 'forbidden', 'Only an admin of this workspace can invite people');
      const [member] = await db
        .select({ userId: memberships.userId })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(and(eq(memberships.workspaceId, workspaceId), eq(users.email, body.email)));
      if (member)
        throw new DomainError('conflict', 'conflict', 'That person is already a member of this workspace', {
          field: 'email',
        });
      const alreadyInvited = new DomainError(
        'conflict',
        'conflict',
        'That person already has a pending invitation to this workspace',
        { field: 'email' },
      );
      const [pending] = await db
        .select({ id: invitations.id })
        .from(invitations)
        .where(
          and(
            eq(invitations.workspaceId, workspaceId),
            eq(invitations.email, body.email),
            eq(invitations.status, 'pending'),
          ),
        );
      if (pending) throw alreadyInvited;
      try {
        const [row] = await db
          .insert(invitations)
          .values({ workspaceId, email: body.email, role: body.role, invitedBy: userId })
          .returning();
        const [workspace] = await db
          .select({ id: workspaces.id, name: workspaces.name })
          .from(workspaces)
          .where(eq(workspaces.id, workspaceId));
        if (!row || !workspace) throw new Error('invitation insert returned no row');
        const signUpLink = new URL('/sign-up', linkOrigin(c, mail)).href;
        // The invitation stands even when its mail cannot go out: the person sees it once signed in.
        await mailer
          .send({
            to: row.email,
            subject: `You're invited to ${workspace.name} on ReplyRadar`,
            text: [
              `You have been invited to join ${workspace.name} on ReplyRadar as ${roleNames[row.role]}.`,
              '',
              `Sign up with this email address (${row.email}) to accept: ${signUpLink}`,
              'If you already have an account with it, sign in instead. ReplyRadar mails you a code to confirm the address first.',
            ].join('\n'),
          })
          .catch((error: unknown) => {
            logger.error({ err: error, invitationId: row.id }, 'could not mail the invitation');
          });
        return { id: row.id, workspace, email: row.email, role: row.role };
      } catch (error) {
        if (isUniqueViolation(error)) throw alreadyInvited;
        throw error;
      }
    },
    201,
  );

  bind(api.acceptInvitation, async (c, { params }) => {
    const session = await currentSession(c);
    const invitation = await pendingInvitationFor(db, params.id, session.userId);
    const accepted = await db.transaction(async (tx) => {
      const [marked] = await tx
        .update(invitations)
        .set({ status: 'accepted', updatedAt: new Date() })
        .where(and(eq(invitations.id, invitation.id), eq(invitations.status, 'pending')))
        .returning({ id: invitations.id });
      if (!marked) return false;
      // Someone already a member (added another way meanwhile) keeps the role they have.
      await tx
        .insert(memberships)
        .values({ workspaceId: invitation.workspaceId, userId: session.userId, role: invitation.role })
        .onConflictDoNothing();
      return true;
    });
    if (!accepted)
      throw new DomainError('not-found', 'not_found', 'There is no pending invitation with that id for you');
    await localSessions.setActiveWorkspace(session.id, session.userId, invitation.workspaceId);
    return localSessions.describe(session.id);
  });

  bind(api.declineInvitation, async (c, { params }) => {
    const session = await currentSession(c);
    const invitation = await pendingInvitationFor(db, params.id, session.userId);
    await db
      .update(invitations)
      .set({ status: 'declined', updatedAt: new Date() })
      .where(and(eq(invitations.id, invitation.id), eq(invitations.status, 'pending')));
    return localSessions.describe(session.id);
  });
}
