import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clerkAuthorizedParty,
  clerkKey,
  makeClerkKeyPair,
  signClerkToken,
} from '../../tests/support/clerk-tokens';
import {
  expectFailure,
  expectSuccess,
  startTestServer,
  type TestServer,
  testDatabases,
  testPassword,
} from '../../tests/support/server-harness';
import { memberships, users, workspaces } from '../db/schema';
import { organisationClaims } from './clerk-verifier';

describe('reading the active organisation from Clerk claims', () => {
  it('reads v1 claims (org_id, org_role, org_slug)', () => {
    expect(organisationClaims({ org_id: 'org_1', org_role: 'org:admin', org_slug: 'acme' })).toEqual({
      orgId: 'org_1',
      orgRole: 'org:admin',
      orgSlug: 'acme',
    });
  });

  it('reads v2 claims (o.id, o.rol without the org: prefix, o.slg)', () => {
    expect(organisationClaims({ v: 2, o: { id: 'org_2', rol: 'member', slg: 'beta' } })).toEqual({
      orgId: 'org_2',
      orgRole: 'org:member',
      orgSlug: 'beta',
    });
  });

  it('finds no organisation when the token has none', () => {
    const none = { orgId: null, orgRole: null, orgSlug: null };
    expect(organisationClaims({})).toEqual(none);
    expect(organisationClaims({ v: 2 })).toEqual(none);
  });

  it('treats a custom role as a member, never as an admin', () => {
    expect(organisationClaims({ org_id: 'org_3', org_role: 'org:billing' })).toMatchObject({
      orgRole: 'org:member',
    });
    expect(organisationClaims({ v: 2, o: { id: 'org_3', rol: 'billing' } })).toMatchObject({
      orgRole: 'org:member',
    });
  });
});

describe.each(testDatabases())('signing in with Clerk (%s)', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    const { publicKeyPem } = await clerkKey();
    server = await startTestServer(kind, {
      CLERK_JWT_KEY: publicKeyPem,
      CLERK_AUTHORIZED_PARTIES: clerkAuthorizedParty,
    });
  });
  afterAll(() => server?.close());

  const listProjects = (token: string, projectId?: string) =>
    server.request('GET', '/api/projects', { token, ...(projectId ? { projectId } : {}) });

  /** The workspace ReplyRadar keeps for a Clerk organisation, once a token naming it was seen. */
  async function workspaceOf(clerkOrgId: string) {
    const [row] = await server.db.select().from(workspaces).where(eq(workspaces.clerkOrgId, clerkOrgId));
    if (!row) throw new Error(`no workspace for ${clerkOrgId}`);
    return row;
  }

  async function roleOf(clerkUserId: string, workspaceId: string) {
    const [row] = await server.db
      .select({ role: memberships.role })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(users.clerkUserId, clerkUserId), eq(memberships.workspaceId, workspaceId)));
    return row?.role ?? null;
  }

  it('accepts a v1 token and maps its organisation and role', async () => {
    const token = await signClerkToken({
      sub: 'user_v1admin',
      org_id: 'org_v1',
      org_role: 'org:admin',
      org_slug: 'acme',
      org_permissions: [],
    });
    await server.subscribe(token);
    expect(expectSuccess(await listProjects(token))).toEqual([]);

    const workspace = await workspaceOf('org_v1');
    expect(workspace.name).toBe('acme');
    expect(await roleOf('user_v1admin', workspace.id)).toBe('org:admin');
    const project = await server.seedProject(workspace.id, { name: 'Acme radar' });
    const projects = expectSuccess<{ id: string; name: string }[]>(await listProjects(token));
    expect(projects.map((p) => [p.id, p.name])).toEqual([[project.id, 'Acme radar']]);
  });

  it('accepts a v2 token and maps o.rol "admin" to org:admin and "member" to org:member', async () => {
    const admin = await signClerkToken({
      sub: 'user_v2admin',
      v: 2,
      o: { id: 'org_v2', rol: 'admin', slg: 'beta', per: '', fpm: '' },
      fva: [0, -1],
      sts: 'active',
    });
    await server.subscribe(admin);
    expectSuccess(await listProjects(admin));
    const workspace = await workspaceOf('org_v2');
    expect(await roleOf('user_v2admin', workspace.id)).toBe('org:admin');

    const member = await signClerkToken({ sub: 'user_v2member', v: 2, o: { id: 'org_v2', rol: 'member' } });
    expectSuccess(await listProjects(member));
    expect(await roleOf('user_v2member', workspace.id)).toBe('org:member');

    const project = await server.seedProject(workspace.id, { name: 'Beta radar' });
    for (const token of [admin, member]) {
      const projects = expectSuccess<{ id: string }[]>(await listProjects(token, project.id));
      expect(projects.map((p) => p.id)).toEqual([project.id]);
    }
  });

  it("records a new user and organisation once, even when the app's first calls arrive together", async () => {
    const token = await signClerkToken({ sub: 'user_eager', org_id: 'org_eager', org_role: 'org:admin' });
    const responses = await Promise.all(
      ['/api/projects', '/api/subscription', '/api/socials', '/api/subscription/products'].map((path) =>
        server.request('GET', path, { token }),
      ),
    );
    // The organisation has no plan yet: the projects and socials wait for one.
    expect(responses.map((response) => response.status)).toEqual([402, 200, 402, 200]);
    expect(await server.db.select().from(users).where(eq(users.clerkUserId, 'user_eager'))).toHaveLength(1);
    expect(
      await server.db.select().from(workspaces).where(eq(workspaces.clerkOrgId, 'org_eager')),
    ).toHaveLength(1);
  });

  it('follows a role change in the next token', async () => {
    const claims = { sub: 'user_promoted', org_id: 'org_roles' };
    const asMember = await signClerkToken({ ...claims, org_role: 'org:member' });
    await server.subscribe(asMember);
    expectSuccess(await listProjects(asMember));
    const workspace = await workspaceOf('org_roles');
    expect(await roleOf('user_promoted', workspace.id)).toBe('org:member');
    expectSuccess(await listProjects(await signClerkToken({ ...claims, org_role: 'org:admin' })));
    expect(await roleOf('user_promoted', workspace.id)).toBe('org:admin');
  });

  it('never shows one organisation the projects of another', async () => {
    const alpha = await signClerkToken({ sub: 'user_alpha', org_id: 'org_alpha', org_role: 'org:admin' });
    const beta = await signClerkToken({ sub: 'user_beta', v: 2, o: { id: 'org_beta', rol: 'admin' } });
    await server.subscribe(alpha);
    await server.subscribe(beta);
    expectSuccess(await listProjects(alpha));
    expectSuccess(await listProjects(beta));
    const alphaProject = await server.seedProject((await workspaceOf('org_alpha')).id, { name: 'Alpha' });
    const betaProject = await server.seedProject((await workspaceOf('org_beta')).id, { name: 'Beta' });

    const seenByAlpha = expectSuccess<{ name: string }[]>(await listProjects(alpha));
    const seenByBeta = expectSuccess<{ name: string }[]>(await listProjects(beta));
    expect(seenByAlpha.map((p) => p.name)).toEqual(['Alpha']);
    expect(seenByBeta.map((p) => p.name)).toEqual(['Beta']);

    expectFailure(await listProjects(alpha, betaProject.id), 403, { code: 'forbidden', field: 'project-id' });
    expectFailure(await listProjects(beta, alphaProject.id), 403, { code: 'forbidden', field: 'project-id' });
  });

  it('gives a user without an active organisation no workspace, and refuses their project-id', async () => {
    const token = await signClerkToken({ sub: 'user_alpha' });
    // Outside the organisation its plan does not apply: no workspace is given.
    const subscription = await server.request('GET', '/api/subscription', { token });
    expect(expectSuccess(subscription)).toStrictEqual({ active: false, addons: {} });
    expectFailure(await listProjects(token), 402, { code: 'subscription_required' });
    const alphaProject = await server.seedProject((await workspaceOf('org_alpha')).id, { name: 'Alpha 2' });
    expectFailure(await listProjects(token, alphaProject.id), 403, {
      code: 'forbidden',
      field: 'project-id',
    });
  });

  it('refuses a call without a token', async () => {
    expectFailure(await server.request('GET', '/api/projects'), 401, { code: 'unauthorized' });
  });

  it('refuses an expired token, saying it expired', async () => {
    const token = await signClerkToken(
      { sub: 'user_v1admin', org_id: 'org_v1', org_role: 'org:admin' },
      {
        expiresIn: -60,
      },
    );
    expectFailure(await listProjects(token), 401, {
      code: 'unauthorized',
      message: 'Session token has expired',
    });
  });

  it('refuses a token signed with another key', async () => {
    const token = await signClerkToken(
      { sub: 'user_v1admin', org_id: 'org_v1', org_role: 'org:admin' },
      { key: await makeClerkKeyPair() },
    );
    expectFailure(await listProjects(token), 401, {
      code: 'unauthorized',
      message: 'Session token is invalid',
    });
  });

  it('refuses a token made for another site (azp not authorised)', async () => {
    const token = await signClerkToken(
      { sub: 'user_v1admin', org_id: 'org_v1', org_role: 'org:admin' },
      { azp: 'https://evil.example' },
    );
    expectFailure(await listProjects(token), 401, {
      code: 'unauthorized',
      message: 'Session token is invalid',
    });
  });

  it.each(['abc', 'a.b.c', 'eyJhbGciOiJSUzI1NiJ9.e30.'])('refuses a malformed token (%s)', async (token) => {
    expectFailure(await listProjects(token), 401, { code: 'unauthorized' });
  });

  it('refuses a token signed with the local accounts secret', async () => {
    const local = await startTestServer(kind, {}, { database: server.database });
    try {
      const { session } = await local.signUp('clerk-mode-local@example.com');
      expectFailure(await listProjects(session.token), 401, { code: 'unauthorized' });
    } finally {
      await local.close();
    }
  });

  it.each([
    ['POST', '/api/auth/sign-up'],
    ['POST', '/api/auth/sign-in'],
    ['POST', '/api/auth/token'],
    ['POST', '/api/auth/sign-out'],
    ['POST', '/api/auth/workspaces'],
    ['POST', '/api/auth/active-workspace'],
  ])('has no local sign-in routes: %s %s is a 404', async (method, path) => {
    const response = await server.request(method, path, {
      body: { email: 'someone@example.com', password: testPassword },
    });
    expectFailure(response, 404, { code: 'not_found', message: `No API route ${method} ${path}` });
  });
});
