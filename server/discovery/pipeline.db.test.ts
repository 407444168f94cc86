import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CountingRelevance,
  EchoDrafter,
  postsAbout,
  SourceError,
  TableSource,
} from '../../tests/support/discovery-doubles';
import { openTestDatabase, type TestDatabase, testDatabases } from '../../tests/support/server-harness';
import { sourceFixture } from '../../tests/support/sources-fake-server';
import { discoveryRuns, posts, projects, socials, workspaces } from '../db/schema';
import { createLogger } from '../logger';
import { parseFilter } from './keyword-filter';
import { type DiscoveryDeps, type DiscoveryProgress, foundDateOf, runDiscovery } from './pipeline';
import type { SocialSlug, SourcePost } from './types';

const now = new Date('2031-05-06T06:00:00Z');
const today = foundDateOf(now);
const keywords = ['crm', 'lead scoring', 'cold email'];
const networks: SocialSlug[] = ['reddit', 'hackernews', 'x'];

/** Five posts per network and keyword in the last day, and one from two days ago that is out of the window. */
function tableFor(network: SocialSlug): Record<string, SourcePost[]> {
  const table: Record<string, SourcePost[]> = {};
  for (const keyword of keywords) {
    const old = postsAbout(network, `${keyword} old`, 1, new Date(now.getTime() - 2 * 86_400_000));
    table[keyword] = [...postsAbout(network, keyword, 5, new Date(now.getTime() - 3_600_000)), ...old];
  }
  return table;
}

describe.each(testDatabases())('discovery pipeline on %s', (kind) => {
  let database: TestDatabase;
  let workspaceId: string;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await database.db
      .insert(socials)
      .values(networks.map((slug, position) => ({ slug, name: slug, position, enabled: true })));
    const [workspace] = await database.db.insert(workspaces).values({ name: 'Acme' }).returning();
    if (!workspace) throw new Error('no workspace');
    workspaceId = workspace.id;
  });
  afterAll(async () => {
    await database?.close();
  });

  async function newProject(fields: Partial<typeof projects.$inferInsert> = {}) {
    const [project] = await database.db
      .insert(projects)
      .values({
        workspaceId,
        name: 'Pipewise',
        description: 'A CRM for small sales teams',
        goal: 'Find teams choosing a CRM',
        tov: 'friendly',
        keywords: keywords.map((name) => ({ name, filter: null })),
        reviewed: true,
        ...fields,
      })
      .returning();
    if (!project) throw new Error('no project');
    return project;
  }

  function deps(overrides: Partial<DiscoveryDeps> = {}) {
    const sources = networks.map((network) => new TableSource(network, tableFor(network)));
    const drafter = new EchoDrafter();
    const built: DiscoveryDeps = {
      db: database.db,
      sources,
      relevance: new CountingRelevance(),
      drafter,
      parseFilter,
      logger: createLogger('silent'),
      maxPerKeyword: 20,
      now: () => now,
      ...overrides,
    };
    return { deps: built, sources, drafter };
  }

  async function storedPosts(projectId: string) {
    const rows = await database.db
      .select({
        network: socials.slug,
        externalId: posts.externalId,
        keyword: posts.keyword,
        foundDate: posts.foundDate,
        answer: posts.answer,
        score: posts.score,
        reason: posts.reason,
      })
      .from(posts)
      .innerJoin(socials, eq(socials.id, posts.socialId))
      .where(eq(posts.projectId, projectId))
      .orderBy(asc(socials.slug), asc(posts.externalId));
    return rows;
  }

  async function runOf(projectId: string, foundDate = today) {
    const [run] = await database.db
      .select()
      .from(discoveryRuns)
      .where(and(eq(discoveryRuns.projectId, projectId), eq(discoveryRuns.foundDate, foundDate)));
    return run;
  }

  it('stores scored posts with drafts under today’s found date for 3 keywords over 3 sources', async () => {
    const project = await newProject();
    const { deps: d } = deps();
    const outcome = await runDiscovery(d, project.id, today);
    expect(outcome.status).toBe('finished');

    const stored = await storedPosts(project.id);
    // 5 in the window per network and keyword; the post from two days ago is not kept.
    expect(stored).toHaveLength(3 * 3 * 5);
    for (const post of stored) {
      expect(post.foundDate).toBe(today);
      expect(post.score).toBeGreaterThan(0);
      expect(post.score).toBeLessThanOrEqual(100);
      expect(post.reason).toMatch(/Mentions/);
      expect(post.answer).toBe(
        `Pipewise replies to ${post.network}-author-${post.externalId.slice(-1)} about ${post.keyword}`,
      );
    }
    const run = await runOf(project.id);
    expect(run).toMatchObject({ status: 'finished', attempts: 1, errors: [] });
    expect(run?.doneKeywords).toEqual(keywords);
    expect(run?.counts.reddit?.crm).toEqual({ found: 6, kept: 5, stored: 5 });
    expect(run?.finishedAt).toEqual(now);
  });

  it('never keeps a post whose link is not http(s), whatever a source returns', async () => {
    const project = await newProject({ keywords: [{ name: 'crm', filter: null }] });
    const [safe, scripted, data] = postsAbout('reddit', 'crm', 3, new Date(now.getTime() - 3_600_000));
    if (!safe || !scripted || !data) throw new Error('no posts');
    const table = {
      crm: [
        safe,
        { ...scripted, url: 'javascript:alert(document.cookie)' },
        { ...data, url: 'data:text/html,x' },
      ],
    };
    const { deps: d } = deps({ sources: [new TableSource('reddit', table)] });
    expect((await runDiscovery(d, project.id, today)).status).toBe('finished');
    expect((await storedPosts(project.id)).map((post) => post.externalId)).toEqual([safe.externalId]);
  });

  it('running it again stores nothing new: the same day is done, and the next day has seen them all', async () => {
    const project = await newProject();
    await runDiscovery(deps().deps, project.id, today);
    const first = await storedPosts(project.id);

    const { deps: again, sources } = deps();
    const repeat = await runDiscovery(again, project.id, today);
    expect(repeat).toMatchObject({ status: 'skipped', why: 'finished' });
    expect(sources[0]?.queries).toHaveLength(0);

    const tomorrow = new Date(now.getTime() + 3_600_000);
    const next = await runDiscovery({ ...deps().deps, now: () => tomorrow }, project.id, '2031-05-07');
    expect(next.status).toBe('finished');
    expect(await storedPosts(project.id)).toEqual(first);
    const nextRun = await runOf(project.id, '2031-05-07');
    expect(nextRun?.counts.x?.['cold email']).toEqual({ found: 6, kept: 0, stored: 0 });
  });

  it('a run killed part-way and started again ends with the same posts as an uninterrupted run', async () => {
    const whole = await newProject();
    await runDiscovery(deps().deps, whole.id, today);
    const expected = (await storedPosts(whole.id)).map(({ externalId, network, keyword, answer, score }) => ({
      externalId,
      network,
      keyword,
      answer,
      score,
    }));

    // Kill it after every kind of step: mid-keyword (after one network answered) and after a keyword was stored.
    for (const killAt of [1, 2, 4, 8, 11]) {
      const project = await newProject();
      let events = 0;
      const crash = new Error(`killed at event ${killAt}`);
      const killing = (event: DiscoveryProgress) => {
        expect(event.kind).not.toBe('skipped');
        events += 1;
        if (events === killAt) throw crash;
      };
      await expect(runDiscovery(deps({ onProgress: killing }).deps, project.id, today)).rejects.toBe(crash);
      expect((await runOf(project.id))?.status).toBe('failed');

      const resumedEvents: DiscoveryProgress[] = [];
      const resumed = await runDiscovery(
        deps({ onProgress: (event) => void resumedEvents.push(event) }).deps,
        project.id,
        today,
      );
      expect(resumed.status).toBe('finished');
      const got = (await storedPosts(project.id)).map(({ externalId, network, keyword, answer, score }) => ({
        externalId,
        network,
        keyword,
        answer,
        score,
      }));
      expect(got).toEqual(expected);
      const run = await runOf(project.id);
      expect(run?.attempts).toBe(2);
      expect(run?.doneKeywords).toEqual(keywords);
      // Keywords stored before the crash are skipped, not searched again.
      const skipped = resumedEvents.filter((event) => event.kind === 'skipped').length;
      expect(skipped).toBe(Math.floor(killAt / 4));
    }
  });

  it('a run whose process died is left alone while its heartbeat is fresh and resumed once it is stale', async () => {
    const project = await newProject();
    const crash = new Error('power cut');
    let events = 0;
    await expect(
      runDiscovery(
        deps({
          onProgress: () => {
            events += 1;
            if (events === 5) throw crash;
          },
        }).deps,
        project.id,
        today,
      ),
    ).rejects.toBe(crash);
    // A process that dies leaves its run 'started': no catch block ran.
    await database.db
      .update(discoveryRuns)
      .set({ status: 'started', heartbeatAt: now })
      .where(eq(discoveryRuns.projectId, project.id));

    const soon = new Date(now.getTime() + 60_000);
    expect(await runDiscovery({ ...deps().deps, now: () => soon }, project.id, today)).toMatchObject({
      status: 'skipped',
      why: 'running',
    });
    const later = new Date(now.getTime() + 16 * 60_000);
    const resumed = await runDiscovery({ ...deps().deps, now: () => later }, project.id, today);
    expect(resumed.status).toBe('finished');
    expect(await storedPosts(project.id)).toHaveLength(45);
    // The resumed run searched the window of its first start.
    expect((await runOf(project.id))?.until).toEqual(now);
  });

  it('a run stopped by its worker is released and the next start resumes it', async () => {
    const project = await newProject();
    const stop = new AbortController();
    let events = 0;
    await expect(
      runDiscovery(
        deps({
          signal: stop.signal,
          onProgress: () => {
            events += 1;
            if (events === 6) stop.abort();
          },
        }).deps,
        project.id,
        today,
      ),
    ).rejects.toThrow();
    expect((await runOf(project.id))?.status).toBe('started');
    const resumed = await runDiscovery(deps().deps, project.id, today);
    expect(resumed.status).toBe('finished');
    expect(await storedPosts(project.id)).toHaveLength(45);
  });

  it('one source failing records the error and the others’ posts are stored', async () => {
    const project = await newProject();
    const { deps: d, sources } = deps();
    const hackernews = sources[1];
    if (!hackernews) throw new Error('no source');
    hackernews.failWith = new SourceError('hackernews', 'rate_limited', 'HTTP 429 (retry after 60s)', 60_000);
    const outcome = await runDiscovery(d, project.id, today);
    expect(outcome.status).toBe('finished');

    const stored = await storedPosts(project.id);
    expect(new Set(stored.map((post) => post.network))).toEqual(new Set(['reddit', 'x']));
    expect(stored).toHaveLength(2 * 3 * 5);
    const run = await runOf(project.id);
    expect(run?.status).toBe('finished');
    expect(run?.errors).toHaveLength(3);
    expect(run?.errors[0]).toMatchObject({
      source: 'hackernews',
      keyword: 'crm',
      kind: 'rate_limited',
      message: 'HTTP 429 (retry after 60s)',
    });
    expect(run?.counts.hackernews?.crm).toEqual({ found: 0, kept: 0, stored: 0 });
  });

  it('one keyword failing does not stop the next: the run finishes with errors recorded by keyword and network', async () => {
    const project = await newProject();
    const { deps: d, sources } = deps();
    const hackernews = sources[1];
    if (!hackernews) throw new Error('no source');
    hackernews.failFor.set(
      'lead scoring',
      new SourceError('hackernews', 'unavailable', 'hackernews is unavailable (502)'),
    );
    // The first keyword's store fails as a whole (the database cancels its statement), once.
    let refusedOnce = false;
    const db = new Proxy(database.db, {
      get(target, property, receiver) {
        if (property === 'transaction' && !refusedOnce) {
          return async () => {
            refusedOnce = true;
            throw Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' });
          };
        }
        return Reflect.get(target, property, receiver);
      },
    });
    const events: DiscoveryProgress[] = [];
    const outcome = await runDiscovery(
      { ...d, db, onProgress: (event) => void events.push(event) },
      project.id,
      today,
    );
    expect(outcome.status).toBe('finished');

    const stored = await storedPosts(project.id);
    expect(stored.filter((post) => post.keyword === 'crm')).toEqual([]);
    expect(stored.filter((post) => post.keyword === 'lead scoring')).toHaveLength(2 * 5);
    expect(stored.filter((post) => post.keyword === 'cold email')).toHaveLength(3 * 5);
    const run = await runOf(project.id);
    expect(run?.status).toBe('finished');
    expect(run?.doneKeywords).toEqual(keywords);
    expect(run?.errors.map((error) => [error.source, error.keyword, error.kind])).toEqual([
      [null, 'crm', 'store'],
      ['hackernews', 'lead scoring', 'unavailable'],
    ]);
    expect(run?.errors[0]?.message).toMatch(
      /could not be stored: canceling statement due to statement timeout/,
    );
    expect(run?.counts.reddit?.crm).toEqual({ found: 6, kept: 5, stored: 0 });
    // What `npm run discover` prints: the store failure with its keyword, the search failure with its network.
    const storedEvents = events.filter((event) => event.kind === 'stored');
    expect(storedEvents.map((event) => [event.keyword, event.errors.map((error) => error.kind)])).toEqual([
      ['crm', ['store']],
      ['lead scoring', []],
      ['cold email', []],
    ]);
    expect(
      events.flatMap((event) =>
        event.kind === 'searched' && event.error ? [[event.keyword, event.source]] : [],
      ),
    ).toEqual([['lead scoring', 'hackernews']]);
  });

  it('a post of 10 KB is kept and stored whole', async () => {
    const project = await newProject({ keywords: [{ name: 'crm', filter: null }] });
    const [post] = postsAbout('reddit', 'crm', 1, new Date(now.getTime() - 3_600_000));
    if (!post) throw new Error('no post');
    // A real 14 KB post (see tests/fixtures/sources/README.md): text that compresses too little to fit
    // the index whole.
    const recorded = JSON.parse(sourceFixture('reddit/search-real-posts.json')) as {
      data: { children: { data: { selftext: string } }[] };
    };
    const content = `Which crm do you use? ${recorded.data.children[0]?.data.selftext ?? ''}`;
    expect(Buffer.byteLength(content)).toBeGreaterThan(10_000);
    const { deps: d } = deps({
      sources: [new TableSource('reddit', { crm: [{ ...post, content }] })],
    });
    expect(await runDiscovery(d, project.id, today)).toMatchObject({ status: 'finished' });
    const [row] = await database.db
      .select({ content: posts.content })
      .from(posts)
      .where(eq(posts.projectId, project.id));
    expect(row?.content).toBe(content);
    expect((await runOf(project.id))?.errors).toEqual([]);
  });

  it('a draft that fails leaves its post stored with an empty answer and records why', async () => {
    const project = await newProject();
    const { deps: d, drafter } = deps();
    drafter.failFor = (request) => request.post.author === 'x-author-3' && request.post.keyword === 'crm';
    await runDiscovery(d, project.id, today);
    const stored = await storedPosts(project.id);
    expect(stored).toHaveLength(45);
    expect(stored.filter((post) => post.answer === '')).toEqual([
      expect.objectContaining({ network: 'x', keyword: 'crm', externalId: 'crm-3' }),
    ]);
    const run = await runOf(project.id);
    expect(run?.errors).toEqual([
      expect.objectContaining({
        source: 'x',
        keyword: 'crm',
        kind: 'draft',
        message: expect.stringContaining('crm-3'),
      }),
    ]);
  });

  it('keeps at most the cap per keyword and day, across networks', async () => {
    const project = await newProject();
    await runDiscovery(deps({ maxPerKeyword: 4 }).deps, project.id, today);
    const stored = await storedPosts(project.id);
    expect(stored).toHaveLength(3 * 4);
    for (const keyword of keywords) expect(stored.filter((post) => post.keyword === keyword)).toHaveLength(4);
  });

  it('the same text on two networks is stored once', async () => {
    const project = await newProject();
    const { deps: d } = deps({ maxPerKeyword: 50 });
    const same = 'Anyone moved off spreadsheets to a crm this year?';
    const twice: SourcePost[] = (['reddit', 'x'] as const).map((network) => ({
      externalId: 'same',
      network,
      author: 'twin',
      title: null,
      content: same,
      url: `https://${network}.example/same`,
      publishedAt: new Date(now.getTime() - 60_000),
    }));
    d.sources = networks.map(
      (network) => new TableSource(network, { crm: twice.filter((post) => post.network === network) }),
    );
    await runDiscovery(d, project.id, today);
    const stored = await storedPosts(project.id);
    expect(stored).toHaveLength(1);
  });

  it('a keyword whose filter cannot be read is recorded and the others are found', async () => {
    const project = await newProject({
      keywords: [
        { name: 'crm', filter: '"unclosed phrase' },
        { name: 'lead scoring', filter: '-spam' },
      ],
    });
    const { deps: d, sources } = deps();
    await runDiscovery(d, project.id, today);
    const stored = await storedPosts(project.id);
    expect(new Set(stored.map((post) => post.keyword))).toEqual(new Set(['lead scoring']));
    const run = await runOf(project.id);
    expect(run?.errors).toEqual([expect.objectContaining({ keyword: 'crm', kind: 'filter', source: null })]);
    expect(sources[0]?.queries.map((query) => query.filter?.source)).toEqual(['-spam']);
  });

  it('does nothing for a project that is not reviewed', async () => {
    const project = await newProject({ reviewed: false });
    expect(await runDiscovery(deps().deps, project.id, today)).toMatchObject({
      status: 'skipped',
      why: 'not_reviewed',
    });
    expect(await runOf(project.id)).toBeUndefined();
  });
});
