import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  CountingRelevance,
  EchoDrafter,
  postsAbout,
  TableSource,
} from '../../tests/support/discovery-doubles';
import {
  openTestDatabase,
  startTestServer,
  type TestDatabase,
  type TestServer,
} from '../../tests/support/server-harness';
import { waitUntil } from '../../tests/support/wait-until';
import type { Database } from '../db/client';
import { discoveryRuns, posts, projects, subscriptions, workspaces } from '../db/schema';
import { parseFilter } from '../discovery/keyword-filter';
import { foundDateOf } from '../discovery/pipeline';
import type { SocialSlug } from '../discovery/types';
import { createLogger } from '../logger';
import { discoveryHandlers } from './discovery-handlers';
import { InProcessQueue } from './in-process-queue';
import { PgBossQueue } from './pg-boss-queue';

const logger = createLogger('silent');
const keywords = ['invoice reminders', 'late payers'];

/** Discovery over table sources whose posts are new every day: an hour old, whatever the clock says. */
function discoveryOver(db: Database, clock: () => Date) {
  const networks: SocialSlug[] = ['reddit', 'hackernews'];
  const sources = networks.map((network) => {
    const source = new TableSource(network, {});
    source.search = async (query) => {
      source.queries.push(query);
      const day = foundDateOf(clock());
      return postsAbout(network, query.keyword, 3, new Date(clock().getTime() - 3_600_000)).map((post) => ({
        ...post,
        externalId: `${day}-${post.externalId}`,
        content: `${post.content} Asked on ${day}.`,
      }));
    };
    return source;
  });
  return {
    db,
    sources,
    relevance: new CountingRelevance(),
    drafter: new EchoDrafter(),
    parseFilter,
    logger,
    maxPerKeyword: 20,
    now: clock,
  };
}

async function seedWorkspace(db: Database, name: string, subscribed: boolean) {
  const [workspace] = await db.insert(workspaces).values({ name }).returning();
  if (!workspace) throw new Error('no workspace');
  if (subscribed)
    await db
      .insert(subscriptions)
      .values({ workspaceId: workspace.id, provider: 'local', status: 'active', active: true });
  return workspace;
}

async function seedReviewedProject(db: Database, workspaceId: string, name = 'Tallybird') {
  const [project] = await db
    .insert(projects)
    .values({
      workspaceId,
      name,
      description: 'Payment reminders for agencies',
      goal: 'Find agencies with late payers',
      keywords: keywords.map((keyword) => ({ name: keyword, filter: null })),
      reviewed: true,
    })
    .returning();
  if (!project) throw new Error('no project');
  return project;
}

async function runsOf(db: Database, projectId: string) {
  return db.select().from(discoveryRuns).where(eq(discoveryRuns.projectId, projectId));
}

describe('in-process worker (PGlite)', () => {
  let server: TestServer;
  let database: TestDatabase;
  let queue: InProcessQueue;
  let clock = new Date('2031-05-06T05:30:00Z');

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    const discovery = discoveryOver(database.db, () => clock);
    queue = new InProcessQueue(discoveryHandlers(discovery, { db: database.db, hour: 6, logger }), logger, {
      now: () => clock,
      pollMs: 60 * 60_000,
    });
    // The server syncs the configured socials (Reddit and Hacker News) into the shared database.
    server = await startTestServer('pglite', {}, { jobs: queue, database });
  });
  afterEach(async () => {
    await queue.stop();
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  it('runs discovery once the project is first reviewed, and the found date appears for the mentions screen', async () => {
    await queue.start({ work: true });
    const owner = await server.signUpWithWorkspace('olive@example.com', 'Olive');
    const project = await server.seedProject(owner.workspace.id, { name: 'Draft' });
    const form = {
      id: project.id,
      name: 'Tallybird',
      url: 'https://tallybird.example',
      description: 'Payment reminders for agencies.',
      goal: 'Find agencies with late payers',
      tov: 'Friendly',
      keywords: keywords.map((name) => ({ name, filter: '' })),
    };
    const verified = await server.request('POST', '/api/projects/verify', { token: owner.token, body: form });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    await queue.idle();

    const dates = await server.request('GET', '/api/posts/meta/dates', {
      token: owner.token,
      projectId: project.id,
    });
    expect(dates.body.data).toEqual({ foundDates: ['2031-05-06'], running: false });
    const reddit = await server.request('GET', '/api/posts/reddit?found_date=2031-05-06', {
      token: owner.token,
      projectId: project.id,
    });
    expect(reddit.body.data).toHaveLength(2 * 3);
    expect(reddit.body.data[0]).toMatchObject({
      answer: expect.stringContaining('Tallybird replies to reddit-author-'),
      score: expect.any(Number),
      reason: expect.stringContaining('Mentions'),
    });

    // Later saves (PUT) do not queue another run.
    const saved = await server.request('PUT', `/api/projects/${project.id}`, {
      token: owner.token,
      body: form,
    });
    expect(saved.status).toBe(200);
    await queue.idle();
    const runs = await runsOf(server.db, project.id);
    expect(runs).toEqual([
      expect.objectContaining({ foundDate: '2031-05-06', status: 'finished', attempts: 1 }),
    ]);
    await queue.stop();
  });

  it('runs every reviewed project of a subscribed workspace daily from the hour, and only those', async () => {
    const paying = await seedWorkspace(server.db, 'Paying', true);
    const lapsed = await seedWorkspace(server.db, 'Lapsed', false);
    const daily = await seedReviewedProject(server.db, paying.id, 'Daily');
    const unpaid = await seedReviewedProject(server.db, lapsed.id, 'Unpaid');
    const [notReviewed] = await server.db
      .insert(projects)
      .values({ workspaceId: paying.id, name: 'Not reviewed', keywords: [{ name: 'x', filter: null }] })
      .returning();

    // Before the hour a project that never had a run gets its first one (its review-time run was lost).
    clock = new Date('2031-05-07T05:00:00Z');
    await queue.start({ work: true });
    await queue.idle();
    expect((await runsOf(server.db, daily.id)).map((run) => run.foundDate)).toEqual(['2031-05-07']);
    await queue.stop();

    // The next day, before the hour: nothing; from the hour: the day's run.
    clock = new Date('2031-05-08T05:59:00Z');
    await queue.start({ work: true });
    await queue.idle();
    expect(await runsOf(server.db, daily.id)).toHaveLength(1);
    clock = new Date('2031-05-08T06:00:00Z');
    await queue.poll();
    await queue.idle();
    expect((await runsOf(server.db, daily.id)).map((run) => run.foundDate).sort()).toEqual([
      '2031-05-07',
      '2031-05-08',
    ]);
    // Looking again the same day finds nothing due.
    await queue.poll();
    await queue.idle();
    expect(await runsOf(server.db, daily.id)).toHaveLength(2);
    await queue.stop();

    expect(await runsOf(server.db, unpaid.id)).toEqual([]);
    expect(await runsOf(server.db, notReviewed?.id ?? '')).toEqual([]);
    const stored = await server.db.select().from(posts).where(eq(posts.projectId, daily.id));
    expect(new Set(stored.map((post) => post.foundDate))).toEqual(new Set(['2031-05-07', '2031-05-08']));
  });

  it('loses no run across a restart: a run stopped part-way is resumed by the next start', async () => {
    const workspace = await seedWorkspace(server.db, 'Restarted', true);
    const project = await seedReviewedProject(server.db, workspace.id, 'Restarted');
    clock = new Date('2031-05-09T07:00:00Z');
    // Stop the worker while the run is on its first keyword.
    const database = server.db;
    const slowDiscovery = discoveryOver(database, () => clock);
    const first = slowDiscovery.sources[0];
    if (!first) throw new Error('no source');
    const search = first.search.bind(first);
    let release: () => void = () => undefined;
    const reached = new Promise<void>((resolve) => {
      first.search = async (query) => {
        resolve();
        await new Promise<void>((resume) => {
          release = resume;
        });
        return search(query);
      };
    });
    const stopping = new InProcessQueue(
      discoveryHandlers(slowDiscovery, { db: database, hour: 6, logger }),
      logger,
      { now: () => clock, pollMs: 60 * 60_000 },
    );
    await stopping.requestDiscovery({ projectId: project.id, foundDate: foundDateOf(clock) });
    const started = stopping.start({ work: true });
    await reached;
    const stopped = stopping.stop();
    release();
    await Promise.all([started, stopped]);
    expect(await runsOf(database, project.id)).toEqual([expect.objectContaining({ status: 'started' })]);

    await queue.start({ work: true });
    await queue.idle();
    await queue.stop();
    const [run] = await runsOf(database, project.id);
    expect(run).toMatchObject({ status: 'finished', attempts: 2, foundDate: '2031-05-09' });
    expect(await database.select().from(posts).where(eq(posts.projectId, project.id))).toHaveLength(
      2 * 2 * 3,
    );
  });

  it('finds no posts for a project whose workspace stopped paying, not even a run asked for while it paid', async () => {
    const owner = await server.signUpWithWorkspace('lapsing@example.com', 'Lapsing');
    const project = await seedReviewedProject(server.db, owner.workspace.id, 'Lapsing');
    clock = new Date('2031-05-10T07:00:00Z');
    await queue.requestDiscovery({ projectId: project.id, foundDate: foundDateOf(clock) });
    const cancelled = await server.request('POST', '/api/subscription/local-cancel', {
      token: owner.token,
      body: {},
    });
    expect(cancelled.body.data).toEqual({ active: false, addons: {} });

    await queue.start({ work: true });
    await queue.idle();
    await queue.stop();
    expect(await runsOf(server.db, project.id)).toEqual([]);
    expect(await server.db.select().from(posts).where(eq(posts.projectId, project.id))).toEqual([]);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('pg-boss jobs (PostgreSQL)', () => {
  let database: TestDatabase;
  let queue: PgBossQueue;
  let worker: PgBossQueue;

  beforeAll(async () => {
    database = await openTestDatabase('postgres');
    const { syncSocials } = await import('../routes/socials/socials.routes');
    await syncSocials(database.db, [
      { slug: 'reddit', name: 'Reddit' },
      { slug: 'hackernews', name: 'Hacker News' },
    ]);
  });
  afterAll(async () => {
    await queue?.stop();
    await worker?.stop();
    await database?.close();
  });

  it('a web-only process queues, a worker runs it once, and a worker start runs what is due', async () => {
    const clock = () => new Date();
    const handlers = discoveryHandlers(discoveryOver(database.db, clock), {
      db: database.db,
      hour: 0,
      logger,
    });
    const url = database.url ?? '';
    const workspace = await seedWorkspace(database.db, 'Boss', true);
    const reviewed = await seedReviewedProject(database.db, workspace.id, 'Reviewed');
    const asking = await seedWorkspace(database.db, 'Asking', true);
    const requested = await seedReviewedProject(database.db, asking.id, 'Requested');

    // The web process with WORKER=off only sends; the job waits for a worker.
    queue = new PgBossQueue(handlers, logger, { connectionString: url, hour: 0 });
    await queue.start({ work: false });
    const today = foundDateOf(new Date());
    await queue.requestDiscovery({ projectId: requested.id, foundDate: today });
    await queue.requestDiscovery({ projectId: requested.id, foundDate: today });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await runsOf(database.db, requested.id)).toEqual([]);

    worker = new PgBossQueue(handlers, logger, {
      connectionString: url,
      hour: 0,
      pollingIntervalSeconds: 0.5,
    });
    await worker.start({ work: true });
    const finished = async (projectId: string) =>
      (await runsOf(database.db, projectId)).some((run) => run.status === 'finished');
    await waitUntil(async () => (await finished(requested.id)) && (await finished(reviewed.id)));

    // The requested run (twice, queued once) ran once; the start-up sweep ran the subscribed project.
    expect(await runsOf(database.db, requested.id)).toEqual([
      expect.objectContaining({ status: 'finished', attempts: 1, foundDate: today }),
    ]);
    expect(await runsOf(database.db, reviewed.id)).toEqual([
      expect.objectContaining({ status: 'finished', attempts: 1, foundDate: today }),
    ]);
    const stored = await database.db.select().from(posts).where(eq(posts.projectId, reviewed.id));
    expect(stored).toHaveLength(2 * 2 * 3);
  });
});
