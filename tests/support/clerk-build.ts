import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Builds the app for Clerk into a folder of its own (the publishable key is read at build time, as Vite
 * reads every `VITE_` variable), for a product started with `STATIC_DIR` set to it. The server and the
 * first-screen renderer are the same in both modes: `npm run build`'s are used.
 */
export function buildClerkApp(publishableKey: string): string {
  const outDir = path.join(mkdtempSync(path.join(tmpdir(), 'replyradar-clerk-app-')), 'client');
  const build = spawnSync(
    'npx',
    ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
    {
      // The test runner's NODE_ENV=test would make a development build (React's, and no service worker).
      env: { ...process.env, NODE_ENV: 'production', VITE_CLERK_PUBLISHABLE_KEY: publishableKey },
      encoding: 'utf8',
    },
  );
  if (build.status !== 0) throw new Error(`The Clerk build failed:\n${build.stdout}\n${build.stderr}`);
  return outDir;
}
