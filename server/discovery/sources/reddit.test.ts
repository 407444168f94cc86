import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  describeSourceFailures,
  StepClock,
  searchError,
  testQuery,
  testTimeoutMs,
} from '../../../tests/support/source-failure-cases';
import {
  type FakeSources,
  sourceFixture,
  startFakeSources,
} from '../../../tests/support/sources-fake-server';
import { defaultRedditUserAgent, RedditSource } from './reddit';

const publicRoute = 'GET /search.json';
const oauthRoute = 'GET /search';
const tokenRoute = 'POST /api/v1/access_token';
const routes = {
  [publicRoute]: { fixture: 'reddit/search.json' },
  [oauthRoute]: { fixture: 'reddit/search.json' },
  [tokenRoute]: { fixture: 'reddit/access-token.json' },
};
// The day of the recorded posts.
const window = { since: new Date('2025-05-01T00:00:00Z'), until: new Date('2025-05-02T00:00:00Z') };

describe('Reddit source', () => {
  let fake: FakeSources;

  beforeAll(async () => {
    fake = await startFakeSources(routes);
  });
  afterAll(() => fake?.close());

  const publicSource = () =>
    new RedditSource({ baseUrl: fake.url, oauthBaseUrl: fake.url, timeoutMs: 2_000 });
  const oauthSource = () =>
    new RedditSource({
      baseUrl: fake.url,
      oauthBaseUrl: fake.url,
      timeoutMs: 2_000,
      clientId: 'client-id',
      clientSecret: 'client-secret',
      userAgent: 'server:ReplyRadar-test:0.1 (by /u/replyradar)',
    });

  it('is a discussion forum named Reddit', () => {
    const source = publicSource();
    expect([source.slug, source.name, source.kind]).toEqual(['reddit', 'Reddit', 'discussion_forum']);
  });

  it('searches the public search.json, newest first, with a descriptive User-Agent and no credentials', async () => {
    const source = publicSource();
    expect(source.usesOAuth).toBe(false);
    const since = new Date(Date.now() - 20 * 3_600_000);
    await source.search(testQuery({ keyword: 'social listening', limit: 30, since }));
    const request = fake.requestsTo(publicRoute).at(-1);
    expect(Object.fromEntries(request?.query ?? [])).toEqual({
      q: 'social listening',
      sort: 'new',
      t: 'day',
      limit: '30',
      type: 'link',
      raw_json: '1',
    });
    expect(request?.headers['user-agent']).toBe(defaultRedditUserAgent);
    expect(request?.headers.authorization).toBeUndefined();
  });

  it("adds the filter's authors to the query and picks the period that covers the window", async () => {
    const source = publicSource();
    const filter = { all: [], exclude: [], sites: [], authors: ['alice'], source: 'author:alice' };
    await source.search(testQuery({ filter, since: new Date(Date.now() - 3 * 24 * 3_600_000) }));
    const request = fake.requestsTo(publicRoute).at(-1);
    expect(request?.query.get('q')).toBe('social listening author:alice');
    expect(request?.query.get('t')).toBe('week');
  });

  it('maps posts to plain text with score and comments, flags removed and automated ones, keeps the window', async () => {
    const posts = await publicSource().search(testQuery(window));
    expect(posts).toEqual([
      {
        externalId: 't3_1kc0001',
        network: 'reddit',
        author: 'tiny_saas_founder',
        title: 'Cheap social listening tool for a tiny SaaS?',
        content:
          "We launched last month and I'm looking for social listening that isn't $300/mo.\n\nwe only need Reddit & HN\n\nAny ideas? See our launch post.",
        url: 'https://www.reddit.com/r/SaaS/comments/1kc0001/cheap_social_listening_tool_for_a_tiny_saas/',
        publishedAt: new Date(1746108000 * 1000),
        engagement: { score: 42, comments: 18, upvoteRatio: 0.93 },
        deleted: false,
        bot: false,
      },
      expect.objectContaining({
        externalId: 't3_1kc0002',
        author: '[deleted]',
        content: 'Best tools for social listening in 2025',
        deleted: true,
        bot: false,
      }),
      expect.objectContaining({
        externalId: 't3_1kc0003',
        author: 'AutoModerator',
        deleted: false,
        bot: true,
      }),
    ]);
  });

  it("links a post whose permalink is not a path on reddit.com to the post's short link there", async () => {
    const listing = JSON.parse(sourceFixture('reddit/search.json')) as {
      data: { children: Array<{ data: { permalink: string } }> };
    };
    const [first, second] = listing.data.children;
    if (!first || !second) throw new Error('the fixture has no posts');
    first.data.permalink = 'javascript:alert(document.cookie)';
    second.data.permalink = '@evil.example/r/marketing/';
    fake.once(publicRoute, { json: listing });
    const posts = await publicSource().search(testQuery(window));
    expect(posts.slice(0, 2).map((post) => post.url)).toEqual([
      'https://www.reddit.com/comments/1kc0001/',
      'https://www.reddit.com/comments/1kc0002/',
    ]);
  });

  it('signs in with application-only OAuth, keeps the token, and searches oauth.reddit.com with it', async () => {
    const source = oauthSource();
    const tokensBefore = fake.requestsTo(tokenRoute).length;
    await source.search(testQuery(window));
    await source.search(testQuery(window));
    const tokenRequests = fake.requestsTo(tokenRoute).slice(tokensBefore);
    expect(tokenRequests).toHaveLength(1);
    expect(tokenRequests[0]?.headers.authorization).toBe(
      `Basic ${Buffer.from('client-id:client-secret').toString('base64')}`,
    );
    expect(tokenRequests[0]?.body).toBe('grant_type=client_credentials');
    expect(tokenRequests[0]?.headers['user-agent']).toBe('server:ReplyRadar-test:0.1 (by /u/replyradar)');
    const search = fake.requestsTo(oauthRoute).at(-1);
    expect(search?.headers.authorization).toMatch(/^Bearer eyJ/);
    expect(search?.headers['user-agent']).toBe('server:ReplyRadar-test:0.1 (by /u/replyradar)');
  });

  it('fetches a new token once when Reddit refuses the kept one', async () => {
    const source = oauthSource();
    await source.search(testQuery(window));
    const tokensBefore = fake.requestsTo(tokenRoute).length;
    fake.once(oauthRoute, { status: 401, json: { message: 'Unauthorized', error: 401 } });
    expect(await source.search(testQuery(window))).toHaveLength(3);
    expect(fake.requestsTo(tokenRoute).length - tokensBefore).toBe(1);
  });

  it('says unauthorized when Reddit refuses the client id and secret', async () => {
    fake.once(tokenRoute, { status: 401, json: { message: 'Unauthorized', error: 401 } });
    expect((await searchError(oauthSource(), testQuery(window))).kind).toBe('unauthorized');
  });

  it('does not call again once the rate-limit headers say nothing is left until the reset', async () => {
    const source = publicSource();
    fake.once(publicRoute, {
      fixture: 'reddit/search.json',
      headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-used': '100', 'x-ratelimit-reset': '120' },
    });
    await source.search(testQuery(window));
    const calls = fake.requestsTo(publicRoute).length;
    const error = await searchError(source, testQuery(window));
    expect(error.kind).toBe('rate_limited');
    expect(error.retryAfterMs).toBeGreaterThan(115_000);
    expect(error.retryAfterMs).toBeLessThanOrEqual(120_000);
    expect(fake.requestsTo(publicRoute).length).toBe(calls);
  });

  it('reads the wait from X-Ratelimit-Reset when a 429 has no Retry-After', async () => {
    fake.once(publicRoute, { status: 429, headers: { 'x-ratelimit-reset': '90' }, json: { error: 429 } });
    const error = await searchError(publicSource(), testQuery(window));
    expect([error.kind, error.retryAfterMs]).toEqual(['rate_limited', 90_000]);
  });

  it('waits out a short X-Ratelimit-Reset on a 429 and searches again', async () => {
    const clock = new StepClock();
    fake.once(publicRoute, { status: 429, headers: { 'x-ratelimit-reset': '45' }, json: { error: 429 } });
    const posts = await new RedditSource({ baseUrl: fake.url, clock }).search(testQuery(window));
    expect(clock.waits).toEqual([45_000]);
    expect(posts.map((post) => post.externalId)).toContain('t3_1kc0001');
  });
});

describe('Reddit source on a busy day', () => {
  let fake: FakeSources;
  beforeAll(async () => {
    fake = await startFakeSources(routes);
  });
  afterAll(() => fake?.close());

  /** A full page of the recorded listing's first post, `count` times with ids `<prefix><n>`, in the window. */
  function listing(prefix: string, count: number, after: string | null) {
    const recorded = JSON.parse(sourceFixture('reddit/search.json')) as {
      data: { children: { kind: string; data: Record<string, unknown> }[] };
    };
    const template = recorded.data.children[0]?.data ?? {};
    const children = Array.from({ length: count }, (_, index) => ({
      kind: 't3',
      data: {
        ...template,
        id: `${prefix}${index}`,
        name: `t3_${prefix}${index}`,
        permalink: `/r/SaaS/comments/${prefix}${index}/post/`,
        created_utc: 1746108000 - index * 60,
      },
    }));
    return { kind: 'Listing', data: { ...recorded.data, after, dist: count, children } };
  }

  it('reads the next page after the last post of a full first page', async () => {
    const before = fake.requestsTo(publicRoute).length;
    fake.once(publicRoute, { json: listing('a', 100, 't3_a99') });
    fake.once(publicRoute, { json: listing('b', 30, null) });
    const posts = await new RedditSource({ baseUrl: fake.url }).search(testQuery({ ...window, limit: 300 }));
    const asked = fake.requestsTo(publicRoute).slice(before);
    expect(asked.map((request) => [request.query.get('limit'), request.query.get('after')])).toEqual([
      ['100', null],
      ['100', 't3_a99'],
    ]);
    expect(posts).toHaveLength(130);
  });

  it('reads at most 3 pages of a keyword in a run', async () => {
    const before = fake.requestsTo(publicRoute).length;
    // Every page full and naming a next one.
    fake.on(publicRoute, { json: listing('c', 100, 't3_c99') });
    for (const prefix of ['d', 'e']) fake.once(publicRoute, { json: listing(prefix, 100, `t3_${prefix}99`) });
    try {
      const posts = await new RedditSource({ baseUrl: fake.url }).search(
        testQuery({ ...window, limit: 1000 }),
      );
      expect(fake.requestsTo(publicRoute).length - before).toBe(3);
      expect(posts).toHaveLength(300);
    } finally {
      fake.on(publicRoute, routes[publicRoute]);
    }
  });

  it('does not ask for another page when the first is not full', async () => {
    const before = fake.requestsTo(publicRoute).length;
    // The recorded listing names an `after` but holds 4 posts of the 100 asked for.
    await new RedditSource({ baseUrl: fake.url }).search(testQuery({ ...window, limit: 300 }));
    expect(fake.requestsTo(publicRoute).length - before).toBe(1);
  });
});

describeSourceFailures('Reddit', {
  routes,
  searchRoute: publicRoute,
  makeSource: (baseUrl, timeoutMs = testTimeoutMs, clock) => new RedditSource({ baseUrl, timeoutMs, clock }),
});

describeSourceFailures('Reddit with OAuth', {
  routes,
  searchRoute: oauthRoute,
  makeSource: (baseUrl, timeoutMs = testTimeoutMs, clock) =>
    new RedditSource({
      baseUrl,
      oauthBaseUrl: baseUrl,
      timeoutMs,
      clock,
      clientId: 'id',
      clientSecret: 'secret',
    }),
});
