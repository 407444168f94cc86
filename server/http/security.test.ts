import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { type ContentSources, clerkFrontendHost, securityHeaders } from './security';

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
