import type { Post } from '@contract/entities';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectFailure,
  expectSuccess,
  startTestServer,
  type TestServer,
  testDatabases,
} from '../../../tests/support/server-harness';
import { discoveryRuns } from '../../db/schema';
import { claimRun, defaultStaleAfterMs, failRun, finishRun } from '../../discovery/discovery-runs';

type Account = Awaited<ReturnType<TestServer['signUpWithWorkspace']>>;
type Seeded = Awaited<ReturnType<TestServer['seedPost']>>;

describe.each(testDatabases())('reading posts (%s)', (kind) => {
  let server: TestServer;
  let a: Account;
  let b: Account;
  let projectA: string;
  let otherProjectA: string;
  let unreviewedA: string;
  let projectB: string;
  let crmEarly: Seeded;
  let salesLate: Seeded;
  let crmDayBefore: Seeded;
  let hackerNews: Seeded;
  let publishedOld: Seeded;

  beforeAll(async () => {
    server = await startTestServer(kind);
    a = await server.signUpWithWorkspace('alice@example.com', 'Alpha');
    b = await server.signUpWithWorkspace('bob@example.com', 'Beta');
    const now = Date.now();
    projectA = (
      await server.seedProject(a.workspace.id, { reviewed: true, createdAt: new Date(now - 60_000) })
    ).id;
    otherProjectA = (await server.seedProject(a.workspace.id, { name: 'Second', reviewed: true })).id;
    unreviewedA = (await server.seedProject(a.workspace.id, { name: 'Draft' })).id;
    projectB = (await server.seedProject(b.workspace.id, { reviewed: true })).id;

    crmEarly = await server.seedPost(projectA, {
      keyword: 'crm',
      foundDate: '2025-03-05',
      publishedDate: new Date('2025-03-04T10:00:00Z'),
      author: 'ana',
      title: 'Which CRM?',
      content: 'Which CRM do small agencies use?',
      url: 'https://reddit.example/r/agency/1',
      answer: 'We use a simple one.',
    });
    salesLate = await server.seedPost(projectA, {
      keyword: 'sales',
      foundDate: '2025-03-05',
      publishedDate: new Date('2025-03-04T12:00:00Z'),
      title: null,
    });
    crmDayBefore = await server.seedPost(projectA, {
      keyword: 'crm',
      foundDate: '2025-03-04',
      publishedDate: new Date('2025-03-03T09:00:00Z'),
    });
    hackerNews = await server.seedPost(projectA, {
      social: 'hackernews',
      keyword: 'crm',
      foundDate: '2025-03-05',
      publishedDate: new Date('2025-03-04T08:00:00Z'),
      approved: true,
      published: true,
    });
    publishedOld = await server.seedPost(projectA, {
      keyword: 'sales',
      foundDate: '2025-03-03',
      publishedDate: new Date('2025-03-01T08:00:00Z'),
      approved: true,
      published: true,
    });
    await server.seedPost(otherProjectA, { keyword: 'zebra', foundDate: '2025-03-06', published: true });
    await server.seedPost(projectB, { keyword: 'beta', foundDate: '2025-03-07', published: true });
  });
  afterAll(() => server?.close());

  const get = (path: string, projectId: string | undefined, token = a.token) =>
    server.request('GET', path, { token, ...(projectId === undefined ? {} : { projectId }) });
  const ids = (posts: Post[]) => posts.map((post) => post.id);

  it('lists the found dates of the project, newest first', async () => {
    expect(expectSuccess(await get('/api/posts/meta/dates', projectA))).toStrictEqual({
      foundDates: ['2025-03-05', '2025-03-04', '2025-03-03'],
      running: false,
    });
    expect(expectSuccess(await get('/api/posts/meta/dates', otherProjectA))).toStrictEqual({
      foundDates: ['2025-03-06'],
      running: false,
    });
  });

  it('lists a day whose discovery finished without posts (and not one still running or failed)', async () => {
    const project = (await server.seedProject(a.workspace.id, { name: 'Quiet', reviewed: true })).id;
    const run = (foundDate: string, status: 'started' | 'finished' | 'failed') => ({
      projectId: project,
      foundDate,
      status,
      since: new Date(`${foundDate}T00:00:00Z`),
      until: new Date(`${foundDate}T23:59:59Z`),
    });
    await server.db.insert(discoveryRuns).values(run('2025-03-08', 'started'));
    expect(expectSuccess(await get('/api/posts/meta/dates', project))).toStrictEqual({
      foundDates: [],
      running: true,
    });

    await server.db
      .insert(discoveryRuns)
      .values([run('2025-03-06', 'finished'), run('2025-03-07', 'failed')]);
    await server.seedPost(project, { keyword: 'crm', foundDate: '2025-03-05' });
    await server.seedPost(project, { keyword: 'crm', foundDate: '2025-03-06' });
    expect(expectSuccess(await get('/api/posts/meta/dates', project))).toStrictEqual({
      foundDates: ['2025-03-06', '2025-03-05'],
      running: true,
    });
    await server.db.insert(discoveryRuns).values(run('2025-03-09', 'finished'));
    expect(expectSuccess(await get('/api/posts/meta/dates', project))).toStrictEqual({
      foundDates: ['2025-03-09', '2025-03-06', '2025-03-05'],
      running: true,
    });
    expect(expectSuccess(await get('/api/posts/reddit?found_date=2025-03-09', project))).toStrictEqual([]);
    expect(expectSuccess(await get('/api/posts/meta/keywords?found_date=2025-03-09', project))).toStrictEqual(
      { keywords: [] },
    );
  });

  it('says the search is still going while a discovery run goes on, and not once it finished or failed', async () => {
    const project = (await server.seedProject(a.workspace.id, { name: 'Busy', reviewed: true })).id;
    const dates = async () =>
      expectSuccess<{ running: boolean }>(await get('/api/posts/meta/dates', project));
    const window = { since: new Date('2025-03-10T00:00:00Z'), until: new Date('2025-03-11T00:00:00Z') };
    expect(await dates()).toStrictEqual({ foundDates: [], running: false });

    // Today's run has stored its first keyword: the day is found and the search goes on.
    const today = await claimRun(server.db, project, '2025-03-11', window, new Date(), defaultStaleAfterMs);
    if (!today.claimed) throw new Error('the run was not claimed');
    expect(await dates()).toStrictEqual({ foundDates: [], running: true });
    await server.seedPost(project, { keyword: 'crm', foundDate: '2025-03-11' });
    expect(await dates()).toStrictEqual({ foundDates: ['2025-03-11'], running: true });
    await finishRun(server.db, today.run, new Date());
    expect(await dates()).toStrictEqual({ foundDates: ['2025-03-11'], running: false });

    // A run that failed is not going on (the next attempt takes it over and says so again)…
    const next = await claimRun(server.db, project, '2025-03-12', window, new Date(), defaultStaleAfterMs);
    if (!next.claimed) throw new Error('the run was not claimed');
    expect((await dates()).running).toBe(true);
    await failRun(server.db, next.run, {
      source: null,
      keyword: null,
      kind: 'run',
      message: 'the database went away',
      at: new Date().toISOString(),
    });
    expect((await dates()).running).toBe(false);
    expect(
      (await claimRun(server.db, project, '2025-03-12', window, new Date(), defaultStaleAfterMs)).claimed,
    ).toBe(true);
    expect((await dates()).running).toBe(true);

    // …nor is one whose process stopped beating long ago (it died; another takes it over later).
    await server.db
      .update(discoveryRuns)
      .set({ heartbeatAt: new Date(Date.now() - defaultStaleAfterMs - 60_000) })
      .where(eq(discoveryRuns.projectId, project));
    expect(await dates()).toStrictEqual({ foundDates: ['2025-03-11'], running: false });
    // Another project's run says nothing of this one.
    expect(
      (await claimRun(server.db, projectA, '2025-03-12', window, new Date(), defaultStaleAfterMs)).claimed,
    ).toBe(true);
    expect((await dates()).running).toBe(false);
    expect(expectSuccess<{ running: boolean }>(await get('/api/posts/meta/dates', projectA)).running).toBe(
      true,
    );
    await server.db.delete(discoveryRuns).where(eq(discoveryRuns.projectId, projectA));
  });

  it('lists the keywords of a found date, sorted, each once', async () => {
    expect(
      expectSuccess(await get('/api/posts/meta/keywords?found_date=2025-03-05', projectA)),
    ).toStrictEqual({
      keywords: [{ name: 'crm' }, { name: 'sales' }],
    });
    expect(
      expectSuccess(await get('/api/posts/meta/keywords?found_date=2025-03-04', projectA)),
    ).toStrictEqual({
      keywords: [{ name: 'crm' }],
    });
    expect(
      expectSuccess(await get('/api/posts/meta/keywords?found_date=2024-01-01', projectA)),
    ).toStrictEqual({
      keywords: [],
    });
  });

  it('asks for a found date as YYYY-MM-DD', async () => {
    expectFailure(await get('/api/posts/meta/keywords', projectA), 400, {
      code: 'bad_request',
      field: 'found_date',
    });
    expectFailure(await get('/api/posts/meta/keywords?found_date=5%20Mar%202025', projectA), 400, {
      code: 'bad_request',
      field: 'found_date',
    });
  });

  it("lists a social's posts newest published first, in the contract's shape", async () => {
    const posts = expectSuccess<Post[]>(await get('/api/posts/reddit', projectA));
    expect(ids(posts)).toEqual([salesLate.id, crmEarly.id, crmDayBefore.id, publishedOld.id]);
    expect(posts[1]).toStrictEqual({
      id: crmEarly.id,
      author: 'ana',
      keyword: 'crm',
      published_date: '2025-03-04T10:00:00.000Z',
      title: 'Which CRM?',
      content: 'Which CRM do small agencies use?',
      url: 'https://reddit.example/r/agency/1',
      answer: 'We use a simple one.',
      approved: false,
      published: false,
      answerVersion: 0,
      // Stored before discovery scored posts: the extra fields are there, empty.
      score: null,
      reason: null,
      publishedAt: null,
      replyUrl: null,
      publishNote: null,
    });
    expect(posts[0]?.title).toBeNull();
    expect(ids(expectSuccess<Post[]>(await get('/api/posts/hackernews', projectA)))).toEqual([hackerNews.id]);
  });

  it('filters by keyword and found date, together or alone', async () => {
    const list = async (query: string) =>
      ids(expectSuccess<Post[]>(await get(`/api/posts/reddit?${query}`, projectA)));
    expect(await list('keyword=crm')).toEqual([crmEarly.id, crmDayBefore.id]);
    expect(await list('found_date=2025-03-05')).toEqual([salesLate.id, crmEarly.id]);
    expect(await list('keyword=crm&found_date=2025-03-05')).toEqual([crmEarly.id]);
    expect(await list('keyword=nothing')).toEqual([]);
    expect(await list('keyword=')).toHaveLength(4);
    expectFailure(await get('/api/posts/reddit?found_date=yesterday', projectA), 400, {
      code: 'bad_request',
      field: 'found_date',
    });
  });

  it('answers 404 naming social for a slug it does not know', async () => {
    expectFailure(await get('/api/posts/myspace', projectA), 404, {
      code: 'not_found',
      message: 'There is no social network "myspace"',
      field: 'social',
    });
  });

  it('lists the published posts, newest first, and is not swallowed by the social route', async () => {
    expect(ids(expectSuccess<Post[]>(await get('/api/posts/published', projectA)))).toEqual([
      hackerNews.id,
      publishedOld.id,
    ]);
  });

  it('answers 409 on every read until the project is reviewed', async () => {
    for (const path of [
      '/api/posts/meta/dates',
      '/api/posts/meta/keywords?found_date=2025-03-05',
      '/api/posts/reddit',
      '/api/posts/published',
    ]) {
      expectFailure(await get(path, unreviewedA), 409, {
        code: 'conflict',
        message: 'Review the project first: posts are found once it is saved',
      });
    }
  });

  it('answers 400 naming project-id when the header is missing', async () => {
    for (const path of ['/api/posts/meta/dates', '/api/posts/reddit', '/api/posts/published']) {
      expectFailure(await get(path, undefined), 400, { code: 'bad_request', field: 'project-id' });
    }
  });

  it("never shows one workspace's posts to another, nor one project's to another", async () => {
    for (const path of ['/api/posts/meta/dates', '/api/posts/reddit', '/api/posts/published']) {
      expectFailure(await get(path, projectA, b.token), 403, { code: 'forbidden', field: 'project-id' });
    }
    expect(expectSuccess(await get('/api/posts/meta/dates', projectB, b.token))).toStrictEqual({
      foundDates: ['2025-03-07'],
      running: false,
    });
    const bPosts = expectSuccess<Post[]>(await get('/api/posts/reddit', projectB, b.token));
    expect(bPosts.map((post) => post.keyword)).toEqual(['beta']);
    const otherPosts = expectSuccess<Post[]>(await get('/api/posts/published', otherProjectA));
    expect(otherPosts.map((post) => post.keyword)).toEqual(['zebra']);
  });

  it('refuses a call without a token', async () => {
    expectFailure(await server.request('GET', '/api/posts/reddit', { projectId: projectA }), 401, {
      code: 'unauthorized',
    });
  });
});
