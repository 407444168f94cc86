// `npm start`: serves the built app and the API on one port, building first when no build exists.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const server = new URL('../dist/server/main.js', import.meta.url);
const client = new URL('../dist/client/index.html', import.meta.url);

if (!existsSync(server) || !existsSync(client)) {
  console.log('No build found: building ReplyRadar first (npm run build)…');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

process.chdir(root);
// React and the other libraries run their production builds, as `npm start` serves a production build.
process.env.NODE_ENV ??= 'production';
await import(server.href);
