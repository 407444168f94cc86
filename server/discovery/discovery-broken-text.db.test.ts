import { Writable } from 'node:stream';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  CountingRelevance,
  EchoDrafter,
  postsAbout,
  TableSource,
} from '../../tests/support/discovery-doubles';
import { openTestDatabase, type TestDatabase, testDatabases } from '../../tests/support/server-harness';
import { type FakeSources, startFakeSources } from '../../tests/support/sources-fake-server';
import { discoveryRuns, posts, projects, workspaces } from '../db/schema';
import { loadEnv } from '../env';
import { createDrafter } from '../generation/create-drafter';
import { createLogger } from '../logger';
import { syncSocials } from '../routes/socials/socials.routes';
import { parseFilter } from './keyword-filter';
import { type DiscoveryDeps, foundDateOf, runDiscovery } from './pipeline';
import { createRelevance } from './relevance';
import { createSources } from './sources';

/**
 * Networks sometimes send text PostgreSQL cannot store: a NUL character (text and jsonb refuse it) or
 * half of an emoji (a lone surrogate, which jsonb refuses). Mastodon answers here from a recording
 * that carries both (posts of 1 May 2025).
 */
const now = new Date('2025-05-01T15:00:00Z');
const today = foundDateOf(now);
const keyword = 'social listening';
const searchRoute = 'GET /api/v2/search';
const nul = '\u0000';
const loneSurrogate = /[\uD800-\uDFFF]/u;

describe.each(testDatabases())('discovery of posts with text the database cannot store (%s)', (kind) => {
  let database: TestDatabase;
  let fake: FakeSources;
  let workspaceId: string;
  const env = loadEnv({
    SOCIALS: 'mastodon',
    MASTODON_URL: 'https://mastodon.invalid',
    MASTODON_TOKEN: 'mastodon-token',
    LOG_LEVEL: 'silent',
    // What this checks is what is stored of every post the hard rules let through, not the ranker's
    // judgment (`relevance.test.ts`, `npm run eval`): keep whatever it scores.
    DISCOVERY_MIN_SCORE: '0',
  });

  beforeAll(async () => {
    // The clock of the recorded day: Mastodon's search has no window, the adapter keeps the last day.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now);
    fake = await startFakeSources({ [searchRoute]: { fixture: 'mastodon/search-broken-text.json' } });
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
    return createSources(env, { baseUrls: { mastodon: fake.url } });
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
          'Radarly is a social listening tool for small SaaS teams: it finds threads on Reddit, Hacker News and Mastodon where people ask for a tool like yours, and drafts replies.',
        goal: 'Find founders looking for an affordable social listening tool',
        tov: 'Friendly and brief, like a fellow founder',
        keywords: [{ name: keyword, filter: null }],
        reviewed: true,
      })
      .returning();
    if (!project) throw new Error('no project');
    return project;
  }

  const stored = (projectId: string) =>
    database.db
      .select({ author: posts.author, content: posts.content, url: posts.url, answer: posts.answer })
      .from(posts)
      .where(eq(posts.projectId, projectId))
      .orderBy(asc(posts.author));

  async function runOf(projectId: string) {
    const [run] = await database.db
      .select()
      .from(discoveryRuns)
      .where(and(eq(discoveryRuns.projectId, projectId), eq(discoveryRuns.foundDate, today)));
    return run;
  }

  it('a post with a NUL character or half an emoji is stored cleaned, with the others, and the run finishes', async () => {
    const project = await newProject();
    const outcome = await runDiscovery(deps(), project.id, today);
    expect(outcome.status).toBe('finished');

    const found = await stored(project.id);
    expect(found.map((post) => post.author)).toEqual(['halfemoji', 'nulposter', 'plainposter']);
    for (const post of found) {
      expect(post.content).not.toContain(nul);
      expect(post.content).not.toMatch(loneSurrogate);
      expect(post.answer.length).toBeGreaterThan(0);
    }
    const [halfEmoji, nulPoster, plain] = found;
    expect(nulPoster?.content).toContain(
      'Has anyone found a good social listening tool for a small SaaS team?',
    );
    expect(halfEmoji?.content).toContain(
      'founders \uFFFD\n\nLooking for an affordable social listening tool \uFFFD that',
    );
    // A whole emoji is kept as it was.
    expect(plain?.content).toContain('on forums? 😀');

    const run = await runOf(project.id);
    expect(run?.status).toBe('finished');
    expect(run?.errors).toEqual([]);
    expect(run?.counts.mastodon?.[keyword]).toMatchObject({ found: 3, stored: 3 });
  });

  it('a post the database still refuses is skipped and logged; the keyword’s other posts are stored and the run finishes', async () => {
    const project = await newProject();
    const lines: string[] = [];
    const logs = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    // A source that hands its posts over as they came, without the adapters' cleaning.
    const [first, second, third] = postsAbout('mastodon', keyword, 3, new Date(now.getTime() - 3_600_000));
    if (!first || !second || !third) throw new Error('no posts');
    const refused = { ...second, content: `${second.content} with a NUL${nul} inside` };
    const outcome = await runDiscovery(
      deps({
        sources: [new TableSource('mastodon', { [keyword]: [first, refused, third] })],
        relevance: new CountingRelevance(),
        drafter: new EchoDrafter(),
        logger: createLogger('warn', logs),
      }),
      project.id,
      today,
    );
    expect(outcome.status).toBe('finished');

    expect((await stored(project.id)).map((post) => post.author).sort()).toEqual(
      [first.author, third.author].sort(),
    );
    const run = await runOf(project.id);
    expect(run?.status).toBe('finished');
    expect(run?.doneKeywords).toEqual([keyword]);
    expect(run?.counts.mastodon?.[keyword]).toMatchObject({ found: 3, kept: 3, stored: 2 });
    expect(run?.errors).toEqual([
      {
        source: 'mastodon',
        keyword,
        kind: 'store',
        message: expect.stringMatching(/^a post could not be stored: /),
        at: now.toISOString(),
      },
    ]);
    const warnings = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(warnings).toContainEqual(
      expect.objectContaining({
        msg: 'a post could not be stored: skipped',
        keyword,
        source: 'mastodon',
        externalId: second.externalId,
      }),
    );
  });
});
