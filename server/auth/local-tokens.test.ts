import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectFailure,
  expectSuccess,
  startTestServer,
  type TestServer,
  testAuthSecret,
  testDatabases,
} from '../../tests/support/server-harness';
import { users } from '../db/schema';
import { loadAuthSecret } from './local-tokens';

/** Signs a token the way the server does, with whatever secret, lifetime and claims the test picks. */
async function signLocalToken(
  claims: { sub: string; org_id?: string | null; org_role?: string | null },
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

  beforeAll(async () => {
    server = await startTestServer(kind);
    const account = await server.signUpWithWorkspace('tokens@example.com');
    ({ userId, token } = account);
    workspaceId = account.workspace.id;
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

  it('accepts a token the test signs the way the server does (the refusals above are not accidents)', async () => {
    const fresh = await signLocalToken({ sub: userId, org_id: workspaceId, org_role: 'org:admin' });
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
      org_id: stranger.workspace.id,
      org_role: 'org:admin',
    });
    expect(expectSuccess(await listProjects(`Bearer ${claimsOtherWorkspace}`))).toEqual([]);
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
