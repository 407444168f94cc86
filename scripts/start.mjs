// `npm start`: serves the built app and the API on one port, building first when there is no build or
// the sources changed after it (a `git pull`), so it never serves an app older than its code.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildState } from './build-freshness.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const server = new URL('../dist/server/main.js', import.meta.url);
const state = buildState(root);
if (state !== 'fresh') {
  console.log(
    state === 'missing'
      ? 'No build found: building ReplyRadar first (npm run build)…'
      : 'The sources changed since the last build: building ReplyRadar again (npm run build)…',
  );
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

process.chdir(root);
// React and the other libraries run their production builds, as `npm start` serves a production build.
process.env.NODE_ENV ??= 'production';
await import(server.href);
