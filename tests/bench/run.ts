/**
 * `npm run bench`: the benchmark suite. Figures, not assertions: it prints one table and writes it as
 * JSON under `reports/`. It builds the app first when there is no build.
 *
 * - the outbox: 1,000 offline answer edits to 50 posts, then the drain on reconnect;
 * - the mentions page: 2,000 posts in the mirror against 20 (first card drawn by the server, first card
 *   offline from the mirror, frames dropped scrolling);
 * - the API: the list, the edit, the approval and the dates call against the one-query limit on the
 *   same database (autocannon, from this process), on PGlite and, when `DATABASE_URL` names a
 *   PostgreSQL server, on a fresh database there;
 * - the embedded database on disk: what a committed update costs with PGLITE_SYNC on and off;
 * - the daily sweep of 2,000 projects by 2 and 4 workers on PostgreSQL (`sweep-simulation.ts`).
 *
 * `npm run bench -- api` runs the API part only; `BENCH_DATABASES=postgres` there leaves PGlite out and
 * `BENCH_CALLS=update-answer,approved` the other calls.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { createInterface } from 'node:readline';
import { benchApiThroughput, type ThroughputResult } from './api-throughput';
import type { CpuPerRequest } from './cpu-usage';
import { benchMentionsScroll } from './mentions-scroll';
import { benchOutboxDrain } from './outbox-drain';
import { benchPgliteSync } from './pglite-sync';
import { benchSweepSimulation, sweepRows } from './sweep-simulation';
import type { BenchTarget } from './target';
import { benchTextWork, textWorkRows } from './text-work';

/** `BENCH_PROFILE=1`: the benchmark server writes a CPU profile to `reports/bench-profiles/` as it ends. */
async function startTarget(database: BenchTarget['database']) {
  const child = spawn(
    process.execPath,
    [
      ...(process.env.BENCH_PROFILE ? ['--cpu-prof', '--cpu-prof-dir=reports/bench-profiles'] : []),
      '--import',
      'tsx',
      'tests/bench/target.ts',
    ],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
      env: { ...process.env, BENCH_DATABASE: database },
    },
  );
  const lines = createInterface({ input: child.stdout });
  const target = await new Promise<BenchTarget>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the benchmark server exited with ${code}`)));
    lines.once('line', (line) => resolve(JSON.parse(line) as BenchTarget));
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    target,
    stop: async () => {
      child.stdin.end();
      await exited;
    },
  };
}

/** The API figures on PGlite, and on PostgreSQL when `DATABASE_URL` is set, each on a target of its own. */
async function benchApi(pglite: BenchTarget): Promise<ThroughputResult[]> {
  console.log('API against the one-query limit, PGlite (autocannon)…');
  const results = await benchApiThroughput(pglite);
  if (!process.env.DATABASE_URL) return results;
  console.log('Seeding the benchmark server on PostgreSQL…');
  const postgres = await startTarget('postgres');
  try {
    console.log('API against the one-query limit, PostgreSQL (autocannon)…');
    results.push(...(await benchApiThroughput(postgres.target)));
  } finally {
    await postgres.stop();
  }
  return results;
}

/** `0.67 + 0.61 ms`: the server's CPU time per request, and its database's (PostgreSQL's backends). */
const cpuText = (cpu: CpuPerRequest) =>
  cpu.databaseMs === null
    ? `${fixed(cpu.serverMs, 2)} ms`
    : `${fixed(cpu.serverMs, 2)} + ${fixed(cpu.databaseMs, 2)} ms`;

function apiRows(api: ThroughputResult[]): [string, string, string][] {
  const rows: [string, string, string][] = [];
  for (const result of api) {
    const label = `${result.call} (${result.database})`;
    const { replyRadar: ours, limit } = result;
    rows.push([
      label,
      `requests/s ReplyRadar / one-query limit (median of ${result.rounds})`,
      `${ours.requestsPerSecond} / ${limit.requestsPerSecond} = ${fixed(result.ratio, 2)}`,
    ]);
    rows.push([label, 'p99 latency ReplyRadar / one-query limit', `${ours.p99Ms} ms / ${limit.p99Ms} ms`]);
    if (ours.cpu && limit.cpu)
      rows.push([
        label,
        'CPU per request ReplyRadar / one-query limit (server + database)',
        `${cpuText(ours.cpu)} / ${cpuText(limit.cpu)}`,
      ]);
    if (result.roundTrips)
      rows.push([
        label,
        'database round trips of one batch: all apply / one refused',
        `${result.roundTrips.applying} / ${result.roundTrips.oneRefused}`,
      ]);
    if (ours.non2xx > 0) rows.push([label, 'non-2xx answers (ReplyRadar)', String(ours.non2xx)]);
  }
  return rows;
}

function printTable(rows: [string, string, string][]) {
  const widths = [0, 1, 2].map((column) => Math.max(...rows.map((row) => row[column]?.length ?? 0)));
  const line = (row: readonly string[]) =>
    row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ');
  console.log(line(['benchmark', 'figure', 'value']));
  console.log(widths.map((width) => '-'.repeat(width)).join('-|-'));
  for (const row of rows) console.log(line(row));
}

const machine = () => ({
  cpus: cpus().length,
  memoryGiB: Math.round(totalmem() / 2 ** 30),
  node: process.version,
});

function writeReport(file: string, report: object) {
  mkdirSync('reports', { recursive: true });
  writeFileSync(
    file,
    `${JSON.stringify({ at: new Date().toISOString(), machine: machine(), ...report }, null, 2)}\n`,
  );
  console.log(`\nWritten to ${file}`);
}

/** `npm run bench -- api`: the API figures only (`BENCH_DATABASES=postgres`: on PostgreSQL only). */
async function mainApi() {
  const postgresOnly = process.env.BENCH_DATABASES === 'postgres';
  console.log(`Seeding the benchmark server on ${postgresOnly ? 'PostgreSQL' : 'PGlite'} (2,070 posts)…`);
  const { target, stop } = await startTarget(postgresOnly ? 'postgres' : 'pglite');
  try {
    const api = postgresOnly ? await benchApiThroughput(target) : await benchApi(target);
    const rows = apiRows(api);
    console.log('');
    printTable(rows);
    writeReport('reports/bench-api.json', { api, table: rows });
  } finally {
    await stop();
  }
}

const fixed = (value: number, digits = 0) => value.toFixed(digits);

async function main() {
  if (!existsSync('dist/client/index.html')) {
    const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  console.log('Seeding the benchmark server (2,070 posts)…');
  const { target, stop } = await startTarget('pglite');
  try {
    console.log('Outbox drain…');
    const outbox = await benchOutboxDrain(target);
    console.log('Mentions page, 20 and 2,000 posts…');
    const mentions = await benchMentionsScroll(target);
    const api = await benchApi(target);
    console.log('Text work beside other requests…');
    const textWork = await benchTextWork(target);
    console.log('Embedded database commits, PGLITE_SYNC on and off…');
    const pgliteSync = await benchPgliteSync();
    // The workers need pg-boss: without DATABASE_URL the simulation is left out and says so.
    const sweep = await benchSweepSimulation();

    const rows: [string, string, string][] = [
      [
        'outbox: 1,000 offline edits to 50 answers',
        'requests on reconnect',
        `${outbox.requests}, carrying ${outbox.answerEdits} answer edits (outbox left: ${outbox.outboxLeft}, server holds the last edits: ${outbox.serverHoldsLastEdits ? 'yes' : 'no'})`,
      ],
      ['outbox: 1,000 offline edits to 50 answers', 'drain time', `${fixed(outbox.drainMs)} ms`],
      ['outbox: 1,000 offline edits to 50 answers', 'time to queue the edits', `${fixed(outbox.editsMs)} ms`],
    ];
    for (const result of mentions) {
      const label = `mentions page, ${result.posts} posts in the mirror`;
      rows.push([label, 'first card after reload (drawn by the server)', `${fixed(result.firstCardMs)} ms`]);
      rows.push([
        label,
        'first card after reload offline (from the mirror)',
        `${fixed(result.firstCardOfflineMs)} ms`,
      ]);
      rows.push([
        label,
        'frames dropped, 3 s scroll offline',
        `${result.framesDropped} of ${result.scrollFrames + result.framesDropped}`,
      ]);
      rows.push([label, 'cards in the DOM after the scroll', String(result.cardsRendered)]);
    }
    rows.push(...apiRows(api));
    rows.push(...textWorkRows(textWork));

    for (const result of pgliteSync)
      rows.push([
        `embedded database on disk, PGLITE_SYNC=${result.sync}`,
        'one committed update (median of 3 runs of 300)',
        `${fixed(result.msPerCommit, 2)} ms, ${result.commitsPerSecond}/s, ${result.flushesPerCommit} disk flushes each`,
      ]);

    if (sweep) rows.push(...sweepRows(sweep));
    else rows.push(['daily sweep simulation', 'not run', 'needs PostgreSQL: set DATABASE_URL']);

    console.log('');
    printTable(rows);
    writeReport('reports/bench.json', {
      database: target.database,
      outbox,
      mentions,
      api,
      pgliteSync,
      textWork,
      sweep,
      table: rows,
    });
  } finally {
    await stop();
  }
}

/** `npm run bench -- text`: whether generating projects from long descriptions holds other requests up. */
async function mainText() {
  console.log('Seeding the benchmark server (2,070 posts)…');
  const { target, stop } = await startTarget('pglite');
  try {
    const textWork = await benchTextWork(target);
    const rows = textWorkRows(textWork);
    console.log('');
    printTable(rows);
    writeReport('reports/bench-text.json', { textWork, table: rows });
  } finally {
    await stop();
  }
}

const mains: Record<string, () => Promise<void>> = { api: mainApi, text: mainText };
(mains[process.argv[2] ?? ''] ?? main)().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
