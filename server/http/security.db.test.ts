import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, testDatabases } from '../../tests/support/server-harness';
import { type ContentSources, clerkFrontendHost, securityHeaders, strictTransportSecurity } from './security';
import type { TrustProxy } from './trusted-proxy';

const publishableKey = `pk_test_${Buffer.from('clerk.example.test$').toString('base64')}`;

async function policy(
  clerkPublishableKey: string | undefined,
  services: Omit<ContentSources, 'clerkPublishableKey'> = {},
): Promise<Map<string, string>> {
  const app = new Hono();
  app.use('*', securityHeaders({ clerkPublishableKey, ...services }));
  app.get('/', (c) => c.text('ok'));
  const header = (await app.request('/')).headers.get('content-security-policy') ?? '';
  return new Map(
    header.split(';').map((directive) => {
      const [name = '', ...sources] = directive.trim().split(/\s+/);
      return [name, sources.join(' ')];
    }),
  );
}

describe('the Content-Security-Policy', () => {
  it('reads the Clerk Frontend API host from the publishable key', () => {
    expect(clerkFrontendHost(publishableKey)).toBe('clerk.example.test');
    expect(clerkFrontendHost(undefined)).toBeNull();
    expect(
      clerkFrontendHost(`pk_test_${Buffer.from('evil.test; script-src *$').toString('base64')}`),
    ).toBeNull();
  });

  it('allows only the server itself when sign-in is local', async () => {
    const csp = await policy(undefined);
    expect(csp.get('default-src')).toBe("'self'");
    expect(csp.get('script-src')).toBe("'self'");
    expect(csp.get('connect-src')).toBe("'self'");
    expect(csp.get('frame-src')).toBe("'none'");
    expect(csp.get('frame-ancestors')).toBe("'none'");
    expect(csp.get('worker-src')).toBe("'self' blob:");
    expect(csp.get('manifest-src')).toBe("'self'");
  });

  it("allows Clerk's Frontend API and its bot check when Clerk is configured", async () => {
    const csp = await policy(publishableKey);
    expect(csp.get('script-src')).toBe("'self' https://clerk.example.test https://challenges.cloudflare.com");
    expect(csp.get('connect-src')).toBe("'self' https://clerk.example.test");
    expect(csp.get('frame-src')).toBe('https://clerk.example.test https://challenges.cloudflare.com');
  });

  it("allows Paddle's script, checkout frames and API only when Paddle checkout is in use", async () => {
    const csp = await policy(undefined, { paddle: true });
    expect(csp.get('script-src')).toBe("'self' https://cdn.paddle.com");
    expect(csp.get('frame-src')).toBe('https://buy.paddle.com https://sandbox-buy.paddle.com');
    expect(csp.get('connect-src')).toBe("'self' https://*.paddle.com");
  });

  it("allows Crisp's widget, its styles, fonts and relay only when the chat is configured", async () => {
    const csp = await policy(undefined, { crisp: true });
    expect(csp.get('script-src')).toBe("'self' https://client.crisp.chat");
    expect(csp.get('style-src')).toBe("'self' 'unsafe-inline' https://client.crisp.chat");
    expect(csp.get('font-src')).toBe("'self' data: https://client.crisp.chat");
    expect(csp.get('connect-src')).toBe(
      "'self' https://client.crisp.chat https://storage.crisp.chat wss://client.relay.crisp.chat",
    );
    expect(csp.get('media-src')).toBe("'self' https://client.crisp.chat");
  });
});

describe('Strict-Transport-Security', () => {
  const hsts = async (url: string, headers: Record<string, string> = {}, trustProxy?: TrustProxy) => {
    const app = new Hono();
    app.use('*', securityHeaders({}, trustProxy));
    app.get('/', (c) => c.text('ok'));
    return (await app.request(url, { headers })).headers.get('strict-transport-security');
  };

  it('is sent only on an answer over https', async () => {
    expect(await hsts('http://replyradar.test/')).toBeNull();
    expect(await hsts('https://replyradar.test/')).toBe(strictTransportSecurity);
    expect(strictTransportSecurity).toMatch(/^max-age=\d{7,}; includeSubDomains$/);
  });

  it('is sent behind a trusted proxy that says the browser came over https, and only then', async () => {
    const https = { 'x-forwarded-proto': 'https' };
    expect(await hsts('http://replyradar.test/', https, { hops: 1 })).toBe(strictTransportSecurity);
    expect(await hsts('http://replyradar.test/', { 'x-forwarded-proto': 'http' }, { hops: 1 })).toBeNull();
    expect(await hsts('http://replyradar.test/', https, { hops: 0 })).toBeNull();
    expect(await hsts('http://replyradar.test/', https)).toBeNull();
  });
});

describe.each(testDatabases())('Strict-Transport-Security from the server (%s)', (kind) => {
  let proxied: TestServer;
  let direct: TestServer;
  beforeAll(async () => {
    proxied = await startTestServer(kind, { TRUST_PROXY: 'true' });
    direct = await startTestServer(kind, {}, { database: proxied.database });
  });
  afterAll(async () => {
    await direct?.close();
    await proxied?.close();
  });

  it('follows TRUST_PROXY on every answer', async () => {
    const https = { headers: { 'x-forwarded-proto': 'https' } };
    for (const path of ['/api/subscription/products', '/api/nothing-here', '/sign-in']) {
      expect((await proxied.request('GET', path)).headers.get('strict-transport-security')).toBeNull();
      expect((await proxied.request('GET', path, https)).headers.get('strict-transport-security')).toBe(
        strictTransportSecurity,
      );
      expect((await direct.request('GET', path, https)).headers.get('strict-transport-security')).toBeNull();
    }
  });
});
