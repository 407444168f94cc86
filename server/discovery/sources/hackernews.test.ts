import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  describeSourceFailures,
  testQuery,
  testTimeoutMs,
} from '../../../tests/support/source-failure-cases';
import {
  type FakeSources,
  sourceFixture,
  startFakeSources,
} from '../../../tests/support/sources-fake-server';
import { HackerNewsSource } from './hackernews';

const searchRoute = 'GET /api/v1/search_by_date';
const routes = { [searchRoute]: { fixture: 'hackernews/search-by-date.json' } };

describe('Hacker News source', () => {
  let fake: FakeSources;
  let source: HackerNewsSource;

  beforeAll(async () => {
    fake = await startFakeSources(routes);
    source = new HackerNewsSource({ baseUrl: fake.url, timeoutMs: 2_000 });
  });
  afterAll(() => fake?.close());

  it('is a discussion forum named Hacker News', () => {
    expect([source.slug, source.name, source.kind]).toEqual([
      'hackernews',
      'Hacker News',
      'discussion_forum',
    ]);
  });

  it('asks Algolia for stories and comments by date inside the window, at most the limit', async () => {
    const since = new Date('2025-05-01T00:00:00Z');
    const until = new Date('2025-05-02T00:00:00Z');
    await source.search(testQuery({ keyword: 'social listening', since, until, limit: 25 }));
    const [request] = fake.requestsTo(searchRoute).slice(-1);
    expect(Object.fromEntries(request?.query ?? [])).toEqual({
      query: 'social listening',
      tags: '(story,comment)',
      numericFilters: 'created_at_i>=1746057600,created_at_i<1746144000',
      hitsPerPage: '25',
    });
  });

  it("narrows to the filter's authors with Algolia's author tags", async () => {
    const filter = {
      all: [],
      exclude: [],
      sites: [],
      authors: ['pg', 'dang'],
      source: 'author:pg OR author:dang',
    };
    await source.search(testQuery({ filter }));
    expect(fake.requestsTo(searchRoute).at(-1)?.query.get('tags')).toBe(
      '(story,comment),(author_pg,author_dang)',
    );
  });

  it('maps comments and stories to plain-text posts with points and comments, dropping hits without author', async () => {
    const posts = await source.search(testQuery());
    expect(posts).toEqual([
      {
        externalId: '43851234',
        network: 'hackernews',
        author: 'pg_fan',
        title: null,
        content:
          'Has anyone found a good tool for social listening? We tried three & none of them caught threads on HN.\n\nMostly we just want to know when someone asks "what do you use for X" / wants alternatives.',
        url: 'https://news.ycombinator.com/item?id=43851234',
        publishedAt: new Date('2025-05-01T14:05:12Z'),
        engagement: {},
      },
      {
        externalId: '43850001',
        network: 'hackernews',
        author: 'builder42',
        title: 'Ask HN: How do you find customers on forums?',
        content: "We're a two-person team. Social listening tools are pricey; what do you use?",
        url: 'https://news.ycombinator.com/item?id=43850001',
        publishedAt: new Date('2025-05-01T12:00:00Z'),
        engagement: { points: 112, comments: 37 },
      },
      {
        externalId: '43849000',
        network: 'hackernews',
        author: 'linkposter',
        title: 'Show HN: An open-source social listening dashboard',
        content: 'Show HN: An open-source social listening dashboard',
        url: 'https://news.ycombinator.com/item?id=43849000',
        publishedAt: new Date('2025-05-01T09:30:00Z'),
        engagement: { points: 9, comments: 4 },
      },
    ]);
  });

  it('returns no more posts than the limit', async () => {
    expect(await source.search(testQuery({ limit: 1 }))).toHaveLength(1);
  });
});

describe('Hacker News source on a busy day', () => {
  let fake: FakeSources;
  beforeAll(async () => {
    fake = await startFakeSources(routes);
  });
  afterAll(() => fake?.close());

  /** A page of `count` copies of the recorded Ask HN story, ids `<prefix><n>`, as Algolia pages them. */
  function hits(prefix: string, count: number, page: number, nbPages: number) {
    const recorded = JSON.parse(sourceFixture('hackernews/search-by-date.json')) as {
      hits: Record<string, unknown>[];
    };
    const story = recorded.hits[1] ?? {};
    return {
      ...recorded,
      hits: Array.from({ length: count }, (_, index) => ({ ...story, objectID: `${prefix}${index}` })),
      page,
      nbPages,
      hitsPerPage: 1000,
    };
  }

  it('reads the next page when the first is full and Algolia has more', async () => {
    const before = fake.requestsTo(searchRoute).length;
    fake.once(searchRoute, { json: hits('1', 1000, 0, 2) });
    fake.once(searchRoute, { json: hits('2', 7, 1, 2) });
    const posts = await new HackerNewsSource({ baseUrl: fake.url }).search(testQuery({ limit: 1500 }));
    const asked = fake.requestsTo(searchRoute).slice(before);
    expect(asked.map((request) => [request.query.get('hitsPerPage'), request.query.get('page')])).toEqual([
      ['1000', null],
      ['1000', '1'],
    ]);
    expect(posts).toHaveLength(1007);
  });

  it('stops at the last page Algolia names, full or not', async () => {
    const before = fake.requestsTo(searchRoute).length;
    fake.once(searchRoute, { json: hits('3', 1000, 0, 1) });
    await new HackerNewsSource({ baseUrl: fake.url }).search(testQuery({ limit: 1500 }));
    expect(fake.requestsTo(searchRoute).length - before).toBe(1);
  });
});

describeSourceFailures('Hacker News', {
  routes,
  searchRoute,
  makeSource: (baseUrl, timeoutMs = testTimeoutMs, clock) =>
    new HackerNewsSource({ baseUrl, timeoutMs, clock }),
});
