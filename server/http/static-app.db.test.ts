import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectFailure,
  startTestServer,
  type TestServer,
  testDatabases,
} from '../../tests/support/server-harness';
import { cacheControlFor } from './static-app';

const immutable = 'public, max-age=31536000, immutable';
const indexHtml = '<!doctype html><title>ReplyRadar</title><div id="root"></div>';

describe('how long a browser may keep a built file', () => {
  it.each([
    ['/assets/app-1a2b3c.js', immutable],
    ['/assets/index-9f8e7d.css', immutable],
    ['/index.html', 'no-cache'],
    ['/sw.js', 'no-cache'],
    ['/manifest.webmanifest', 'no-cache'],
    ['/registerSW.js', 'no-cache'],
  ])('%s: %s', (file, expected) => {
    expect(cacheControlFor(file)).toBe(expected);
  });
});

describe.each(testDatabases())('serving the built app (%s)', (kind) => {
  let dir: string;
  let server: TestServer;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'rr-static-'));
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'index.html'), indexHtml);
    writeFileSync(path.join(dir, 'assets', 'app-1a2b3c.js'), 'console.log("app");');
    writeFileSync(path.join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    writeFileSync(path.join(dir, 'manifest.webmanifest'), '{"name":"ReplyRadar"}');
    server = await startTestServer(kind, {}, { staticDir: dir });
  });
  afterAll(async () => {
    await server?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const get = (pathname: string) => server.request('GET', pathname);

  it('caches hashed assets for a year, immutably', async () => {
    const response = await get('/assets/app-1a2b3c.js');
    expect(response.status).toBe(200);
    expect(response.body).toBe('console.log("app");');
    expect(response.headers.get('cache-control')).toBe(immutable);
    expect(response.headers.get('content-type')).toMatch(/javascript/);
  });

  it.each([
    ['/', /text\/html/],
    ['/index.html', /text\/html/],
    ['/sw.js', /javascript/],
    ['/manifest.webmanifest', /manifest\+json|json/],
  ])('never lets the browser reuse %s without asking', async (pathname, type) => {
    const response = await get(pathname);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('content-type')).toMatch(type);
  });

  it.each(['/mentions/reddit', '/sign-in', '/project', '/onboarding/workspace'])(
    "answers the app's own route %s with index.html, not cached",
    async (pathname) => {
      const response = await get(pathname);
      expect(response.status).toBe(200);
      expect(response.body).toBe(indexHtml);
      expect(response.headers.get('content-type')).toMatch(/text\/html/);
      expect(response.headers.get('cache-control')).toBe('no-cache');
    },
  );

  it.each(['/assets/app-0ld0ld.js', '/icons/missing.png'])(
    'answers a missing file %s with 404, never the app under a file name',
    async (pathname) => {
      const response = await get(pathname);
      expect(response.status).toBe(404);
      expect(String(response.body)).not.toBe(indexHtml);
    },
  );

  it('answers an unknown API path with the 404 envelope, not index.html', async () => {
    expectFailure(await get('/api/unknown'), 404, {
      code: 'not_found',
      message: 'No API route GET /api/unknown',
    });
  });

  it('keeps the API working beside the app', async () => {
    expectFailure(await get('/api/projects'), 401, { code: 'unauthorized' });
  });

  it('does not serve files from outside the built app', async () => {
    for (const pathname of ['/../package.json', '/assets/../../package.json', '/%2e%2e/package.json']) {
      const response = await get(pathname);
      expect(String(response.body)).not.toContain('"name": "replyradar"');
    }
  });

  it('sends a Content-Security-Policy and the other security headers with the app and the API', async () => {
    for (const pathname of ['/', '/mentions/reddit', '/assets/app-1a2b3c.js', '/api/unknown']) {
      const headers = (await get(pathname)).headers;
      const csp = headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).not.toContain("'unsafe-eval'");
      expect(headers.get('x-content-type-options')).toBe('nosniff');
      expect(headers.get('x-frame-options')).toBe('DENY');
    }
  });
});
