import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * The clerk-js release the Clerk fake serves: the newest of major 5, which `@clerk/clerk-react` 5 loads
 * from Clerk's host (`/npm/@clerk/clerk-js@5/dist/clerk.browser.js`).
 */
export const clerkJsVersion = '5.128.0';

/**
 * The `dist` folder of clerk-js, the script the browser runs under Clerk. It is not a dependency of the
 * product (the browser loads it from Clerk's host), so the package's tarball alone is fetched with npm,
 * once per machine, without its dependencies, which its browser build does not need.
 */
export function clerkJsDist(): string {
  const home = path.join(tmpdir(), `replyradar-clerk-js-${clerkJsVersion}`);
  const dist = path.join(home, 'package', 'dist');
  if (existsSync(path.join(dist, 'clerk.browser.js'))) return dist;

  const unpacking = `${home}.${process.pid}`;
  rmSync(unpacking, { recursive: true, force: true });
  mkdirSync(unpacking, { recursive: true });
  execFileSync('npm', ['pack', `@clerk/clerk-js@${clerkJsVersion}`, '--pack-destination', unpacking], {
    stdio: 'ignore',
  });
  const tarball = readdirSync(unpacking).find((name) => name.endsWith('.tgz'));
  if (!tarball) throw new Error(`npm pack @clerk/clerk-js@${clerkJsVersion} gave no tarball`);
  execFileSync('tar', ['xzf', tarball], { cwd: unpacking });
  rmSync(home, { recursive: true, force: true });
  renameSync(unpacking, home);
  return dist;
}
