/**
 * The daily sweep at scale: 2,000 projects with 5 keywords each, drawn from a vocabulary of 1,500,
 * against a fake network that allows 100 requests a minute and answers in 200 ms, worked by 2 and
 * then 4 `npm run worker` processes on one PostgreSQL. Reports the requests made, the time to finish
 * the day and requests per distinct keyword.
 *
 * The network's minute is `SWEEP_MINUTE_MS` long (default 6 s: ten times faster than real time, so a
 * day's sweep takes minutes, not a quarter of an hour); the budget and the fake's limit both use it,
 * and the report says how it was scaled. The 200 ms answers and the database's work are not scaled:
 * with a 6 s minute the workers, not the budget, are what limits the day. `SWEEP_PROJECTS` runs fewer
 * projects for a quick look.
 * Run alone: `DATABASE_URL=postgres://… npx tsx tests/bench/sweep-simulation.ts`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { discoveryRuns, projects, subscriptions, workspaces } from '../../server/db/schema';
import { startLimitedNetwork } from '../support/limited-network-server';
import { openTestDatabase, testAuthSecret } from '../support/server-harness';
import { type ServerProcess, startServerProcess } from '../support/server-processes';

const networkLimitPerMinute = 100;
/** What the workers together spend of it (the shipped default for Reddit). */
const budgetPerMinute = 90;
const keywordsPerProject = 5;
const vocabularySize = 1500;

export interface SweepSimulation {
  workers: number;
  projects: number;
  distinctKeywords: number;
  requests: number;
  refused: number;
  busiestMinute: number;
  /** From the workers' start to the last project's finished run, on the simulation's clock. */
  dayMs: number;
  minuteMs: number;
}

/** 1,500 keywords a product would track: an activity and what it is about, 50 × 30. */
function vocabulary(): string[] {
  const activities =
    'billing invoicing hiring onboarding budgeting scheduling reporting forecasting recruiting payroll pricing auditing planning tracking training marketing selling support shipping sourcing coaching hosting testing deploying monitoring backups analytics outreach booking renting leasing bookkeeping consulting design writing editing translation moderation research surveys ticketing inventory procurement compliance licensing fundraising mentoring networking podcasting streaming printing'.split(
      ' ',
    );
  const subjects =
    'tools for freelancers|software for agencies|apps for nonprofits|tips for startups|templates for teams|platforms for schools|services for clinics|advice for founders|options for shops|workflows for studios|setups for remote teams|systems for cafes|plans for gyms|ideas for bakeries|help for landlords|guides for tutors|stacks for developers|checklists for writers|kits for photographers|bots for communities|methods for coaches|routines for therapists|tricks for musicians|processes for builders|habits for designers|rules for accountants|solutions for lawyers|resources for farmers|hacks for students|strategies for creators'.split(
      '|',
    );
  return activities
    .flatMap((activity) => subjects.map((subject) => `${activity} ${subject}`))
    .slice(0, vocabularySize);
}

/** A small deterministic generator: every run draws the same keywords. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

function projectKeywords(count: number): string[][] {
  const words = vocabulary();
  const next = random(17);
  return Array.from({ length: count }, () => {
    const picked = new Set<string>();
    while (picked.size < keywordsPerProject) picked.add(words[Math.floor(next() * words.length)] ?? '');
    return [...picked];
  });
}

/** One day's sweep of `projectCount` projects by `workers` worker processes on a new database. */
export async function simulateSweep(
  workers: number,
  options: { projects?: number; minuteMs?: number } = {},
): Promise<SweepSimulation> {
  const minuteMs = options.minuteMs ?? 6_000;
  const keywords = projectKeywords(options.projects ?? 2000);
  const database = await openTestDatabase('postgres');
  const network = await startLimitedNetwork({
    limit: networkLimitPerMinute,
    windowMs: minuteMs,
    answerMs: 200,
  });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'replyradar-sweep-'));
  const running: ServerProcess[] = [];
  try {
    const [workspace] = await database.db.insert(workspaces).values({ name: 'Agency' }).returning();
    if (!workspace) throw new Error('no workspace');
    await database.db
      .insert(subscriptions)
      .values({ workspaceId: workspace.id, provider: 'local', status: 'active', active: true });
    for (let start = 0; start < keywords.length; start += 500)
      await database.db.insert(projects).values(
        keywords.slice(start, start + 500).map((names, index) => ({
          workspaceId: workspace.id,
          name: `Client ${start + index + 1}`,
          description: 'Software for small businesses',
          goal: 'Find people asking which tool to use',
          keywords: names.map((name) => ({ name, filter: null })),
          reviewed: true,
        })),
      );

    const env = {
      DATABASE_URL: database.url ?? '',
      DATA_DIR: dataDir,
      STATIC_DIR: dataDir,
      AUTH_SECRET: testAuthSecret,
      LOG_LEVEL: 'info',
      SOCIALS: 'reddit',
      REDDIT_API_URL: network.url,
      NETWORK_RATE_LIMITS: `reddit=${budgetPerMinute}/${minuteMs}ms`,
      DISCOVERY_HOUR: '0',
    };
    const started = performance.now();
    const starts = await Promise.allSettled(
      Array.from({ length: workers }, () => startServerProcess('worker', env)),
    );
    // Those that started are stopped below even when another did not start.
    for (const start of starts) if (start.status === 'fulfilled') running.push(start.value);
    const failed = starts.find((start) => start.status === 'rejected');
    if (failed) throw failed.reason;
    const finished = async () =>
      (
        await database.db
          .select({ count: sql<number>`count(*)::int` })
          .from(discoveryRuns)
          .where(eq(discoveryRuns.status, 'finished'))
      )[0]?.count ?? 0;
    while ((await finished()) < keywords.length) await new Promise((resolve) => setTimeout(resolve, 1_000));
    const dayMs = performance.now() - started;

    const counts = network.counts.reddit;
    return {
      workers,
      projects: keywords.length,
      distinctKeywords: new Set(keywords.flat()).size,
      requests: counts.requests,
      refused: counts.refused,
      busiestMinute: counts.busiestWindow,
      dayMs,
      minuteMs,
    };
  } finally {
    await Promise.all(running.map((each) => each.stop()));
    await network.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The simulation's rows for the bench table. */
export function sweepRows(results: readonly SweepSimulation[]): [string, string, string][] {
  const rows: [string, string, string][] = [];
  for (const result of results) {
    const label = `daily sweep, ${result.projects} projects × ${keywordsPerProject} keywords, ${result.workers} workers`;
    const networkMinutes = (ms: number) => (ms / result.minuteMs).toFixed(1);
    rows.push([
      label,
      'requests made / distinct keywords',
      `${result.requests} / ${result.distinctKeywords} = ${(result.requests / result.distinctKeywords).toFixed(2)}`,
    ]);
    rows.push([
      label,
      `time to finish the day (scaled: a network minute lasts ${result.minuteMs / 1000} s)`,
      `${(result.dayMs / 60_000).toFixed(1)} min = ${networkMinutes(result.dayMs)} network minutes (the budget alone needs ${(result.distinctKeywords / budgetPerMinute).toFixed(1)})`,
    ]);
    rows.push([
      label,
      `busiest network minute (limit ${networkLimitPerMinute}, budget ${budgetPerMinute}), 429s`,
      `${result.busiestMinute}, ${result.refused}`,
    ]);
  }
  return rows;
}

/** Both runs, as `npm run bench` makes them; null without PostgreSQL (the workers need pg-boss). */
export async function benchSweepSimulation(): Promise<SweepSimulation[] | null> {
  if (!process.env.DATABASE_URL) return null;
  const options = {
    ...(process.env.SWEEP_PROJECTS ? { projects: Number(process.env.SWEEP_PROJECTS) } : {}),
    ...(process.env.SWEEP_MINUTE_MS ? { minuteMs: Number(process.env.SWEEP_MINUTE_MS) } : {}),
  };
  const results: SweepSimulation[] = [];
  for (const workers of [2, 4]) {
    console.log(`Daily sweep simulation, ${workers} workers…`);
    results.push(await simulateSweep(workers, options));
  }
  return results;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const results = await benchSweepSimulation();
  if (!results) {
    console.error('The sweep simulation needs PostgreSQL: set DATABASE_URL (postgres://…).');
    process.exit(1);
  }
  for (const row of sweepRows(results)) console.log(row.join(' | '));
}
