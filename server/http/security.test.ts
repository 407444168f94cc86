import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { clerkFrontendHost, securityHeaders } from './security';

const publishableKey = `pk_test_${Buffer.from('clerk.example.test$').toString('base64')}`;

async function policy(clerkPublishableKey: string | undefined): Promise<Map<string, string>> {
  const app = new Hono();
  app.use('*', securityHeaders({ clerkPublishableKey }));
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
});
