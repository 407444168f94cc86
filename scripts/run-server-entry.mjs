// `npm run worker` / `npm run discover`: runs an entry of the built server (dist/server/<entry>.js),
// building the server first when that build is missing. Arguments after `--` reach the entry.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const entry = process.argv[2];
if (!entry || !/^[a-z-]+$/.test(entry)) {
  console.error('usage: node scripts/run-server-entry.mjs <worker|discover> [arguments]');
  process.exit(2);
}
const root = fileURLToPath(new URL('..', import.meta.url));
const built = new URL(`../dist/server/${entry}.js`, import.meta.url);

if (!existsSync(built)) {
  console.log(
    'No server build found: building the server first (vite build --config vite.server.config.ts)…',
  );
  const build = spawnSync('npx', ['vite', 'build', '--config', 'vite.server.config.ts'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

process.chdir(root);
// The entry reads its own arguments from process.argv; drop this script's entry name.
process.argv.splice(2, 1);
await import(built.href);
