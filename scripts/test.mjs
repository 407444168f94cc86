// `npm test`: every check CI runs (typecheck, lint, the unit, server and database tests, the build and
// the browser journeys), all at once so that the machine's two cores stay busy (decisions 053, 057, 058): the browser
// journeys (two files at a time) mostly wait for the browser, the server and the networks they cut, and
// the other steps fill that time. The journeys print as they go; every other step's output is printed in
// one piece when it ends. Once a step fails no step queued after it starts (lint waits for the
// typecheck); the run ends with every step's time and the failures.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Runs one npm script or command; `quiet` keeps its output and prints it in one piece when it ends. */
function run(label, command, args, { quiet = false } = {}) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let output = '';
    child.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    child.on('close', (code, signal) => {
      if (quiet) process.stdout.write(`\n── ${label} ──\n${output}`);
      resolve({ label, ok: code === 0, code: code ?? signal, seconds: (performance.now() - started) / 1000 });
    });
  });
}

const results = [];
let failed = false;

/** Runs steps one after another, stopping at the first failure (this line's or another's). */
async function line(steps) {
  for (const [label, command, args, options] of steps) {
    if (failed) return;
    const result = await run(label, command, args, options);
    results.push(result);
    if (!result.ok) failed = true;
  }
}

const quiet = { quiet: true };
const started = performance.now();
await Promise.all([
  line([
    ['typecheck', 'npm', ['run', '--silent', 'typecheck'], quiet],
    ['lint', 'npm', ['run', '--silent', 'lint'], quiet],
  ]),
  line([['build and browser journeys', 'npm', ['run', 'test:e2e']]]),
  line([
    [
      'unit, server and database tests',
      'npx',
      ['vitest', 'run', '--project', 'unit', '--project', 'server', '--project', 'db'],
      quiet,
    ],
  ]),
]);

console.log('\nnpm test:');
for (const result of results)
  console.log(`  ${result.ok ? 'ok    ' : 'FAILED'} ${result.label} (${result.seconds.toFixed(1)} s)`);
console.log(`  total ${((performance.now() - started) / 1000).toFixed(1)} s`);
process.exit(results.every((result) => result.ok) ? 0 : 1);
