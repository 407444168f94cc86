import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LimitedNetworkServer, startLimitedNetwork } from '../../tests/support/limited-network-server';
import { openTestDatabase, type TestDatabase, testAuthSecret } from '../../tests/support/server-harness';
import { type ServerProcess, startServerProcess } from '../../tests/support/server-processes';
import { discoveryRuns, posts, projects, subscriptions, workspaces } from '../db/schema';

/** The networks' own limit, and the share of it the processes together may spend (NETWORK_RATE_LIMITS). */
const networkLimit = { requests: 10, windowMs: 5_000 };
const budget = 'reddit=6/5s,hackernews=6/5s';
const projectCount = 50;
const vocabulary = [
  'invoice reminders',
  'late payments',
  'freelance contracts',
  'time tracking',
  'client portal',
  'expense reports',
  'tax deadlines',
  'payment links',
  'retainer billing',
  'quote templates',
  'cash flow',
  'overdue clients',
];

/** Each project's two keywords, drawn so that many projects share each one. */
const keywordsOf = (index: number) => [
  vocabulary[index % vocabulary.length] ?? '',
  vocabulary[(index * 5 + 3) % vocabulary.length] ?? '',
];

/**
 * Two web processes and two workers, each its own operating-system process, on one PostgreSQL: the
 * daily sweep runs every subscribed reviewed project once, the networks' budgets hold across the
 * processes, and each keyword is searched once per network however many projects track it.
 */
describe.skipIf(!process.env.DATABASE_URL)('the daily sweep across processes on PostgreSQL', () => {
  let database: TestDatabase;
  let network: LimitedNetworkServer;
  let dataDir: string;
  const processes: ServerProcess[] = [];

  beforeAll(async () => {
    database = await openTestDatabase('postgres');
    network = await startLimitedNetwork({
      limit: networkLimit.requests,
      windowMs: networkLimit.windowMs,
      answerMs: 50,
    });
    dataDir = mkdtempSync(path.join(tmpdir(), 'replyradar-sweep-'));
    mkdirSync(path.join(dataDir, 'client'));
    const [workspace] = await database.db.insert(workspaces).values({ name: 'Agency' }).returning();
    if (!workspace) throw new Error('no workspace');
    await database.db
      .insert(subscriptions)
      .values({ workspaceId: workspace.id, provider: 'local', status: 'active', active: true });
    await database.db.insert(projects).values(
      Array.from({ length: projectCount }, (_, index) => ({
        workspaceId: workspace.id,
        name: `Client ${index + 1}`,
        description: 'Invoicing for freelancers and small agencies',
        goal: 'Find freelancers who ask how to get paid on time',
        keywords: keywordsOf(index).map((name) => ({ name, filter: null })),
        reviewed: true,
      })),
    );
  }, 120_000);

  afterAll(async () => {
    await Promise.all(processes.map((each) => each.stop()));
    await network?.close();
    await database?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 120_000);

  it('runs each of 50 projects once, within every network’s limit, one search per keyword', async () => {
    const env = {
      DATABASE_URL: database.url ?? '',
      DATA_DIR: dataDir,
      // No app is served: a folder of this test's own, so nothing beside it is read as a build's record.
      STATIC_DIR: path.join(dataDir, 'client'),
      AUTH_SECRET: testAuthSecret,
      SOCIALS: 'reddit,hackernews',
      REDDIT_API_URL: network.url,
      HACKERNEWS_API_URL: network.url,
      NETWORK_RATE_LIMITS: budget,
      // The day's sweep is due from midnight: every project is due when the workers start.
      DISCOVERY_HOUR: '0',
      // What this checks is the sweep (each project once, within the budget, one search per keyword),
      // not the ranker's judgment of the network's made-up posts: keep whatever it scores.
      DISCOVERY_MIN_SCORE: '0',
    };
    // The web processes serve and queue; only the workers run jobs.
    const starts = await Promise.allSettled([
      startServerProcess('web', { ...env, WORKER: 'off' }),
      startServerProcess('web', { ...env, WORKER: 'off' }),
      startServerProcess('worker', env),
      startServerProcess('worker', env),
    ]);
    // Those that started are stopped after the test even when another did not start.
    for (const start of starts) if (start.status === 'fulfilled') processes.push(start.value);
    const failed = starts.find((start) => start.status === 'rejected');
    if (failed) throw failed.reason;
    const started = [...processes];
    for (const web of started.slice(0, 2)) {
      const response = await fetch(`${web.baseURL}/api/socials`);
      expect(response.status).toBe(401);
    }

    const finished = async () =>
      (
        await database.db
          .select({ count: sql<number>`count(*)::int` })
          .from(discoveryRuns)
          .where(eq(discoveryRuns.status, 'finished'))
      )[0]?.count;
    await expect
      .poll(finished, { timeout: 600_000, interval: 1_000 })
      .toBe(projectCount)
      .catch((error: unknown) => {
        throw new Error(`${String(error)}\n${started.map((each) => each.log()).join('\n')}`);
      });

    // Every project ran once: one run each, claimed once, finished.
    const runs = await database.db.select().from(discoveryRuns);
    expect(runs).toHaveLength(projectCount);
    expect(runs.every((run) => run.status === 'finished' && run.attempts === 1)).toBe(true);
    expect(runs.flatMap((run) => run.errors)).toEqual([]);
    // And found its posts.
    const stored = await database.db
      .select({ projectId: posts.projectId, count: sql<number>`count(*)::int` })
      .from(posts)
      .groupBy(posts.projectId);
    expect(stored).toHaveLength(projectCount);
    expect(stored.every((row) => row.count > 0)).toBe(true);

    const distinct = new Set(Array.from({ length: projectCount }, (_, index) => keywordsOf(index)).flat());
    for (const counts of Object.values(network.counts)) {
      // No network was asked more than its limit in any window, nor refused a request.
      expect(counts.refused).toBe(0);
      expect(counts.busiestWindow).toBeLessThanOrEqual(networkLimit.requests);
      // One search per keyword a day, however many of the 50 projects track it.
      expect(counts.requests).toBe(distinct.size);
      expect([...counts.byKeyword.values()].every((count) => count === 1)).toBe(true);
    }
  }, 900_000);
});
