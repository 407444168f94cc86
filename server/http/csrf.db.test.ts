import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectFailure,
  expectSuccess,
  startTestServer,
  type TestServer,
  testDatabases,
  testPassword,
} from '../../tests/support/server-harness';

const crossSite = { code: 'forbidden', message: 'Cross-site request refused' };

describe.each(testDatabases())('requests another site makes the browser send (%s)', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server?.close());

  /** Whether the cookie's session is still signed in. */
  const stillSignedIn = async (cookie: string) =>
    expectSuccess<{ token: string } | null>(
      await server.request('POST', '/api/auth/token', { cookie, body: {} }),
    ) !== null;

  it('refuses a sign-out posted from another site, as text or as JSON, and the person stays signed in', async () => {
    const { cookie } = await server.signUp('csrf-victim@example.com');
    const asText = await server.request('POST', '/api/auth/sign-out', {
      cookie,
      body: '{}',
      headers: { origin: 'https://evil.example', 'content-type': 'text/plain' },
    });
    expectFailure(asText, 403, crossSite);
    const asJson = await server.request('POST', '/api/auth/sign-out', {
      cookie,
      body: {},
      headers: { origin: 'https://evil.example' },
    });
    expectFailure(asJson, 403, crossSite);
    expect(await stillSignedIn(cookie)).toBe(true);
  });

  it('refuses a request the browser marks as cross-site, even without an Origin', async () => {
    const { cookie } = await server.signUp('csrf-fetch-site@example.com');
    const response = await server.request('POST', '/api/auth/workspaces', {
      cookie,
      body: { name: 'Planted' },
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expectFailure(response, 403, crossSite);
    const planted = await server.request('POST', '/api/auth/token', { cookie, body: {} });
    expect(expectSuccess<{ memberships: unknown[] }>(planted).memberships).toEqual([]);
  });

  it('refuses a sign-in another site posts (it would sign the visitor in as someone else)', async () => {
    await server.signUp('csrf-attacker@example.com');
    const response = await server.request('POST', '/api/auth/sign-in', {
      body: { email: 'csrf-attacker@example.com', password: testPassword },
      headers: { origin: 'https://evil.example' },
    });
    expectFailure(response, 403, crossSite);
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it('accepts the app’s own calls: same origin, same-origin fetch metadata, or neither header', async () => {
    const { cookie } = await server.signUp('csrf-own@example.com');
    const ownCalls: Record<string, string>[] = [
      { origin: 'http://localhost' },
      { 'sec-fetch-site': 'same-origin', origin: 'http://localhost' },
      { 'sec-fetch-site': 'none' },
      {},
    ];
    for (const headers of ownCalls) {
      const response = await server.request('POST', '/api/auth/token', { cookie, body: {}, headers });
      expect(expectSuccess(response), JSON.stringify(headers)).not.toBeNull();
    }
  });

  it('refuses a write whose body is not JSON with 415, naming the body and what was sent', async () => {
    const { cookie } = await server.signUp('csrf-form@example.com');
    const form = await server.request('POST', '/api/auth/workspaces', {
      cookie,
      body: 'name=Planted',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expectFailure(form, 415, {
      code: 'unsupported_media_type',
      message:
        'The request body must be JSON sent with Content-Type: application/json (not application/x-www-form-urlencoded)',
      field: 'body',
    });
    const text = await server.request('POST', '/api/auth/sign-in', {
      body: JSON.stringify({ email: 'csrf-form@example.com', password: testPassword }),
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
    });
    expectFailure(text, 415, {
      code: 'unsupported_media_type',
      message: /\(not text\/plain\)$/,
      field: 'body',
    });
    const none = await server.request('POST', '/api/auth/sign-out', { cookie });
    expectFailure(none, 415, { code: 'unsupported_media_type', message: /none was sent/, field: 'body' });
    expect(await stillSignedIn(cookie)).toBe(true);

    // JSON with a charset is JSON; a read needs no content type.
    const withCharset = await server.request('POST', '/api/auth/token', {
      cookie,
      body: '{}',
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
    expectSuccess(withCharset);
    const { token } = await server.signUpWithWorkspace('csrf-reader@example.com');
    expectSuccess(await server.request('GET', '/api/projects', { token }));
  });

  describe('behind a reverse proxy', () => {
    let proxied: TestServer;
    beforeAll(async () => {
      proxied = await startTestServer(kind, { TRUST_PROXY: 'true' });
    });
    afterAll(() => proxied?.close());

    const forwarded = {
      origin: 'https://app.example.com',
      'x-forwarded-host': 'app.example.com',
      'x-forwarded-proto': 'https',
    };

    it('takes the origin the proxy says the browser used, only when the proxy is trusted', async () => {
      const behindProxy = await proxied.signUp('proxied@example.com');
      const ok = await proxied.request('POST', '/api/auth/token', {
        cookie: behindProxy.cookie,
        body: {},
        headers: forwarded,
      });
      expect(expectSuccess(ok)).not.toBeNull();
      const otherSite = await proxied.request('POST', '/api/auth/token', {
        cookie: behindProxy.cookie,
        body: {},
        headers: { ...forwarded, origin: 'https://evil.example' },
      });
      expectFailure(otherSite, 403, crossSite);

      const direct = await server.signUp('not-proxied@example.com');
      const untrusted = await server.request('POST', '/api/auth/token', {
        cookie: direct.cookie,
        body: {},
        headers: forwarded,
      });
      expectFailure(untrusted, 403, crossSite);
    });
  });
});
