import type { AuthSession, Invitation } from '@contract/auth';
import type { Project, Subscription } from '@contract/entities';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clerkAuthorizedParty, clerkKey } from '../../tests/support/clerk-tokens';
import {
  expectFailure,
  expectSuccess,
  startTestServer,
  type TestServer,
  testDatabases,
} from '../../tests/support/server-harness';
import { invitations, memberships } from '../db/schema';

describe.each(testDatabases())('local invitations (%s)', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server?.close());

  const invite = (token: string, body: Record<string, unknown>) =>
    server.request('POST', '/api/auth/invitations', { token, body });
  const accept = (cookie: string, id: string) =>
    server.request('POST', `/api/auth/invitations/${id}/accept`, { cookie, body: {} });
  const decline = (cookie: string, id: string) =>
    server.request('POST', `/api/auth/invitations/${id}/decline`, { cookie, body: {} });

  describe('inviting', () => {
    it('lets an admin invite a person by email, written any way, as a member by default', async () => {
      const admin = await server.signUpWithWorkspace('inviting-admin@example.com', 'Acme');
      const invitation = expectSuccess<Invitation>(
        await invite(admin.token, { email: '  New.Person@Example.COM ' }),
        201,
      );
      expect(invitation).toStrictEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        workspace: { id: admin.workspace.id, name: 'Acme' },
        email: 'new.person@example.com',
        role: 'org:member',
      });
      // The invited person sees it in their session once they sign up with that email and confirm it.
      const { session, cookie } = await server.signUp('new.person@example.com');
      expect(session.invitations).toStrictEqual([]);
      const confirmed = await server.confirmEmail(cookie, 'new.person@example.com');
      expect(confirmed.invitations).toStrictEqual([invitation]);
    });

    it("mails the invitation to the person, with the app's sign-up link", async () => {
      const admin = await server.signUpWithWorkspace('mailing-admin@example.com', 'Northwind');
      expectSuccess(
        await invite(admin.token, { email: 'Mailed.Person@example.com', role: 'org:admin' }),
        201,
      );
      const mail = server.outbox().filter((m) => m.to === 'mailed.person@example.com');
      expect(mail).toHaveLength(1);
      expect(mail[0]?.subject).toBe("You're invited to Northwind on ReplyRadar");
      expect(mail[0]?.text).toContain('You have been invited to join Northwind on ReplyRadar as an admin.');
      expect(mail[0]?.text).toContain('http://localhost/sign-up');
    });

    it('invites as an admin when asked', async () => {
      const admin = await server.signUpWithWorkspace('inviting-an-admin@example.com');
      const invitation = expectSuccess<Invitation>(
        await invite(admin.token, { email: 'co-admin@example.com', role: 'org:admin' }),
        201,
      );
      expect(invitation.role).toBe('org:admin');
    });

    it('refuses a member, and someone with no active workspace', async () => {
      const admin = await server.signUpWithWorkspace('owner-of-team@example.com');
      const member = await server.signUp('plain-member@example.com');
      await server.db
        .insert(memberships)
        .values({ workspaceId: admin.workspace.id, userId: member.session.user.id, role: 'org:member' });
      const memberToken = (await server.activate(member.cookie, admin.workspace.id)).token;
      const refused = { code: 'forbidden', message: 'Only an admin of this workspace can invite people' };
      expectFailure(await invite(memberToken, { email: 'friend@example.com' }), 403, refused);
      const loner = await server.signUp('loner@example.com');
      expectFailure(await invite(loner.session.token, { email: 'friend@example.com' }), 403, refused);
      const stored = await server.db
        .select()
        .from(invitations)
        .where(eq(invitations.email, 'friend@example.com'));
      expect(stored).toEqual([]);
    });

    it('answers 409 for someone already a member, or already invited', async () => {
      const admin = await server.signUpWithWorkspace('conflict-admin@example.com');
      expectFailure(await invite(admin.token, { email: 'CONFLICT-admin@example.com' }), 409, {
        code: 'conflict',
        message: 'That person is already a member of this workspace',
        field: 'email',
      });
      expectSuccess(await invite(admin.token, { email: 'twice-invited@example.com' }), 201);
      expectFailure(await invite(admin.token, { email: 'Twice-Invited@example.com' }), 409, {
        code: 'conflict',
        message: 'That person already has a pending invitation to this workspace',
        field: 'email',
      });
      // Another workspace may invite the same person.
      const other = await server.signUpWithWorkspace('other-conflict-admin@example.com');
      expectSuccess(await invite(other.token, { email: 'twice-invited@example.com' }), 201);
    });

    it('refuses an email that is not an email, naming email', async () => {
      const admin = await server.signUpWithWorkspace('typo-admin@example.com');
      expectFailure(await invite(admin.token, { email: 'not an email' }), 400, {
        code: 'bad_request',
        field: 'email',
      });
    });
  });

  describe('only the owner of the invited address', () => {
    it('someone who signs up with an invited address sees no invitation and cannot accept or decline it until the address is proven', async () => {
      const admin = await server.signUpWithWorkspace('careful-admin@example.com', 'Vault');
      const invitation = expectSuccess<Invitation>(
        await invite(admin.token, { email: 'owner-of-address@example.com' }),
        201,
      );
      // Anyone can type the address at sign-up: the account is made, but it has not proven the address.
      const claimant = await server.signUp('owner-of-address@example.com');
      expect(claimant.session.invitations).toStrictEqual([]);
      const refreshed = expectSuccess<AuthSession>(
        await server.request('POST', '/api/auth/token', { cookie: claimant.cookie, body: {} }),
      );
      expect(refreshed.invitations).toStrictEqual([]);

      const unverified = {
        code: 'email_unverified',
        message: 'Confirm your email before answering invitations sent to it',
      };
      expectFailure(await accept(claimant.cookie, invitation.id), 403, unverified);
      expectFailure(await decline(claimant.cookie, invitation.id), 403, unverified);
      const [stored] = await server.db.select().from(invitations).where(eq(invitations.id, invitation.id));
      expect(stored?.status).toBe('pending');
      const joined = await server.db
        .select()
        .from(memberships)
        .where(eq(memberships.userId, claimant.session.user.id));
      expect(joined).toEqual([]);
      expect(claimant.session.emailVerified).toBe(false);

      // Guessing the code does not get there: five wrong codes void it.
      const right = server.emailCodeFor('owner-of-address@example.com');
      const wrong = right === '000000' ? '111111' : '000000';
      const verify = (code: string) =>
        server.request('POST', '/api/auth/verify-email', { cookie: claimant.cookie, body: { code } });
      for (let i = 0; i < 4; i += 1) {
        expectFailure(await verify(wrong), 400, {
          code: 'bad_request',
          message: 'That code is not right. Check the email and try again.',
          field: 'code',
        });
      }
      expectFailure(await verify(wrong), 400, {
        code: 'bad_request',
        message: 'Too many wrong codes. Send a new code.',
        field: 'code',
      });
      expectFailure(await verify(right), 400, {
        code: 'bad_request',
        message: 'This code is no longer valid. Send a new code.',
        field: 'code',
      });
      expectFailure(await accept(claimant.cookie, invitation.id), 403, unverified);
    });

    it('the owner, with the code mailed to the address, sees the invitation and joins the workspace', async () => {
      const admin = await server.signUpWithWorkspace('welcoming-admin@example.com', 'Harbor');
      const invitation = expectSuccess<Invitation>(
        await invite(admin.token, { email: 'rightful@example.com' }),
        201,
      );
      const owner = await server.signUp('rightful@example.com');
      const confirmed = await server.confirmEmail(owner.cookie, 'rightful@example.com');
      expect(confirmed.emailVerified).toBe(true);
      expect(confirmed.invitations.map((i) => i.id)).toEqual([invitation.id]);
      const session = expectSuccess<AuthSession>(await accept(owner.cookie, invitation.id));
      expect(session.activeWorkspaceId).toBe(admin.workspace.id);
    });
  });

  describe('accepting and declining', () => {
    it('accepting joins the workspace with the invited role, makes it active, and shows its projects and subscription', async () => {
      const admin = await server.signUpWithWorkspace('team-lead@example.com', 'Team');
      const project = await server.seedProject(admin.workspace.id, { name: 'Team radar' });
      const [start, addon] = expectSuccess<{ year_price_id: string }[]>(
        await server.request('GET', '/api/subscription/products', { token: admin.token }),
      );
      expectSuccess(
        await server.request('POST', '/api/subscription/local-checkout', {
          token: admin.token,
          body: { priceIds: [start?.year_price_id, addon?.year_price_id] },
        }),
      );
      const invitation = expectSuccess<Invitation>(
        await invite(admin.token, { email: 'joiner@example.com' }),
        201,
      );
      const joiner = await server.signUp('joiner@example.com');
      await server.confirmEmail(joiner.cookie, 'joiner@example.com');

      const session = expectSuccess<AuthSession>(await accept(joiner.cookie, invitation.id));

      expect(session.activeWorkspaceId).toBe(admin.workspace.id);
      expect(session.memberships).toStrictEqual([
        { workspace: { id: admin.workspace.id, name: 'Team' }, role: 'org:member' },
      ]);
      expect(session.invitations).toStrictEqual([]);
      const projects = expectSuccess<Project[]>(
        await server.request('GET', '/api/projects', { token: session.token }),
      );
      expect(projects.map((p) => p.id)).toEqual([project.id]);
      expect(
        expectSuccess<Subscription>(
          await server.request('GET', '/api/subscription', { token: session.token }),
        ),
      ).toStrictEqual({ active: true, addons: { autopost: true } });
      // A member, not an admin: no billing portal.
      expectFailure(await server.request('GET', '/api/subscription/portal', { token: session.token }), 403, {
        code: 'forbidden',
      });
      const [stored] = await server.db.select().from(invitations).where(eq(invitations.id, invitation.id));
      expect(stored?.status).toBe('accepted');
      // Accepting again finds nothing pending.
      expectFailure(await accept(joiner.cookie, invitation.id), 404, { code: 'not_found' });
    });

    it('gives the role the invitation names', async () => {
      const admin = await server.signUpWithWorkspace('promoting-admin@example.com');
      const invitation = expectSuccess<Invitation>(
        await invite(admin.token, { email: 'new-admin@example.com', role: 'org:admin' }),
        201,
      );
      const newcomer = await server.signUp('new-admin@example.com');
      await server.confirmEmail(newcomer.cookie, 'new-admin@example.com');
      expectSuccess(await accept(newcomer.cookie, invitation.id));
      const [membership] = await server.db
        .select()
        .from(memberships)
        .where(
          and(
            eq(memberships.workspaceId, admin.workspace.id),
            eq(memberships.userId, newcomer.session.user.id),
          ),
        );
      expect(membership?.role).toBe('org:admin');
    });

    it('declining marks it declined, joins nothing, and drops it from the session', async () => {
      const admin = await server.signUpWithWorkspace('declined-admin@example.com');
      const invitation = expectSuccess<Invitation>(
        await invite(admin.token, { email: 'not-now@example.com' }),
        201,
      );
      const person = await server.signUp('not-now@example.com');
      expect((await server.confirmEmail(person.cookie, 'not-now@example.com')).invitations).toHaveLength(1);

      const session = expectSuccess<AuthSession>(await decline(person.cookie, invitation.id));

      expect(session.invitations).toStrictEqual([]);
      expect(session.memberships).toStrictEqual([]);
      expect(session.activeWorkspaceId).toBeNull();
      const [stored] = await server.db.select().from(invitations).where(eq(invitations.id, invitation.id));
      expect(stored?.status).toBe('declined');
      expectFailure(await accept(person.cookie, invitation.id), 404, { code: 'not_found' });
      // The admin may invite them again later.
      expectSuccess(await invite(admin.token, { email: 'not-now@example.com' }), 201);
    });

    it("cannot accept or decline someone else's invitation", async () => {
      const admin = await server.signUpWithWorkspace('guarded-admin@example.com');
      const invitation = expectSuccess<Invitation>(
        await invite(admin.token, { email: 'invitee@example.com' }),
        201,
      );
      const intruder = await server.signUp('intruder@example.com');
      await server.confirmEmail(intruder.cookie, 'intruder@example.com');
      await server.confirmEmail(admin.cookie, 'guarded-admin@example.com');
      const notYours = { code: 'not_found', message: 'There is no pending invitation with that id for you' };
      expectFailure(await accept(intruder.cookie, invitation.id), 404, notYours);
      expectFailure(await decline(intruder.cookie, invitation.id), 404, notYours);
      // Not even the admin who sent it.
      expectFailure(await accept(admin.cookie, invitation.id), 404, notYours);
      const [stored] = await server.db.select().from(invitations).where(eq(invitations.id, invitation.id));
      expect(stored?.status).toBe('pending');
      const rows = await server.db
        .select()
        .from(memberships)
        .where(eq(memberships.userId, intruder.session.user.id));
      expect(rows).toEqual([]);
    });

    it('answers 404 for an id that is not an invitation id, and 401 without a session', async () => {
      const person = await server.signUp('wanderer@example.com');
      await server.confirmEmail(person.cookie, 'wanderer@example.com');
      expectFailure(await accept(person.cookie, 'not-a-uuid'), 404, { code: 'not_found' });
      expectFailure(await accept(person.cookie, '00000000-0000-4000-8000-000000000000'), 404, {
        code: 'not_found',
      });
      expectFailure(
        await server.request('POST', '/api/auth/invitations/00000000-0000-4000-8000-000000000000/accept', {
          body: {},
        }),
        401,
        { code: 'unauthorized' },
      );
    });
  });

  it("has no invitation routes in Clerk mode: Clerk's own organisation screens invite", async () => {
    const clerk = await startTestServer(
      kind,
      { CLERK_JWT_KEY: (await clerkKey()).publicKeyPem, CLERK_AUTHORIZED_PARTIES: clerkAuthorizedParty },
      { database: server.database },
    );
    try {
      for (const path of [
        '/api/auth/invitations',
        '/api/auth/invitations/00000000-0000-4000-8000-000000000000/accept',
        '/api/auth/invitations/00000000-0000-4000-8000-000000000000/decline',
      ]) {
        expectFailure(await clerk.request('POST', path, { body: {} }), 404, {
          code: 'not_found',
          message: `No API route POST ${path}`,
        });
      }
    } finally {
      await clerk.close();
    }
  });
});
