import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  attemptsOf,
  seedApprovedPost,
  seedAutopilotProject,
  seedSocials,
  storedPost,
} from '../../tests/support/autopilot-seed';
import {
  localProfiles,
  type NetworkPages,
  signInProfile,
  startNetworkPages,
} from '../../tests/support/network-pages-server';
import { openTestDatabase, type TestDatabase } from '../../tests/support/server-harness';
import { waitUntil } from '../../tests/support/wait-until';
import type { LocalProfileService } from '../autoposting/local-profile-service';
import { createPublishers } from '../autoposting/publishers';
import { loadEnv } from '../env';
import { createLogger } from '../logger';
import { InProcessQueue } from './in-process-queue';
import type { JobHandlers } from './job-queue';
import { PgBossQueue } from './pg-boss-queue';
import { publishingHandlers } from './publishing-handlers';

const logger = createLogger('silent');

/** Reddit's pages and a local profile signed into them, around each describe. */
function publishingSetup() {
  const state = {} as { reddit: NetworkPages; profiles: LocalProfileService; dataDir: string };
  beforeAll(async () => {
    state.reddit = await startNetworkPages('reddit');
    state.dataDir = mkdtempSync(path.join(tmpdir(), 'replyradar-jobs-'));
    state.profiles = await localProfiles(state.dataDir, 'jobs');
    await signInProfile(state.profiles, 'jobs', [state.reddit, 'tallybird']);
  });
  afterAll(async () => {
    await state.profiles?.close();
    await state.reddit?.close();
    if (state.dataDir) rmSync(state.dataDir, { recursive: true, force: true });
  });
  return state;
}

/** The queue's handlers with nothing to discover: these tests are about publishing. */
const handlersFor = (database: TestDatabase, state: ReturnType<typeof publishingSetup>): JobHandlers => ({
  discover: async () => undefined,
  dueRuns: async () => [],
  ...publishingHandlers({
    db: database.db,
    profiles: state.profiles,
    publishers: createPublishers(loadEnv(state.reddit.env), { timeouts: { element: 5_000 } }),
    logger,
  }),
});

describe('publishing on the in-process worker (PGlite)', () => {
  const state = publishingSetup();
  let database: TestDatabase;

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    await seedSocials(database.db);
  });
  afterAll(() => database?.close());

  it('publishes an approved reply when the worker starts, and nothing more on the next look', async () => {
    const { project } = await seedAutopilotProject(database.db, 'In-process', { profileId: 'jobs' });
    const thread = state.reddit.addThread();
    const post = await seedApprovedPost(database.db, project.id, 'reddit', thread.url);
    const queue = new InProcessQueue(handlersFor(database, state), logger, {
      pollMs: 60 * 60_000,
      publishPollMs: 60 * 60_000,
    });
    try {
      await queue.start({ work: true });
      await queue.idle();
      expect(await storedPost(database.db, post.id)).toMatchObject({ published: true });
      await queue.pollPublishing();
      await queue.idle();
    } finally {
      await queue.stop();
    }
    expect(state.reddit.posted.filter((comment) => comment.threadId === thread.id)).toHaveLength(1);
    expect(await attemptsOf(database.db, post.id)).toEqual([
      expect.objectContaining({ status: 'published' }),
    ]);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('publishing on pg-boss workers (PostgreSQL)', () => {
  const state = publishingSetup();
  let database: TestDatabase;

  beforeAll(async () => {
    database = await openTestDatabase('postgres');
    await seedSocials(database.db);
  });
  afterAll(() => database?.close());

  it('two workers publish each approved reply once', async () => {
    const { project } = await seedAutopilotProject(database.db, 'Workers', {
      profileId: 'jobs',
      minGapMinutes: 0,
    });
    const threads = [state.reddit.addThread(), state.reddit.addThread()];
    const approved: Awaited<ReturnType<typeof seedApprovedPost>>[] = [];
    for (const thread of threads)
      approved.push(await seedApprovedPost(database.db, project.id, 'reddit', thread.url));
    const workers = [1, 2].map(
      () =>
        new PgBossQueue(handlersFor(database, state), logger, {
          connectionString: database.url ?? '',
          hour: 0,
          pollingIntervalSeconds: 0.5,
          publishPollSeconds: 1,
        }),
    );
    try {
      // One after the other: pg-boss creating its queues from two processes at the same instant can deadlock.
      for (const worker of workers) await worker.start({ work: true });
      await waitUntil(async () => {
        for (const post of approved) if (!(await storedPost(database.db, post.id)).published) return false;
        return true;
      });
    } finally {
      await Promise.all(workers.map((worker) => worker.stop()));
    }
    for (const [index, thread] of threads.entries()) {
      expect(state.reddit.posted.filter((comment) => comment.threadId === thread.id)).toHaveLength(1);
      expect(await attemptsOf(database.db, approved[index]?.id ?? '')).toEqual([
        expect.objectContaining({ status: 'published' }),
      ]);
    }
  });
});
