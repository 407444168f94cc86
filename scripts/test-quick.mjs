// `npm run test:quick [-- <git ref>]`: the inner loop's check. The unit and server tests of the folders
// this checkout changed since the ref (HEAD by default: what is not committed yet, new files included),
// in seconds; `npm test` stays the whole check.
import { execFileSync, spawnSync } from 'node:child_process';
import path from 'node:path';

const ref = process.argv[2] ?? 'HEAD';
const git = (...args) => execFileSync('git', args, { encoding: 'utf8' }).split('\n').filter(Boolean);
const changed = [
  ...git('diff', '--name-only', ref),
  ...git('ls-files', '--others', '--exclude-standard'),
].filter((file) => /^(src|server|contract|tests\/(eval|support))\/.*\.(ts|tsx)$/.test(file));
const folders = [...new Set(changed.map((file) => `${path.dirname(file)}/`))];
if (folders.length === 0) {
  console.log(`test:quick: no source changed since ${ref}`);
  process.exit(0);
}
console.log(`test:quick: the tests of ${folders.join(', ')}`);
const run = spawnSync(
  'npx',
  ['vitest', 'run', '--project', 'unit', '--project', 'server', '--passWithNoTests', ...folders],
  { stdio: 'inherit' },
);
process.exit(run.status ?? 1);
