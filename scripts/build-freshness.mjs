// Whether the build under dist/ was made from the sources as they are now: shared by `npm start` and
// `npm run audit`, so neither serves an app older than its code.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** What the built app and server are made from; a file newer than the build means it is stale. */
const sources = [
  'src',
  'sw',
  'contract',
  'server',
  'public',
  'index.html',
  'vite.config.ts',
  'vite.server.config.ts',
  'vite.render.config.ts',
  'package-lock.json',
];
const builtFiles = ['dist/client/index.html', 'dist/client/sw.js', 'dist/server/main.js'];

/** @param {string} entry */
function newestChange(entry) {
  if (!existsSync(entry)) return 0;
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = 0;
  for (const name of readdirSync(entry)) {
    // Tests beside the code do not change the build.
    if (/\.test\.tsx?$/.test(name)) continue;
    newest = Math.max(newest, newestChange(path.join(entry, name)));
  }
  return newest;
}

/**
 * `missing` when a built file is absent, `stale` when a source changed after the build, else `fresh`.
 * @param {string} root the checkout
 * @returns {'missing' | 'stale' | 'fresh'}
 */
export function buildState(root) {
  const built = builtFiles.map((file) => path.join(root, file));
  if (!built.every((file) => existsSync(file))) return 'missing';
  const builtAt = Math.min(...built.map((file) => statSync(file).mtimeMs));
  const changedAt = Math.max(...sources.map((source) => newestChange(path.join(root, source))));
  return builtAt > changedAt ? 'fresh' : 'stale';
}
