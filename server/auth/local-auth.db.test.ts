import { Writable } from 'node:stream';
import type { AuthSession } from '@contract/auth';
import { authMessages } from '@contract/messages';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectFailure,
  expectSuccess,
  sessionCookieOf,
  startTestServer,
  type TestServer,
  testDatabases,
  testPassword,
} from '../../tests/support/server-harness';
import { invitations, users } from '../db/schema';

describe.each(testDatabases())('local accounts (%s)', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server?.close());

  const signIn = (email: string, password: string) =>
    server.request('POST', '/api/auth/sign-in', { body: { email, password } });
  const refresh = (cookie?: string) =>
    server.request('POST', '/api/auth/token', { body: {}, ...(cookie ? { cookie } : {}) });

  describe('signing up', () => {
    it('creates the account and returns its session: the email, no workspaces yet', async () => {
      const { session, response } = await server.signUp('new-person@example.com');
      const data = expectSuccess<AuthSession>(response, 201);
      expect(data).toStrictEqual({
        token: expect.any(String),
        expiresAt: expect.any(Number),
        user: {
          id: expect.stringMatching(/^[0-9a-f-]{36}$/),
          username: null,
          emailAddresses: [{ id: expect.any(String), emailAddress: 'new-person@example.com' }],
          primaryEmailAddressId: data.user.emailAddresses[0]?.id,
        },
        activeWorkspaceId: null,
        memberships: [],
        // Proven once the code mailed at sign-up is typed in.
        emailVerified: false,
        invitations: [],
      });
      expect(data.expiresAt).toBeGreaterThan(Date.now());
      expect(data.expiresAt).toBeLessThanOrEqual(Date.now() + server.env.AUTH_TOKEN_TTL_SECONDS * 1000);
      // The token works at once, with no workspace yet: the plans are open, the rest waits for one.
      expect(
        expectSuccess(await server.request('GET', '/api/subscription', { token: session.token })),
      ).toMatchObject({ active: false });
      expect((await server.request('GET', '/api/projects', { token: session.token })).status).toBe(402);
    });

    it('sets an httpOnly, SameSite=Strict rr_session cookie for the whole site (page requests read it too)', async () => {
      const { response } = await server.signUp('cookie@example.com');
      const header = response.headers.getSetCookie().find((line) => line.startsWith('rr_session='));
      expect(header).toBeDefined();
      const attributes = (header ?? '').split(';').map((part) => part.trim().toLowerCase());
      expect(attributes).toContain('httponly');
      expect(attributes).toContain('samesite=strict');
      expect(attributes).toContain('path=/');
      expect(attributes).toContain(`max-age=${server.env.AUTH_SESSION_TTL_DAYS * 24 * 60 * 60}`);
    });

    it('marks the cookie Secure behind an https proxy it trusts', async () => {
      const proxied = await startTestServer(kind, { TRUST_PROXY: 'true' }, { database: server.database });
      try {
        const response = await proxied.request('POST', '/api/auth/sign-up', {
          body: { email: 'behind-proxy@example.com', password: testPassword },
          headers: { 'x-forwarded-proto': 'https' },
        });
        expect(response.status).toBe(201);
        const header = response.headers.getSetCookie().find((line) => line.startsWith('rr_session=')) ?? '';
        expect(header.toLowerCase()).toMatch(/;\s*secure/);
      } finally {
        await proxied.close();
      }
    });

    it('refuses an email address that is taken', async () => {
      await server.signUp('taken@example.com');
      const response = await server.request('POST', '/api/auth/sign-up', {
        body: { email: 'taken@example.com', password: 'another password' },
      });
      expectFailure(response, 422, {
        code: 'form_identifier_exists',
        message: 'That email address is taken. Please try another.',
        field: 'email',
      });
      expect(sessionCookieOf(response)).toBeNull();
    });

    it('makes one account when the same email signs up twice at once', async () => {
      const attempt = () =>
        server.request('POST', '/api/auth/sign-up', {
          body: { email: 'double-click@example.com', password: testPassword },
        });
      const responses = await Promise.all([attempt(), attempt()]);
      expect(responses.map((r) => r.status).sort()).toEqual([201, 422]);
      const refused = responses.find((r) => r.status === 422);
      if (refused) expectFailure(refused, 422, { code: 'form_identifier_exists', field: 'email' });
      const rows = await server.db.select().from(users).where(eq(users.email, 'double-click@example.com'));
      expect(rows).toHaveLength(1);
    });

    it('refuses the same email written in other capitals, and with spaces around it', async () => {
      await server.signUp('Mixed.Case@Example.com');
      for (const email of ['mixed.case@example.com', 'MIXED.CASE@EXAMPLE.COM', '  mixed.case@example.com ']) {
        const response = await server.request('POST', '/api/auth/sign-up', {
          body: { email, password: testPassword },
        });
        expectFailure(response, 422, { code: 'form_identifier_exists', field: 'email' });
      }
    });

    it('refuses a password shorter than 10 characters', async () => {
      const response = await server.request('POST', '/api/auth/sign-up', {
        body: { email: 'short@example.com', password: 'tally bir' },
      });
      expectFailure(response, 400, {
        code: 'bad_request',
        message: 'Passwords must be 10 characters or more.',
        field: 'password',
      });
      expectFailure(await signIn('short@example.com', 'tally bir'), 422, {
        code: 'form_identifier_not_found',
        field: 'email',
      });
    });

    it('never stores the password itself', async () => {
      await server.signUp('hashed@example.com');
      const [row] = await server.db.select().from(users).where(eq(users.email, 'hashed@example.com'));
      expect(row?.passwordHash).toMatch(/^scrypt\$/);
      expect(row?.passwordHash).not.toContain(testPassword);
    });
  });

  describe('signing in', () => {
    beforeAll(async () => {
      await server.signUp('returning@example.com');
    });

    it('signs in with the right password and sets a new session cookie', async () => {
      const response = await signIn('returning@example.com', testPassword);
      const data = expectSuccess<AuthSession>(response);
      expect(data.user.emailAddresses.map((e) => e.emailAddress)).toEqual(['returning@example.com']);
      expect(sessionCookieOf(response)).toMatch(/^rr_session=[0-9a-f-]{36}\.[\w-]+$/);
    });

    it('finds the account whatever the capitals of the email', async () => {
      expectSuccess(await signIn('Returning@EXAMPLE.com', testPassword));
    });

    it('refuses a wrong password', async () => {
      const response = await signIn('returning@example.com', `${testPassword}!`);
      expectFailure(response, 422, {
        code: 'form_password_incorrect',
        message: 'Password is incorrect. Try again, or use another method.',
        field: 'password',
      });
      expect(sessionCookieOf(response)).toBeNull();
    });

    it('refuses an empty password as incorrect', async () => {
      expectFailure(await signIn('returning@example.com', ''), 400, {
        code: 'bad_request',
        message: authMessages.passwordIncorrect,
        field: 'password',
      });
    });

    it('says it cannot find an account for an unknown email', async () => {
      expectFailure(await signIn('nobody@example.com', testPassword), 422, {
        code: 'form_identifier_not_found',
        message: "Couldn't find your account.",
        field: 'email',
      });
    });
  });

  describe('the session cookie', () => {
    it('gives a fresh token for the session on POST /api/auth/token', async () => {
      const { session, cookie } = await server.signUp('refresh@example.com');
      const data = expectSuccess<AuthSession>(await refresh(cookie));
      expect(data.user.id).toBe(session.user.id);
      expect(decodeJwt(data.token)).toMatchObject({ sub: session.user.id });
      expectSuccess(await server.request('GET', '/api/subscription', { token: data.token }));
    });

    it('answers signed out (data null, no error) without the cookie, or with a forged one', async () => {
      const { cookie } = await server.signUp('forged@example.com');
      expect(expectSuccess(await refresh())).toBeNull();
      const [sessionId] = cookie.slice('rr_session='.length).split('.');
      const forged = await refresh(`rr_session=${sessionId}.not-the-secret`);
      expect(expectSuccess(forged)).toBeNull();
      expect(forged.headers.getSetCookie().some((line) => line.startsWith('rr_session=;'))).toBe(true);
      expect(expectSuccess(await refresh('rr_session=garbage'))).toBeNull();
      // Shaped like an id to a loose check, but not one: still signed out, never a database error.
      expect(expectSuccess(await refresh(`rr_session=${'-'.repeat(36)}.secret`))).toBeNull();
      expect(expectSuccess(await refresh(`rr_session=${'a'.repeat(36)}.secret`))).toBeNull();
    });

    it('signing out revokes the session: its cookie no longer refreshes, and the cookie is cleared', async () => {
      const { cookie } = await server.signUp('leaving@example.com');
      const response = await server.request('POST', '/api/auth/sign-out', { cookie, body: {} });
      expect(expectSuccess(response)).toBeNull();
      const cleared = response.headers.getSetCookie().find((line) => line.startsWith('rr_session=')) ?? '';
      expect(cleared).toMatch(/^rr_session=;/);
      expect(cleared.toLowerCase()).toMatch(/max-age=0|expires=thu, 01 jan 1970/);
      // Both the site-wide cookie and one kept under the earlier /api/auth path are cleared.
      const clearedPaths = response.headers
        .getSetCookie()
        .filter((line) => line.startsWith('rr_session=;'))
        .map((line) => /path=([^;]*)/i.exec(line)?.[1]);
      expect(clearedPaths.sort()).toEqual(['/', '/api/auth']);
      expect(expectSuccess(await refresh(cookie))).toBeNull();
    });

    it('a refresh moves a cookie kept under the earlier /api/auth path to the whole site, sliding its age', async () => {
      const { cookie } = await server.signUp('earlier-path@example.com');
      const response = await refresh(cookie);
      expect(expectSuccess<{ token: string }>(response).token).toEqual(expect.any(String));
      const lines = response.headers.getSetCookie().filter((line) => line.startsWith('rr_session='));
      const kept = lines.find((line) => /path=\/(;|$)/i.test(line)) ?? '';
      expect(kept.split(';')[0]).toBe(cookie);
      expect(kept.toLowerCase()).toContain(`max-age=${server.env.AUTH_SESSION_TTL_DAYS * 24 * 60 * 60}`);
      const dropped = lines.find((line) => /path=\/api\/auth/i.test(line)) ?? '';
      expect(dropped).toMatch(/^rr_session=;/);
    });

    it('signing out one session leaves the other sessions of the person signed in', async () => {
      const { cookie: first } = await server.signUp('two-devices@example.com');
      const second = sessionCookieOf(await signIn('two-devices@example.com', testPassword)) ?? '';
      await server.request('POST', '/api/auth/sign-out', { cookie: first, body: {} });
      expect(expectSuccess(await refresh(first))).toBeNull();
      expect(expectSuccess(await refresh(second))).not.toBeNull();
    });

    it('signing out without a session still answers 200', async () => {
      expect(expectSuccess(await server.request('POST', '/api/auth/sign-out', { body: {} }))).toBeNull();
    });
  });

  describe('workspaces', () => {
    it('refuses a workspace name shorter than 3 characters, naming name', async () => {
      const { cookie } = await server.signUp('short-name@example.com');
      for (const name of ['ab', '   ab   ', '']) {
        const response = await server.request('POST', '/api/auth/workspaces', { cookie, body: { name } });
        expectFailure(response, 400, {
          code: 'bad_request',
          message: 'Workspace name should be longer then 3 symbols',
          field: 'name',
        });
      }
    });

    it('needs a session to create a workspace', async () => {
      const response = await server.request('POST', '/api/auth/workspaces', { body: { name: 'Nobody Inc' } });
      expectFailure(response, 401, { code: 'unauthorized' });
    });

    it('makes the creator org:admin of the new workspace', async () => {
      const { cookie } = await server.signUp('founder@example.com');
      const workspace = await server.createWorkspace(cookie, '  Acme  ');
      expect(workspace).toStrictEqual({ id: expect.any(String), name: 'Acme' });
      const data = expectSuccess<AuthSession>(await refresh(cookie));
      expect(data.memberships).toStrictEqual([{ workspace, role: 'org:admin' }]);
    });

    it('setting the active workspace puts it in the token, and the API follows it', async () => {
      const { cookie } = await server.signUp('switcher@example.com');
      const first = await server.createWorkspace(cookie, 'First');
      const second = await server.createWorkspace(cookie, 'Second');
      await server.seedProject(first.id, { name: 'First project' });
      await server.seedProject(second.id, { name: 'Second project' });

      const inFirst = await server.activate(cookie, first.id);
      await server.subscribe(inFirst.token);
      expect(inFirst.activeWorkspaceId).toBe(first.id);
      expect(decodeJwt(inFirst.token)).toMatchObject({ org_id: first.id, org_role: 'org:admin' });
      const firstList = expectSuccess<{ name: string }[]>(
        await server.request('GET', '/api/projects', { token: inFirst.token }),
      );
      expect(firstList.map((p) => p.name)).toEqual(['First project']);

      const inSecond = await server.activate(cookie, second.id);
      await server.subscribe(inSecond.token);
      expect(decodeJwt(inSecond.token)).toMatchObject({ org_id: second.id });
      const secondList = expectSuccess<{ name: string }[]>(
        await server.request('GET', '/api/projects', { token: inSecond.token }),
      );
      expect(secondList.map((p) => p.name)).toEqual(['Second project']);

      // The session remembers it: the next refresh is still in the second workspace.
      expect(expectSuccess<AuthSession>(await refresh(cookie)).activeWorkspaceId).toBe(second.id);
      // And leaving every workspace is allowed.
      const none = await server.activate(cookie, null);
      expect(none.activeWorkspaceId).toBeNull();
      expect(decodeJwt(none.token)).toMatchObject({ org_id: null, org_role: null });
    });

    it('signing in again lands in the first workspace the person joined', async () => {
      const { cookie } = await server.signUp('comes-back@example.com');
      const workspace = await server.createWorkspace(cookie, 'Home base');
      await server.createWorkspace(cookie, 'Side project');
      const data = expectSuccess<AuthSession>(await signIn('comes-back@example.com', testPassword));
      expect(data.activeWorkspaceId).toBe(workspace.id);
      expect(decodeJwt(data.token)).toMatchObject({ org_id: workspace.id, org_role: 'org:admin' });
    });

    it("lists the person's pending invitations in the session, and only those", async () => {
      const host = await server.signUpWithWorkspace('host@example.com', 'Hosting');
      const declined = await server.createWorkspace(host.cookie, 'Declined one');
      await server.db.insert(invitations).values([
        {
          workspaceId: host.workspace.id,
          email: 'invited@example.com',
          role: 'org:member',
          invitedBy: host.userId,
        },
        { workspaceId: declined.id, email: 'invited@example.com', role: 'org:admin', status: 'declined' },
        { workspaceId: host.workspace.id, email: 'somebody-else@example.com', role: 'org:member' },
      ]);
      const { cookie } = await server.signUp('Invited@Example.com');
      const session = await server.confirmEmail(cookie, 'invited@example.com');
      expect(session.invitations).toStrictEqual([
        {
          id: expect.any(String),
          email: 'invited@example.com',
          role: 'org:member',
          workspace: host.workspace,
        },
      ]);
      expect(session.memberships).toEqual([]);
    });

    it('refuses to activate a workspace the person is not a member of', async () => {
      const owner = await server.signUpWithWorkspace('owner@example.com');
      const { cookie } = await server.signUp('outsider@example.com');
      const response = await server.request('POST', '/api/auth/active-workspace', {
        cookie,
        body: { workspaceId: owner.workspace.id },
      });
      expectFailure(response, 403, {
        code: 'forbidden',
        message: 'You are not a member of that workspace',
        field: 'workspaceId',
      });
      expect(expectSuccess<AuthSession>(await refresh(cookie)).activeWorkspaceId).toBeNull();
    });

    it('refuses a workspace id that is not an id, naming workspaceId', async () => {
      const { cookie } = await server.signUp('typo@example.com');
      const response = await server.request('POST', '/api/auth/active-workspace', {
        cookie,
        body: { workspaceId: 'not-a-workspace' },
      });
      expectFailure(response, 400, { code: 'bad_request', field: 'workspaceId' });
    });
  });
});

describe.each(testDatabases())('what local sign-in writes to the logs (%s)', (kind) => {
  const lines: string[] = [];
  let server: TestServer;

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    server = await startTestServer(kind, {}, { logger: pino({ level: 'trace' }, stream) });
  });
  afterAll(() => server?.close());

  it('never contains a password, a token or a session cookie', async () => {
    const password = 'a very particular password 7315';
    const { session, cookie } = await server.signUp('logged@example.com', password);
    const workspace = await server.createWorkspace(cookie, 'Logged Inc');
    const active = await server.activate(cookie, workspace.id);
    const signIn = (p: string) =>
      server.request('POST', '/api/auth/sign-in', { body: { email: 'logged@example.com', password: p } });
    expect((await signIn('the wrong one 4409')).status).toBe(422);
    const again = await signIn(password);
    expect(again.status).toBe(200);
    const token = again.body.data.token as string;
    await server.request('GET', '/api/projects', { token, projectId: crypto.randomUUID() });
    await server.request('GET', '/api/subscription', { token: `${token}x` });
    await server.request('POST', '/api/auth/token', { cookie, body: {} });
    await server.request('POST', '/api/auth/sign-up', { body: `{"email":"x@y.z","password":"${password}"` });
    await server.request('POST', '/api/auth/sign-out', { cookie, body: {} });

    const logs = lines.join('');
    expect(logs).toContain('"path":"/api/auth/sign-in"');
    const secrets = [
      password,
      'the wrong one 4409',
      session.token,
      active.token,
      token,
      cookie.slice('rr_session='.length),
      (cookie.split('.')[1] ?? '').slice(0, 20),
    ];
    for (const secret of secrets) expect(logs).not.toContain(secret);
  });
});
