import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  attemptsOf,
  leftAttempt,
  seedApprovedPost,
  seedAutopilotProject,
  seedSocials,
  setupOf,
  storedPost,
} from '../../tests/support/autopilot-seed';
import {
  localProfiles,
  signInProfile,
  signInsOnEveryNetwork,
  startAllNetworkPages,
} from '../../tests/support/network-pages-server';
import { openTestDatabase, type TestDatabase, testDatabases } from '../../tests/support/server-harness';
import { posts } from '../db/schema';
import { loadEnv } from '../env';
import { createLogger } from '../logger';
import type { LocalProfileService } from './local-profile-service';
import { duePublishingProjects, type PublishingDeps, publishProject } from './publish';
import { claimPost } from './publish-store';
import { createPublishers } from './publishers';
import type { ProfileBrowser } from './types';

const logger = createLogger('silent');

// The networks' pages and the browser profiles serve both databases' runs: starting Chromium for each
// sign-in is most of the file's set-up.
let sites: Awaited<ReturnType<typeof startAllNetworkPages>>;
let profiles: LocalProfileService;
const dataDir = mkdtempSync(path.join(tmpdir(), 'replyradar-publish-'));
let keptOpen: ProfileBrowser | null = null;

beforeAll(async () => {
  sites = await startAllNetworkPages();
  // 'signed-in' holds a session on every network; 'x-only' on X alone.
  profiles = await localProfiles(dataDir, 'signed-in', 'x-only');
  await signInProfile(profiles, 'signed-in', ...signInsOnEveryNetwork(sites.pages));
  await signInProfile(profiles, 'x-only', [sites.pages.x, 'tallybird']);
  // Held open for the file, so each run finds the profile's browser running rather than starting one.
  keptOpen = await profiles.openBrowser('signed-in');
});
afterAll(async () => {
  await keptOpen?.close();
  await profiles?.close();
  await sites?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe.each(testDatabases())('publishing approved replies (%s)', (kind) => {
  let database: TestDatabase;
  let clock = new Date('2031-05-06T09:00:00Z');
  let deps: PublishingDeps;
  let projectCount = 0;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await seedSocials(database.db);
    deps = {
      db: database.db,
      profiles,
      publishers: createPublishers(loadEnv({ ...sites.env, MASTODON_TOKEN: 'unused' }), {
        timeouts: { element: 5_000, reply: 10_000 },
      }),
      logger,
      now: () => clock,
      gapJitter: () => 0,
    };
  });
  afterAll(async () => {
    await database?.close();
  });

  const project = (options: Partial<Parameters<typeof seedAutopilotProject>[2]> = {}) =>
    seedAutopilotProject(database.db, `Project ${++projectCount}`, { profileId: 'signed-in', ...options });
  const sentTo = (network: keyof typeof sites.pages, threadId: string) =>
    sites.pages[network].posted.filter((comment) => comment.threadId === threadId);

  it('publishes an approved reply: the post is published with the time and the link read back from the thread', async () => {
    const { project: tallybird } = await project();
    const thread = sites.pages.reddit.addThread();
    const post = await seedApprovedPost(database.db, tallybird.id, 'reddit', thread.url);
    expect(await duePublishingProjects(database.db)).toContain(tallybird.id);

    const outcome = await publishProject(deps, tallybird.id);
    const [sent] = sentTo('reddit', thread.id);
    expect(outcome.published).toEqual([post.id]);
    expect(sent).toMatchObject({ author: 'tallybird', text: post.answer });
    expect(await storedPost(database.db, post.id)).toMatchObject({
      approved: true,
      published: true,
      publishedAt: clock,
      replyUrl: sent?.url,
      publishNote: null,
    });
    expect(await attemptsOf(database.db, post.id)).toEqual([
      expect.objectContaining({
        status: 'published',
        answer: post.answer,
        replyUrl: sent?.url,
        startedAt: clock,
      }),
    ]);
    expect(await duePublishingProjects(database.db)).not.toContain(tallybird.id);
  });

  it('sends an answer edited after approval as edited', async () => {
    const { project: edited } = await project();
    const thread = sites.pages.x.addThread();
    const post = await seedApprovedPost(database.db, edited.id, 'x', thread.url, 'The first draft.');
    await database.db
      .update(posts)
      .set({ answer: 'The edited answer, sent as it reads now.' })
      .where(eq(posts.id, post.id));

    await publishProject(deps, edited.id);
    expect(sentTo('x', thread.id).map((comment) => comment.text)).toEqual([
      'The edited answer, sent as it reads now.',
    ]);
    expect((await attemptsOf(database.db, post.id))[0]?.answer).toBe(
      'The edited answer, sent as it reads now.',
    );
  });

  it('never publishes to Hacker News, even a row approved in the database', async () => {
    const { project: hn } = await project();
    const post = await seedApprovedPost(
      database.db,
      hn.id,
      'hackernews',
      'https://news.ycombinator.com/item?id=1',
    );
    expect(await duePublishingProjects(database.db)).not.toContain(hn.id);
    const outcome = await publishProject(deps, hn.id);
    expect(outcome.published).toEqual([]);
    expect(await storedPost(database.db, post.id)).toMatchObject({ approved: true, published: false });
    expect(await attemptsOf(database.db, post.id)).toEqual([]);
  });

  it('publishes nothing for a paused project, a workspace without the add-on, or an unfinished setup', async () => {
    for (const options of [{ paused: true }, { addon: false }, { setupFinished: false }]) {
      const { project: held } = await project(options);
      const thread = sites.pages.reddit.addThread();
      const post = await seedApprovedPost(database.db, held.id, 'reddit', thread.url);
      expect(await duePublishingProjects(database.db)).not.toContain(held.id);
      expect((await publishProject(deps, held.id)).skipped).toEqual(expect.any(String));
      expect(sentTo('reddit', thread.id)).toEqual([]);
      expect(await attemptsOf(database.db, post.id)).toEqual([]);
    }
  });

  it('holds the daily cap and the gaps per account and network, and says on the card when it waits for tomorrow', async () => {
    clock = new Date('2031-05-07T09:00:00Z');
    const { project: paced } = await project({ dailyCap: 2, minGapMinutes: 20 });
    const pacedDeps = { ...deps, gapJitter: () => 0.5 }; // each gap: 20 minutes and half of 10
    const threads = [1, 2, 3, 4].map(() => sites.pages.reddit.addThread());
    const redditPosts = [];
    for (const thread of threads)
      redditPosts.push(await seedApprovedPost(database.db, paced.id, 'reddit', thread.url));
    const xThread = sites.pages.x.addThread();
    const xPost = await seedApprovedPost(database.db, paced.id, 'x', xThread.url);
    const publishedIds = async () =>
      (await database.db.select().from(posts).where(eq(posts.projectId, paced.id)))
        .filter((post) => post.published)
        .map((post) => post.id)
        .sort();

    // 09:00: one reply on Reddit and one on X (each network has its own pace).
    expect(await publishProject(pacedDeps, paced.id)).toMatchObject({ waiting: { reddit: 'gap' } });
    expect(await publishedIds()).toEqual([redditPosts[0]?.id, xPost.id].sort());

    // 09:24: within the 25-minute gap, nothing, and the card says until when; 09:25: the second.
    clock = new Date('2031-05-07T09:24:59Z');
    await publishProject(pacedDeps, paced.id);
    expect(await publishedIds()).toHaveLength(2);
    expect((await storedPost(database.db, redditPosts[1]?.id ?? '')).publishNote).toBe(
      'Queued: replies on Reddit go out at least 20 minutes apart, so this one waits until about 09:25 UTC.',
    );
    clock = new Date('2031-05-07T09:25:00Z');
    await publishProject(pacedDeps, paced.id);
    expect(await publishedIds()).toContain(redditPosts[1]?.id);

    // Two a day: the rest waits for tomorrow, and the cards say so.
    clock = new Date('2031-05-07T23:59:59Z');
    expect(await publishProject(pacedDeps, paced.id)).toMatchObject({ waiting: { reddit: 'cap' } });
    for (const post of redditPosts.slice(2))
      expect((await storedPost(database.db, post.id)).publishNote).toBe(
        'Waiting for tomorrow: 2 replies a day are published on Reddit.',
      );
    expect(threads.flatMap((thread) => sentTo('reddit', thread.id))).toHaveLength(2);

    // Tomorrow (UTC): the third goes out and the fourth waits for its gap.
    clock = new Date('2031-05-08T00:00:00Z');
    await publishProject(pacedDeps, paced.id);
    expect(await publishedIds()).toContain(redditPosts[2]?.id);
    expect(await storedPost(database.db, redditPosts[3]?.id ?? '')).toMatchObject({
      published: false,
      publishNote:
        'Queued: replies on Reddit go out at least 20 minutes apart, so this one waits until about 00:25 UTC.',
    });
    expect(threads.flatMap((thread) => sentTo('reddit', thread.id))).toHaveLength(3);
  });

  it('posts once when a run dies after the reply went out: the next run finds it in the thread', async () => {
    clock = new Date('2031-05-09T09:00:00Z');
    const { project: crashed } = await project();
    const thread = sites.pages.reddit.addThread({ mode: 'slow' });
    const post = await seedApprovedPost(database.db, crashed.id, 'reddit', thread.url);

    // The reply reaches Reddit, and the run's browser dies before it sees the answer.
    const reached = sites.pages.reddit.nextPost();
    const run = publishProject(deps, crashed.id).then(
      () => null,
      (error: unknown) => error,
    );
    await reached;
    await profiles.release('signed-in');
    expect(await run).toBeInstanceOf(Error);
    keptOpen = await profiles.openBrowser('signed-in');
    expect(await attemptsOf(database.db, post.id)).toEqual([expect.objectContaining({ status: 'started' })]);
    expect(await storedPost(database.db, post.id)).toMatchObject({
      published: false,
      publishNote:
        'Checking whether this reply went out on Reddit: it is not sent again until that is known.',
    });

    // While the attempt is recent, another run leaves it alone (its run may still be at work).
    clock = new Date('2031-05-09T09:05:00Z');
    await publishProject(deps, crashed.id);
    expect(await attemptsOf(database.db, post.id)).toEqual([expect.objectContaining({ status: 'started' })]);

    // Once it is stale, the reply is looked for first: found, the post is published with its link.
    sites.pages.reddit.setMode(thread.id, null);
    clock = new Date('2031-05-09T09:11:00Z');
    const outcome = await publishProject(deps, crashed.id);
    const sent = sentTo('reddit', thread.id);
    expect(sent).toHaveLength(1);
    expect(outcome.published).toEqual([post.id]);
    expect(await storedPost(database.db, post.id)).toMatchObject({
      published: true,
      replyUrl: sent[0]?.url,
      publishNote: null,
    });
    expect(await attemptsOf(database.db, post.id)).toEqual([
      expect.objectContaining({ status: 'published' }),
    ]);
  });

  it('posts once when a run died before the submit: the attempt is abandoned and a new one sends it', async () => {
    clock = new Date('2031-05-10T09:00:00Z');
    const { project: early } = await project();
    const thread = sites.pages.bluesky.addThread();
    const post = await seedApprovedPost(database.db, early.id, 'bluesky', thread.url);
    await leftAttempt(database.db, post, 'bluesky', new Date('2031-05-10T08:30:00Z'));

    await publishProject(deps, early.id);
    expect(sentTo('bluesky', thread.id)).toHaveLength(1);
    expect((await attemptsOf(database.db, post.id)).map((attempt) => attempt.status)).toEqual([
      'abandoned',
      'published',
    ]);
    expect(await storedPost(database.db, post.id)).toMatchObject({ published: true });
  });

  it('two runs at once publish a post once', async () => {
    clock = new Date('2031-05-11T09:00:00Z');
    const { project: raced } = await project({ minGapMinutes: 0 });
    const thread = sites.pages.mastodon.addThread();
    const post = await seedApprovedPost(database.db, raced.id, 'mastodon', thread.url);

    await Promise.all([publishProject(deps, raced.id), publishProject(deps, raced.id)]);
    expect(sentTo('mastodon', thread.id)).toHaveLength(1);
    expect(await attemptsOf(database.db, post.id)).toEqual([
      expect.objectContaining({ status: 'published' }),
    ]);

    // The claim itself: of claims made at once on one post, one wins.
    const other = await seedApprovedPost(
      database.db,
      raced.id,
      'mastodon',
      sites.pages.mastodon.addThread().url,
    );
    const claims = await Promise.all(
      [1, 2, 3].map(() =>
        claimPost(database.db, { id: other.id, network: 'mastodon' }, raced.id, clock, async () => true),
      ),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
  });

  describe('a failure stops that network, with the reason on the card and in the wizard, and loses no approval', () => {
    it.each([
      [
        'logged out',
        'x-only',
        null,
        'logged_out',
        'Publishing stopped on Reddit: the profile is logged out. Log in again, then press Recheck in Setup autoposting.',
      ],
      [
        'a captcha',
        'signed-in',
        'captcha',
        'captcha',
        'Publishing stopped on Reddit: Reddit asks to solve a captcha. Open the profile, solve it, then press Recheck in Setup autoposting.',
      ],
      [
        'a removed thread',
        'signed-in',
        'removed',
        'thread_gone',
        'Publishing stopped on Reddit: a post was removed, so its reply was not published. Unapprove that reply, then press Recheck in Setup autoposting to go on with the others.',
      ],
      [
        'a rate limit',
        'signed-in',
        'rate_limited',
        'rate_limited',
        'Publishing stopped on Reddit: Reddit says the account is posting too much. Wait a few hours, then press Recheck in Setup autoposting.',
      ],
    ] as const)('%s', async (_case, profileId, mode, kind, reason) => {
      clock = new Date('2031-05-12T09:00:00Z');
      const { project: stopping } = await project({ profileId, minGapMinutes: 0 });
      const failing = sites.pages.reddit.addThread({ mode });
      const next = sites.pages.reddit.addThread();
      const xThread = sites.pages.x.addThread();
      const failingPost = await seedApprovedPost(database.db, stopping.id, 'reddit', failing.url);
      const nextPost = await seedApprovedPost(database.db, stopping.id, 'reddit', next.url);
      const xPost = await seedApprovedPost(database.db, stopping.id, 'x', xThread.url);

      const outcome = await publishProject(deps, stopping.id);
      expect(outcome.stopped).toEqual({ reddit: reason });
      expect((await setupOf(database.db, stopping.id)).stopped).toEqual({ reddit: reason });
      expect(await attemptsOf(database.db, failingPost.id)).toEqual([
        expect.objectContaining({ status: 'failed', errorKind: kind }),
      ]);
      const card = await storedPost(database.db, failingPost.id);
      expect(card).toMatchObject({ approved: true, published: false });
      expect(card.publishNote).toBe(
        kind === 'thread_gone'
          ? 'Not published: this post was removed from Reddit. Unapprove this reply, then press Recheck in Setup autoposting to go on with the others.'
          : reason,
      );
      // The network's queue stops; the others go on.
      expect(await storedPost(database.db, nextPost.id)).toMatchObject({
        approved: true,
        published: false,
        publishNote: reason,
      });
      expect(await storedPost(database.db, xPost.id)).toMatchObject({ published: true });
      expect([...sentTo('reddit', failing.id), ...sentTo('reddit', next.id)]).toEqual([]);

      // Until a check clears the stop, later runs leave Reddit alone.
      clock = new Date('2031-05-12T10:00:00Z');
      await publishProject(deps, stopping.id);
      expect(await attemptsOf(database.db, nextPost.id)).toEqual([]);
    });
  });
});
