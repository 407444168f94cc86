import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  describeSourceFailures,
  searchError,
  testQuery,
  testTimeoutMs,
} from '../../../tests/support/source-failure-cases';
import {
  type FakeSources,
  sourceFixture,
  startFakeSources,
} from '../../../tests/support/sources-fake-server';
import { XSource } from './x';

const searchRoute = 'GET /2/tweets/search/recent';
const routes = { [searchRoute]: { fixture: 'x/search-recent.json' } };

describe('X source', () => {
  let fake: FakeSources;

  beforeAll(async () => {
    fake = await startFakeSources(routes);
  });
  afterAll(() => fake?.close());

  const xSource = () => new XSource({ baseUrl: fake.url, bearerToken: 'x-bearer', timeoutMs: 2_000 });

  /** A page of `count` copies of the recorded first post, ids `<prefix><n>`, with X's `next_token`. */
  function page(prefix: string, count: number, nextToken?: string) {
    const recorded = JSON.parse(sourceFixture('x/search-recent.json')) as {
      data: Record<string, unknown>[];
      includes: unknown;
    };
    const tweet = recorded.data[0] ?? {};
    const data = Array.from({ length: count }, (_, index) => ({ ...tweet, id: `${prefix}${index}` }));
    return {
      data,
      includes: recorded.includes,
      meta: { result_count: count, ...(nextToken ? { next_token: nextToken } : {}) },
    };
  }

  it('asks for the next page with next_token when the first is full', async () => {
    const before = fake.requestsTo(searchRoute).length;
    fake.once(searchRoute, { json: page('1', 100, 'b26v89c19zqg8o3fo7gghep0wmpt92c0wn0jiqwtc7tdp') });
    fake.once(searchRoute, { json: page('2', 4) });
    const posts = await xSource().search(testQuery({ limit: 300 }));
    const asked = fake.requestsTo(searchRoute).slice(before);
    expect(asked.map((request) => request.query.get('next_token'))).toEqual([
      null,
      'b26v89c19zqg8o3fo7gghep0wmpt92c0wn0jiqwtc7tdp',
    ]);
    expect(posts).toHaveLength(104);
  });

  it('is a microblogging network named X', () => {
    const source = xSource();
    expect([source.slug, source.name, source.kind]).toEqual(['x', 'X', 'microblogging']);
  });

  it('asks recent search for the window with the bearer token, authors expanded, retweets left out', async () => {
    const since = new Date(Date.now() - 2 * 24 * 3_600_000);
    const until = new Date(Date.now() - 3_600_000);
    await xSource().search(testQuery({ keyword: 'social listening', since, until, limit: 50 }));
    const request = fake.requestsTo(searchRoute).at(-1);
    expect(request?.headers.authorization).toBe('Bearer x-bearer');
    expect(Object.fromEntries(request?.query ?? [])).toEqual({
      query: 'social listening -is:retweet',
      start_time: since.toISOString(),
      end_time: until.toISOString(),
      max_results: '50',
      expansions: 'author_id',
      'user.fields': 'username',
      'tweet.fields': 'created_at,public_metrics',
    });
  });

  it('keeps to what recent search allows: 10 results at least, 7 days back, ending before now', async () => {
    const filter = { all: [], exclude: [], sites: [], authors: ['a', 'b'], source: 'author:a OR author:b' };
    await xSource().search(
      testQuery({
        since: new Date(Date.now() - 30 * 24 * 3_600_000),
        until: new Date(Date.now() + 60_000),
        limit: 3,
        filter,
      }),
    );
    const query = fake.requestsTo(searchRoute).at(-1)?.query;
    expect(query?.get('max_results')).toBe('10');
    expect(query?.get('query')).toBe('social listening (from:a OR from:b) -is:retweet');
    const start = Date.parse(query?.get('start_time') ?? '');
    const end = Date.parse(query?.get('end_time') ?? '');
    expect(Date.now() - start).toBeLessThan(7 * 24 * 3_600_000);
    expect(Date.now() - end).toBeGreaterThanOrEqual(10_000);
  });

  it('asks nothing for a window older than recent search reaches', async () => {
    const calls = fake.requestsTo(searchRoute).length;
    const since = new Date('2024-01-01T00:00:00Z');
    expect(await xSource().search(testQuery({ since, until: new Date('2024-01-02T00:00:00Z') }))).toEqual([]);
    expect(fake.requestsTo(searchRoute).length).toBe(calls);
  });

  it('maps posts with their usernames, decoded text and public metrics, dropping those without author', async () => {
    const posts = await xSource().search(testQuery());
    expect(posts).toEqual([
      {
        externalId: '1917990000000000001',
        network: 'x',
        author: 'devfounder',
        title: null,
        content:
          'Anyone know a social listening tool that & drafts replies? Tired of scrolling <3 hours a day',
        url: 'https://x.com/devfounder/status/1917990000000000001',
        publishedAt: new Date('2025-05-01T14:00:00.000Z'),
        engagement: { reposts: 2, replies: 5, likes: 14, quotes: 1, bookmarks: 3, impressions: 1830 },
      },
      expect.objectContaining({ externalId: '1917990000000000002', author: 'growthnotes' }),
    ]);
  });

  it('answers no posts when X found none', async () => {
    fake.once(searchRoute, { fixture: 'x/no-results.json' });
    expect(await xSource().search(testQuery())).toEqual([]);
  });

  it('reads the wait from x-rate-limit-reset on a 429', async () => {
    const reset = Math.floor(Date.now() / 1000) + 600;
    fake.once(searchRoute, {
      status: 429,
      headers: {
        'x-rate-limit-limit': '60',
        'x-rate-limit-remaining': '0',
        'x-rate-limit-reset': String(reset),
      },
      fixture: 'x/too-many-requests.json',
    });
    const error = await searchError(xSource());
    expect(error.kind).toBe('rate_limited');
    expect(error.retryAfterMs).toBeGreaterThan(590_000);
  });

  it('waits for the reset without calling once x-rate-limit-remaining reaches 0', async () => {
    const source = xSource();
    const reset = Math.floor(Date.now() / 1000) + 300;
    fake.once(searchRoute, {
      fixture: 'x/search-recent.json',
      headers: { 'x-rate-limit-remaining': '0', 'x-rate-limit-reset': String(reset) },
    });
    await source.search(testQuery());
    const calls = fake.requestsTo(searchRoute).length;
    expect((await searchError(source)).kind).toBe('rate_limited');
    expect(fake.requestsTo(searchRoute).length).toBe(calls);
  });

  it('says unauthorized when X refuses the bearer token', async () => {
    fake.once(searchRoute, {
      status: 401,
      json: { title: 'Unauthorized', type: 'about:blank', status: 401, detail: 'Unauthorized' },
    });
    expect((await searchError(xSource())).kind).toBe('unauthorized');
  });
});

describeSourceFailures('X', {
  routes,
  searchRoute,
  makeSource: (baseUrl, timeoutMs = testTimeoutMs, clock) =>
    new XSource({ baseUrl, timeoutMs, clock, bearerToken: 'token' }),
});
