import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CountingRelevance, StepClock } from '../../tests/support/discovery-doubles';
import { openTestDatabase, type TestDatabase, testDatabases } from '../../tests/support/server-harness';
import { type FakeSources, startFakeSources } from '../../tests/support/sources-fake-server';
import { discoveryRuns, posts, projects, socials, workspaces } from '../db/schema';
import { loadEnv } from '../env';
import { createDrafter } from '../generation/create-drafter';
import { createLogger } from '../logger';
import { syncSocials } from '../routes/socials/socials.routes';
import { parseFilter } from './keyword-filter';
import { type DiscoveryDeps, type DiscoveryProgress, foundDateOf, runDiscovery } from './pipeline';
import { createRelevance } from './relevance';
import { createSources } from './sources';

/**
 * The whole pipeline on the real adapters, relevance and built-in drafter, with Reddit, Hacker News
 * and X answered by the fake sources server from the recorded fixtures (posts of 1 May 2025). The
 * fake answers every keyword with the same recording, so the first keyword that ranks a post keeps
 * it and the later ones find it already seen.
 */
const now = new Date('2025-05-01T15:00:00Z');
const today = foundDateOf(now);
const keywords = ['social listening', 'find customers', 'reply drafts'];
const routes = {
  reddit: 'GET /search.json',
  hackernews: 'GET /api/v1/search_by_date',
  x: 'GET /2/tweets/search/recent',
} as const;

describe.each(testDatabases())('discovery end to end on the source fixtures (%s)', (kind) => {
  let database: TestDatabase;
  let fake: FakeSources;
  let workspaceId: string;
  // A 429's wait is recorded, not spent.
  const clock = new StepClock();
  const env = loadEnv({
    SOCIALS: 'reddit,hackernews,x',
    X_BEARER_TOKEN: 'x-bearer',
    LOG_LEVEL: 'silent',
    // What this checks is what is stored of every post the hard rules let through, not the ranker's
    // judgment (`relevance.test.ts`, `npm run eval`): keep whatever it scores.
    DISCOVERY_MIN_SCORE: '0',
  });

  beforeAll(async () => {
    // The clock of the recorded day: X's recent search only reaches back 7 days from now.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now);
    fake = await startFakeSources({
      [routes.reddit]: { fixture: 'reddit/search.json' },
      [routes.hackernews]: { fixture: 'hackernews/search-by-date.json' },
      [routes.x]: { fixture: 'x/search-recent.json' },
    });
    database = await openTestDatabase(kind);
    await syncSocials(database.db, sources());
    const [workspace] = await database.db.insert(workspaces).values({ name: 'Radar' }).returning();
    if (!workspace) throw new Error('no workspace');
    workspaceId = workspace.id;
  });
  afterAll(async () => {
    vi.useRealTimers();
    await database?.close();
    await fake?.close();
  });

  function sources() {
    return createSources(env, {
      baseUrls: { reddit: fake.url, hackernews: fake.url, x: fake.url },
      clock,
    });
  }

  function deps(overrides: Partial<DiscoveryDeps> = {}): DiscoveryDeps {
    const logger = createLogger('silent');
    return {
      db: database.db,
      sources: sources(),
      relevance: createRelevance(env, logger),
      drafter: createDrafter(env),
      parseFilter,
      logger,
      maxPerKeyword: env.DISCOVERY_MAX_PER_KEYWORD,
      now: () => now,
      ...overrides,
    };
  }

  async function newProject() {
    const [project] = await database.db
      .insert(projects)
      .values({
        workspaceId,
        name: 'Radarly',
        url: 'https://radarly.example',
        description:
          'Radarly is a social listening tool for small SaaS teams: it finds threads on Reddit, Hacker News and X where people ask for a tool like yours, and drafts replies.',
        goal: 'Find founders looking for an affordable social listening tool',
        tov: 'Friendly and brief, like a fellow founder',
        keywords: keywords.map((name) => ({ name, filter: null })),
        reviewed: true,
      })
      .returning();
    if (!project) throw new Error('no project');
    return project;
  }

  async function stored(projectId: string) {
    return database.db
      .select({
        network: socials.slug,
        externalId: posts.externalId,
        author: posts.author,
        keyword: posts.keyword,
        foundDate: posts.foundDate,
        content: posts.content,
        answer: posts.answer,
        score: posts.score,
        reason: posts.reason,
      })
      .from(posts)
      .innerJoin(socials, eq(socials.id, posts.socialId))
      .where(eq(posts.projectId, projectId))
      .orderBy(asc(socials.slug), asc(posts.externalId));
  }

  async function runOf(projectId: string) {
    const [run] = await database.db
      .select()
      .from(discoveryRuns)
      .where(and(eq(discoveryRuns.projectId, projectId), eq(discoveryRuns.foundDate, today)));
    return run;
  }

  it('stores scored posts with drafts under today’s found date, from each network, for 3 keywords', async () => {
    const project = await newProject();
    const outcome = await runDiscovery(deps(), project.id, today);
    expect(outcome.status).toBe('finished');

    const found = await stored(project.id);
    expect(new Set(found.map((post) => post.network))).toEqual(new Set(['reddit', 'hackernews', 'x']));
    for (const post of found) {
      expect(post.foundDate).toBe(today);
      expect(post.score).toBeGreaterThanOrEqual(0);
      expect(post.reason?.length).toBeGreaterThan(0);
      expect(post.answer.length).toBeGreaterThan(0);
      expect(keywords).toContain(post.keyword);
    }
    // The hard rules: no removed post, no bot, nothing from before the window, no flagged comment.
    const authors = found.map((post) => post.author);
    expect(authors).not.toContain('[deleted]');
    expect(authors).not.toContain('AutoModerator');
    expect(authors).not.toContain('older_post_author');
    expect(authors).toContain('tiny_saas_founder');

    const run = await runOf(project.id);
    expect(run?.status).toBe('finished');
    expect(run?.errors).toEqual([]);
    expect(Object.keys(run?.counts ?? {}).sort()).toEqual(['hackernews', 'reddit', 'x']);
    for (const network of ['reddit', 'hackernews', 'x'])
      expect(Object.keys(run?.counts[network] ?? {}).sort()).toEqual([...keywords].sort());
    const storedTotal = Object.values(run?.counts ?? {})
      .flatMap((byKeyword) => Object.values(byKeyword))
      .reduce((sum, count) => sum + count.stored, 0);
    expect(storedTotal).toBe(found.length);
  });

  it('running it again stores nothing new', async () => {
    const project = await newProject();
    await runDiscovery(deps(), project.id, today);
    const first = await stored(project.id);
    const before = fake.requests.length;

    expect(await runDiscovery(deps(), project.id, today)).toMatchObject({
      status: 'skipped',
      why: 'finished',
    });
    expect(fake.requests.length).toBe(before);

    // The next day the networks answer the same posts: all seen, none stored again.
    const later = new Date(now.getTime() + 2 * 3_600_000);
    const next = await runDiscovery(
      deps({ now: () => later }),
      project.id,
      foundDateOf(new Date('2025-05-02')),
    );
    expect(next.status).toBe('finished');
    expect(await stored(project.id)).toEqual(first);
  });

  it('a run killed part-way and restarted ends with the same posts as an uninterrupted run', async () => {
    const whole = await newProject();
    await runDiscovery(deps(), whole.id, today);
    const comparable = (rows: Awaited<ReturnType<typeof stored>>) =>
      rows.map(({ network, externalId, keyword, answer, score, reason }) => ({
        network,
        externalId,
        keyword,
        answer,
        score,
        reason,
      }));
    const expected = comparable(await stored(whole.id));

    for (const killAt of [2, 4, 7]) {
      const project = await newProject();
      let events = 0;
      const crash = new Error(`killed at step ${killAt}`);
      const killing = (_event: DiscoveryProgress) => {
        events += 1;
        if (events === killAt) throw crash;
      };
      await expect(runDiscovery(deps({ onProgress: killing }), project.id, today)).rejects.toBe(crash);
      expect(await runDiscovery(deps(), project.id, today)).toMatchObject({ status: 'finished' });
      expect(comparable(await stored(project.id))).toEqual(expected);
      expect((await runOf(project.id))?.attempts).toBe(2);
    }
  });

  it('one network failing records its error and the other networks’ posts are stored', async () => {
    const project = await newProject();
    const waitsBefore = clock.waits.length;
    fake.on(routes.x, { status: 429, headers: { 'retry-after': '60' }, fixture: 'x/too-many-requests.json' });
    try {
      const outcome = await runDiscovery(deps(), project.id, today);
      expect(outcome.status).toBe('finished');
    } finally {
      fake.on(routes.x, { fixture: 'x/search-recent.json' });
    }
    const found = await stored(project.id);
    expect(new Set(found.map((post) => post.network))).toEqual(new Set(['reddit', 'hackernews']));
    const run = await runOf(project.id);
    expect(run?.status).toBe('finished');
    expect(run?.errors.map((error) => [error.source, error.keyword, error.kind])).toEqual(
      keywords.map((keyword) => ['x', keyword, 'rate_limited']),
    );
    // X was asked again twice per keyword after the minute it named, then recorded as rate-limited.
    expect(clock.waits.slice(waitsBefore)).toEqual(keywords.flatMap(() => [60_000, 60_000]));
  });

  it('a network asking to wait a moment is searched again within the run and its posts are stored', async () => {
    const project = await newProject();
    const waitsBefore = clock.waits.length;
    fake.once(routes.x, {
      status: 429,
      headers: { 'retry-after': '7' },
      fixture: 'x/too-many-requests.json',
    });
    expect(await runDiscovery(deps(), project.id, today)).toMatchObject({ status: 'finished' });
    expect(clock.waits.slice(waitsBefore)).toEqual([7_000]);
    const run = await runOf(project.id);
    expect(run?.errors).toEqual([]);
    expect((await stored(project.id)).map((post) => post.network)).toContain('x');
  });

  it('a 10 KB post and a post in Polish are found, kept and stored whole; removed and bot posts are not', async () => {
    const project = await newProject();
    fake.on(routes.reddit, { fixture: 'reddit/search-real-posts.json' });
    try {
      // Relevance that keeps every post of the window that is not deleted or a bot's: what is under
      // test is that every kept post is stored, whatever its length or language.
      const outcome = await runDiscovery(deps({ relevance: new CountingRelevance() }), project.id, today);
      expect(outcome.status).toBe('finished');
    } finally {
      fake.on(routes.reddit, { fixture: 'reddit/search.json' });
    }
    const found = await stored(project.id);
    const byId = new Map(found.map((post) => [post.externalId, post]));
    const long = byId.get('t3_xrkpv');
    expect(long?.content.length).toBeGreaterThan(10_000);
    expect(long?.content).toMatch(/^After reading the tremendous response to Why You Didn’t Get the Job/);
    expect(long?.answer.length).toBeGreaterThan(0);
    expect(byId.get('t3_108qu8')?.content).toMatch(/Coleadium jest firmą działającą w zakresie promocji/);
    expect(found.map((post) => post.author)).not.toContain('[deleted]');
    expect(found.map((post) => post.author)).not.toContain('AutoModerator');

    const run = await runOf(project.id);
    expect(run?.status).toBe('finished');
    expect(run?.errors).toEqual([]);
    expect(run?.counts.reddit?.[keywords[0] ?? '']).toEqual({ found: 4, kept: 2, stored: 2 });
  });
});
