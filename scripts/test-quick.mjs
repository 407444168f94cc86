// `npm run test:quick [-- <git ref>]`: the inner loop's check, in seconds. The tests that need no
// database (`*.test.ts`: the unit and server projects) of the folders this checkout changed since the ref
// (HEAD by default: what is not committed yet, new files included), and any database test
// (`*.db.test.ts`) that itself changed; `npm test` stays the whole check (decision 071).
import { execFileSync, spawnSync } from 'node:child_process';
import path from 'node:path';

const ref = process.argv[2] ?? 'HEAD';
const git = (...args) => execFileSync('git', args, { encoding: 'utf8' }).split('\n').filter(Boolean);
const changed = [
  ...git('diff', '--name-only', ref),
  ...git('ls-files', '--others', '--exclude-standard'),
].filter((file) => /^(src|server|contract|tests\/(eval|support))\/.*\.(ts|tsx)$/.test(file));
const folders = [...new Set(changed.map((file) => `${path.dirname(file)}/`))];
const databaseTests = changed.filter((file) => file.endsWith('.db.test.ts'));
if (folders.length === 0) {
  console.log(`test:quick: no source changed since ${ref}`);
  process.exit(0);
}
console.log(
  `test:quick: the tests of ${folders.join(', ')}${databaseTests.length ? ` and ${databaseTests.join(', ')}` : ''}`,
);

/** One vitest run of `projects` over `filters`; its exit status. */
const vitest = (projects, filters) =>
  spawnSync(
    'npx',
    ['vitest', 'run', ...projects.flatMap((name) => ['--project', name]), '--passWithNoTests', ...filters],
    { stdio: 'inherit' },
  ).status ?? 1;

let status = vitest(['unit', 'server'], folders);
if (status === 0 && databaseTests.length > 0) status = vitest(['db'], databaseTests);
process.exit(status);
