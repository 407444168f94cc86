import { spawnSync } from 'node:child_process';
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
];
const builtFiles = ['dist/client/index.html', 'dist/client/sw.js', 'dist/server/main.js'];

function newestChange(entry: string): number {
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

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): void {
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${result.status}`);
}

/** Runs `npm run build` when there is no build or a source changed after it. */
export function ensureBuild(): 'built' | 'up to date' {
  const builtAt = Math.min(...builtFiles.map((file) => (existsSync(file) ? statSync(file).mtimeMs : 0)));
  const changedAt = Math.max(...sources.map(newestChange));
  if (builtAt > changedAt) return 'up to date';
  console.log('audit: the build is missing or older than the sources; running npm run build');
  run('npm', ['run', 'build']);
  return 'built';
}

/**
 * Builds the app a second time into `outDir`, with `buildId` in its shell, so its service worker differs
 * from the first build's: a new version for the update check.
 */
export function buildNextVersion(outDir: string, buildId: string): void {
  run('npx', ['vite', 'build', '--config', 'tests/audit/update-build.vite.config.ts', '--logLevel', 'warn'], {
    AUDIT_OUT_DIR: outDir,
    AUDIT_BUILD_ID: buildId,
    VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true',
  });
}
