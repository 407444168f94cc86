import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  expectFailure,
  expectSuccess,
  startTestServer,
  type TestServer,
  testAuthSecret,
  testDatabases,
  testPassword,
} from '../../tests/support/server-harness';
import { users } from '../db/schema';
import { loadAuthSecret } from './local-tokens';

/** Signs a token the way the server does, with whatever secret, lifetime and claims the test picks. */
async function signLocalToken(
  claims: { sub: string; sid?: string; org_id?: string | null; org_role?: string | null },
  options: { secret?: string; exp?: number; iat?: number; issuer?: string; audience?: string } = {},
) {
  const now = Math.floor(Date.now() / 1000);
  const iat = options.iat ?? now;
  const { sub, ...rest } = claims;
  return new SignJWT({ sid: crypto.randomUUID(), org_id: null, org_role: null, ...rest })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(sub)
    .setIssuer(options.issuer ?? 'replyradar')
    .setAudience(options.audience ?? 'replyradar-api')
    .setIssuedAt(iat)
    .setNotBefore(iat - 5)
    .setExpirationTime(options.exp ?? now + 300)
    .sign(new TextEncoder().encode(options.secret ?? testAuthSecret));
}

describe('the key local session tokens are signed with', () => {
  it('is AUTH_SECRET when it is set', () => {
    expect(new TextDecoder().decode(loadAuthSecret(testAuthSecret, null))).toBe(testAuthSecret);
  });

  it('is made on first start and kept under DATA_DIR, readable by the server only, so tokens survive a restart', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'rr-secret-'));
    try {
      const first = loadAuthSecret(undefined, dataDir);
      expect(first.length).toBeGreaterThanOrEqual(32);
      expect(loadAuthSecret(undefined, dataDir)).toEqual(first);
      expect(statSync(path.join(dataDir, 'auth-secret')).mode & 0o777).toBe(0o600);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe.each(testDatabases())('session tokens of local accounts (%s)', (kind) => {
  let server: TestServer;
  let userId: string;
  let workspaceId: string;
  let token: string;
  let sessionId: string;

  beforeAll(async () => {
    server = await startTestServer(kind);
    const account = await server.signUpWithWorkspace('tokens@example.com');
    ({ userId, token } = account);
    workspaceId = account.workspace.id;
    sessionId = String(decodeJwt(token).sid);
  });
  afterAll(() => server?.close());

  const listProjects = (authorization: string) =>
    server.request('GET', '/api/projects', { headers: { authorization } });

  it('accepts the token sign-in gave, for the workspace it names', async () => {
    const claims = decodeJwt(token);
    expect(claims).toMatchObject({ sub: userId, org_id: workspaceId, org_role: 'org:admin' });
    await server.seedProject(workspaceId, { name: 'Mine' });
    const projects = expectSuccess<{ name: string }[]>(await listProjects(`Bearer ${token}`));
    expect(projects.map((p) => p.name)).toEqual(['Mine']);
  });

  it('accepts the scheme in any case, as HTTP allows', async () => {
    expectSuccess(await listProjects(`bearer ${token}`));
  });

  it('refuses a call with no token', async () => {
    expectFailure(await server.request('GET', '/api/projects'), 401, { code: 'unauthorized' });
  });

  it.each([['Bearer abc'], ['Bearer a.b.c'], ['Bearer eyJhbGciOiJIUzI1NiJ9.e30'], ['Basic dXNlcjpwYXNz']])(
    'refuses a malformed token (%s)',
    async (authorization) => {
      expectFailure(await listProjects(authorization), 401, {
        code: 'unauthorized',
        message: 'Session token is invalid',
      });
    },
  );

  it('refuses an expired token, saying it expired', async () => {
    const now = Math.floor(Date.now() / 1000);
    const expired = await signLocalToken(
      { sub: userId, org_id: workspaceId, org_role: 'org:admin' },
      { iat: now - 600, exp: now - 60 },
    );
    expectFailure(await listProjects(`Bearer ${expired}`), 401, {
      code: 'unauthorized',
      message: 'Session token has expired',
    });
  });

  it('refuses a token it accepted before, once the token has expired', async () => {
    const now = Math.floor(Date.now() / 1000);
    const shortLived = await signLocalToken(
      { sub: userId, sid: sessionId, org_id: workspaceId, org_role: 'org:admin' },
      { iat: now, exp: now + 60 },
    );
    expectSuccess(await listProjects(`Bearer ${shortLived}`));
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime((now + 61) * 1000);
      expectFailure(await listProjects(`Bearer ${shortLived}`), 401, {
        code: 'unauthorized',
        message: 'Session token has expired',
      });
    } finally {
      vi.useRealTimers();
    }
  });

  it('accepts a token the test signs the way the server does (the refusals above are not accidents)', async () => {
    const fresh = await signLocalToken({
      sub: userId,
      sid: sessionId,
      org_id: workspaceId,
      org_role: 'org:admin',
    });
    expectSuccess(await listProjects(`Bearer ${fresh}`));
  });

  it('refuses a token signed with another secret', async () => {
    const forged = await signLocalToken(
      { sub: userId, org_id: workspaceId, org_role: 'org:admin' },
      { secret: 'another-secret-that-is-also-32-characters-long' },
    );
    expectFailure(await listProjects(`Bearer ${forged}`), 401, {
      code: 'unauthorized',
      message: 'Session token is invalid',
    });
  });

  it('refuses a token whose signature was tampered with', async () => {
    const [header, payload, signature = ''] = token.split('.');
    const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    expectFailure(await listProjects(`Bearer ${header}.${payload}.${flipped}`), 401, {
      code: 'unauthorized',
    });
  });

  it('refuses a token with its claims changed to another workspace', async () => {
    const [header, , signature] = token.split('.');
    const claims = { ...decodeJwt(token), org_id: crypto.randomUUID() };
    const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
    expectFailure(await listProjects(`Bearer ${header}.${payload}.${signature}`), 401, {
      code: 'unauthorized',
      message: 'Session token is invalid',
    });
  });

  it('refuses an unsigned token (alg none)', async () => {
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const payload = Buffer.from(JSON.stringify(decodeJwt(token))).toString('base64url');
    expectFailure(await listProjects(`Bearer ${header}.${payload}.`), 401, { code: 'unauthorized' });
  });

  it('refuses a token of another issuer or audience signed with the same secret', async () => {
    const otherIssuer = await signLocalToken({ sub: userId }, { issuer: 'someone-else' });
    expectFailure(await listProjects(`Bearer ${otherIssuer}`), 401, { code: 'unauthorized' });
    const otherAudience = await signLocalToken({ sub: userId }, { audience: 'another-api' });
    expectFailure(await listProjects(`Bearer ${otherAudience}`), 401, { code: 'unauthorized' });
  });

  it('gives no workspace to a token naming a workspace its user is not a member of', async () => {
    const stranger = await server.signUpWithWorkspace('tokens-stranger@example.com');
    await server.seedProject(stranger.workspace.id, { name: 'Not yours' });
    const claimsOtherWorkspace = await signLocalToken({
      sub: userId,
      sid: sessionId,
      org_id: stranger.workspace.id,
      org_role: 'org:admin',
    });
    // The stranger's workspace pays; had the token been given it, its projects would be listed.
    expectFailure(await listProjects(`Bearer ${claimsOtherWorkspace}`), 402, {
      code: 'subscription_required',
    });
    const subscription = await server.request('GET', '/api/subscription', { token: claimsOtherWorkspace });
    expect(expectSuccess(subscription)).toStrictEqual({ active: false, addons: {} });
  });

  it('refuses the tokens of a session at once when it signs out, and keeps the other sessions working', async () => {
    const person = await server.signUpWithWorkspace('signs-out@example.com');
    const laptop = await server.request('POST', '/api/auth/sign-in', {
      body: { email: 'signs-out@example.com', password: testPassword },
    });
    const laptopToken = expectSuccess<{ token: string }>(laptop).token;
    expectSuccess(await listProjects(`Bearer ${person.token}`));

    expectSuccess(await server.request('POST', '/api/auth/sign-out', { cookie: person.cookie, body: {} }));

    expectFailure(await listProjects(`Bearer ${person.token}`), 401, {
      code: 'unauthorized',
      message: 'You have signed out: sign in again',
    });
    expectFailure(await server.request('GET', '/api/subscription', { token: person.token }), 401, {
      code: 'unauthorized',
      message: 'You have signed out: sign in again',
    });
    expectSuccess(await listProjects(`Bearer ${laptopToken}`));
  });

  it('refuses a token that names no session, or a session of another person', async () => {
    const noSession = await new SignJWT({ org_id: workspaceId, org_role: 'org:admin' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(userId)
      .setIssuer('replyradar')
      .setAudience('replyradar-api')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode(testAuthSecret));
    expectFailure(await listProjects(`Bearer ${noSession}`), 401, { code: 'unauthorized' });

    const other = await server.signUpWithWorkspace('tokens-other-session@example.com');
    const borrowed = await signLocalToken({
      sub: userId,
      sid: String(decodeJwt(other.token).sid),
      org_id: workspaceId,
      org_role: 'org:admin',
    });
    expectFailure(await listProjects(`Bearer ${borrowed}`), 401, { code: 'unauthorized' });
  });

  it('refuses the token of a user who has since been deleted', async () => {
    const gone = await server.signUpWithWorkspace('tokens-deleted@example.com');
    expectSuccess(await listProjects(`Bearer ${gone.token}`));
    await server.db.delete(users).where(eq(users.id, gone.userId));
    expectFailure(await listProjects(`Bearer ${gone.token}`), 401, {
      code: 'unauthorized',
      message: 'This account no longer exists',
    });
  });

  it('refuses a token whose subject is not a user id', async () => {
    const odd = await signLocalToken({ sub: 'user_2abc' });
    expectFailure(await listProjects(`Bearer ${odd}`), 401, { code: 'unauthorized' });
  });
});
