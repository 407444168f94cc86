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
import { BlueskySource } from './bluesky';

const searchRoute = 'GET /xrpc/app.bsky.feed.searchPosts';
const createRoute = 'POST /xrpc/com.atproto.server.createSession';
const refreshRoute = 'POST /xrpc/com.atproto.server.refreshSession';
const routes = {
  [createRoute]: { fixture: 'bluesky/create-session.json' },
  [refreshRoute]: { fixture: 'bluesky/refresh-session.json' },
  [searchRoute]: { fixture: 'bluesky/search-posts.json' },
};

describe('Bluesky source', () => {
  let fake: FakeSources;

  beforeAll(async () => {
    fake = await startFakeSources(routes);
  });
  afterAll(() => fake?.close());

  const bluesky = () =>
    new BlueskySource({
      baseUrl: fake.url,
      handle: 'radar.bsky.social',
      appPassword: 'abcd-efgh-ijkl-mnop',
      timeoutMs: 2_000,
    });

  /** A page of `count` copies of the recorded first post, with Bluesky's `cursor` for the next. */
  function page(prefix: string, count: number, cursor?: string) {
    const recorded = JSON.parse(sourceFixture('bluesky/search-posts.json')) as {
      posts: Record<string, unknown>[];
    };
    const post = recorded.posts[0] ?? {};
    const posts = Array.from({ length: count }, (_, index) => ({
      ...post,
      uri: `at://did:plc:abc123/app.bsky.feed.post/${prefix}${index}`,
    }));
    return { posts, ...(cursor ? { cursor } : {}) };
  }

  it('asks for the next page with the cursor when the first is full', async () => {
    const before = fake.requestsTo(searchRoute).length;
    fake.once(searchRoute, { json: page('a', 100, '100') });
    fake.once(searchRoute, { json: page('b', 12) });
    const posts = await bluesky().search(testQuery({ limit: 300 }));
    const asked = fake.requestsTo(searchRoute).slice(before);
    expect(asked.map((request) => request.query.get('cursor'))).toEqual([null, '100']);
    expect(posts).toHaveLength(112);
  });

  it('is a microblogging network named Bluesky', () => {
    const source = bluesky();
    expect([source.slug, source.name, source.kind]).toEqual(['bluesky', 'Bluesky', 'microblogging']);
  });

  it('signs in once with the handle and app password, then searches the latest posts of the window', async () => {
    const source = bluesky();
    const sessionsBefore = fake.requestsTo(createRoute).length;
    const since = new Date('2025-05-01T00:00:00Z');
    const until = new Date('2025-05-02T00:00:00Z');
    await source.search(testQuery({ keyword: 'social listening', since, until, limit: 30 }));
    await source.search(testQuery());
    const sessions = fake.requestsTo(createRoute).slice(sessionsBefore);
    expect(sessions).toHaveLength(1);
    expect(JSON.parse(sessions[0]?.body ?? '')).toEqual({
      identifier: 'radar.bsky.social',
      password: 'abcd-efgh-ijkl-mnop',
    });
    const [first] = fake.requestsTo(searchRoute).slice(-2);
    expect(first?.headers.authorization).toBe('Bearer access-jwt-1');
    expect(Object.fromEntries(first?.query ?? [])).toEqual({
      q: 'social listening',
      sort: 'latest',
      since: '2025-05-01T00:00:00.000Z',
      until: '2025-05-02T00:00:00.000Z',
      limit: '30',
    });
  });

  it("asks for one author's posts when the filter names one", async () => {
    const filter = { all: [], exclude: [], sites: [], authors: ['indiehacker.bsky.social'], source: '' };
    await bluesky().search(testQuery({ filter }));
    expect(fake.requestsTo(searchRoute).at(-1)?.query.get('author')).toBe('indiehacker.bsky.social');
  });

  it('maps posts with their handle, link and counts, flags self-labelled bots, drops invalid handles', async () => {
    const posts = await bluesky().search(testQuery());
    expect(posts).toEqual([
      {
        externalId: 'at://did:plc:abc123/app.bsky.feed.post/3lo2abcdxyz2k',
        network: 'bluesky',
        author: 'indiehacker.bsky.social',
        title: null,
        content: 'Looking for a social listening tool that covers Bluesky too.\nRecommendations?',
        url: 'https://bsky.app/profile/indiehacker.bsky.social/post/3lo2abcdxyz2k',
        publishedAt: new Date('2025-05-01T14:20:00.000Z'),
        engagement: { likes: 12, replies: 3, reposts: 1, quotes: 0 },
        deleted: false,
        bot: false,
      },
      expect.objectContaining({ author: 'trendbot.bsky.social', bot: true }),
    ]);
  });

  it('refreshes an expired session once and searches again with the new token', async () => {
    const source = bluesky();
    await source.search(testQuery());
    const refreshesBefore = fake.requestsTo(refreshRoute).length;
    fake.once(searchRoute, { status: 400, fixture: 'bluesky/expired-token.json' });
    expect(await source.search(testQuery())).toHaveLength(2);
    const refreshes = fake.requestsTo(refreshRoute).slice(refreshesBefore);
    expect(refreshes).toHaveLength(1);
    expect(refreshes[0]?.headers.authorization).toBe('Bearer refresh-jwt-1');
    expect(fake.requestsTo(searchRoute).at(-1)?.headers.authorization).toBe('Bearer access-jwt-2');
  });

  it('signs in again when a 401 comes and the refresh token is refused too', async () => {
    const source = bluesky();
    await source.search(testQuery());
    const sessionsBefore = fake.requestsTo(createRoute).length;
    fake.once(searchRoute, {
      status: 401,
      json: { error: 'AuthenticationRequired', message: 'Authentication Required' },
    });
    fake.once(refreshRoute, { status: 400, fixture: 'bluesky/expired-token.json' });
    expect(await source.search(testQuery())).toHaveLength(2);
    expect(fake.requestsTo(createRoute).length - sessionsBefore).toBe(1);
  });

  it('says unauthorized when the renewed session is refused as well (no loop)', async () => {
    const source = bluesky();
    await source.search(testQuery());
    const searchesBefore = fake.requestsTo(searchRoute).length;
    fake.once(searchRoute, { status: 401, json: { error: 'AuthenticationRequired' } });
    fake.once(searchRoute, { status: 401, json: { error: 'AuthenticationRequired' } });
    expect((await searchError(source)).kind).toBe('unauthorized');
    expect(fake.requestsTo(searchRoute).length - searchesBefore).toBe(2);
  });

  it('says unauthorized when Bluesky refuses the handle and app password, and tries again next time', async () => {
    const source = bluesky();
    fake.once(createRoute, { status: 401, fixture: 'bluesky/auth-failed.json' });
    expect((await searchError(source)).kind).toBe('unauthorized');
    expect(await source.search(testQuery())).toHaveLength(2);
  });
});

describeSourceFailures('Bluesky', {
  routes,
  searchRoute,
  makeSource: (baseUrl, timeoutMs = testTimeoutMs, clock) =>
    new BlueskySource({
      baseUrl,
      timeoutMs,
      clock,
      handle: 'radar.bsky.social',
      appPassword: 'app-password',
    }),
});
