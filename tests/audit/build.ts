import { spawnSync } from 'node:child_process';
import { buildState } from '../../scripts/build-freshness.mjs';

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): void {
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${result.status}`);
}

/** Runs `npm run build` when there is no build or a source changed after it. */
export function ensureBuild(): 'built' | 'up to date' {
  if (buildState(process.cwd()) === 'fresh') return 'up to date';
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
