import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, Hono } from 'hono';
import type { AppEnv } from './bind-route';

const noCache = 'no-cache';
const immutable = 'public, max-age=31536000, immutable';
const neverCached = new Set(['/index.html', '/sw.js', '/manifest.webmanifest', '/registerSW.js']);

/** How long a browser may keep a built file: hashed assets for good, the shell and worker never. */
export function cacheControlFor(requestPath: string): string {
  if (neverCached.has(requestPath)) return noCache;
  if (requestPath.startsWith('/assets/')) return immutable;
  return 'public, max-age=3600';
}

/**
 * Serves the built app: files as they are, and `index.html` for any other path outside `/api` that does
 * not name a file, so the app's own router handles it.
 */
export function serveApp(app: Hono<AppEnv>, staticDir: string): void {
  const root = path.resolve(staticDir);
  const indexFile = path.join(root, 'index.html');
  // serveStatic calls onFound after it has built the response, so a header set there is lost: note
  // the file found and set its Cache-Control on the response itself.
  const foundFiles = new WeakMap<Context, string>();
  const files = serveStatic({ root, onFound: (filePath, c) => void foundFiles.set(c, filePath) });
  app.use('*', async (c, next) => {
    const result = await files(c, next);
    const filePath = foundFiles.get(c);
    if (result instanceof Response && filePath) {
      const requestPath = `/${path.relative(root, filePath).split(path.sep).join('/')}`;
      result.headers.set('Cache-Control', cacheControlFor(requestPath));
    }
    return result;
  });
  app.get('*', (c) => {
    // A missing file (an old hashed chunk, say) is a 404, never the app's HTML under a script's name.
    if (path.posix.extname(c.req.path) !== '') return c.text('Not found', 404, { 'Cache-Control': noCache });
    if (!existsSync(indexFile)) return c.text('The app has not been built: run npm run build.', 503);
    c.header('Cache-Control', noCache);
    return c.html(readFileSync(indexFile, 'utf8'));
  });
}
