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
import { MastodonSource } from './mastodon';

const searchRoute = 'GET /api/v2/search';
const routes = { [searchRoute]: { fixture: 'mastodon/search.json' } };
const window = { since: new Date('2025-05-01T00:00:00Z'), until: new Date('2025-05-02T00:00:00Z') };

describe('Mastodon source', () => {
  let fake: FakeSources;

  beforeAll(async () => {
    fake = await startFakeSources(routes);
  });
  afterAll(() => fake?.close());

  const mastodon = () =>
    new MastodonSource({ instanceUrl: `${fake.url}/`, accessToken: 'mastodon-token', timeoutMs: 2_000 });

  /** A page of `count` copies of the recorded first status, ids `<prefix><n>`. */
  function page(prefix: string, count: number) {
    const recorded = JSON.parse(sourceFixture('mastodon/search.json')) as {
      statuses: Record<string, unknown>[];
    };
    const status = recorded.statuses[0] ?? {};
    const statuses = Array.from({ length: count }, (_, index) => ({
      ...status,
      id: `${prefix}${index}`,
      uri: `https://fosstodon.org/users/opensourcer/statuses/${prefix}${index}`,
      url: `https://fosstodon.org/@opensourcer/${prefix}${index}`,
    }));
    return { accounts: [], hashtags: [], statuses };
  }

  it('asks for the next page by offset when the first holds the 40 a page allows', async () => {
    const before = fake.requestsTo(searchRoute).length;
    fake.once(searchRoute, { json: page('1', 40) });
    fake.once(searchRoute, { json: page('2', 40) });
    fake.once(searchRoute, { json: page('3', 40) });
    const posts = await mastodon().search(testQuery({ limit: 300, ...window }));
    const asked = fake.requestsTo(searchRoute).slice(before);
    expect(asked.map((request) => request.query.get('offset'))).toEqual([null, '40', '80']);
    expect(posts).toHaveLength(120);
  });

  it('is a microblogging network named Mastodon, on the configured instance', async () => {
    const source = mastodon();
    expect([source.slug, source.name, source.kind]).toEqual(['mastodon', 'Mastodon', 'microblogging']);
  });

  it("searches the instance's statuses with the token, at most 40 a page", async () => {
    await mastodon().search(testQuery({ keyword: 'social listening', limit: 100, ...window }));
    const request = fake.requestsTo(searchRoute).at(-1);
    expect(request?.headers.authorization).toBe('Bearer mastodon-token');
    expect(Object.fromEntries(request?.query ?? [])).toEqual({
      q: 'social listening',
      type: 'statuses',
      resolve: 'false',
      limit: '40',
    });
  });

  it('turns the HTML content into text, keeps the content warning, flags bots and keeps to the window', async () => {
    const posts = await mastodon().search(testQuery(window));
    expect(posts).toEqual([
      {
        externalId: 'https://fosstodon.org/users/opensourcer/statuses/114432100000000001',
        network: 'mastodon',
        author: 'opensourcer',
        title: null,
        content:
          "Is there a #SocialListening tool that isn't creepy?\n\nAsking for a small open-source project & its community.\nThanks!",
        url: 'https://fosstodon.org/@opensourcer/114432100000000001',
        publishedAt: new Date('2025-05-01T14:30:00.000Z'),
        engagement: { favourites: 9, replies: 2, reblogs: 4 },
        deleted: false,
        bot: false,
      },
      expect.objectContaining({
        author: 'feedbot@mastodon.social',
        content: 'marketing talk\n\nNew article: social listening in 2025',
        bot: true,
      }),
    ]);
  });

  it('gives a status whose link is not http(s) its https id as link, and drops one that has none', async () => {
    fake.once(searchRoute, { fixture: 'mastodon/search-unsafe-links.json' });
    const posts = await mastodon().search(testQuery(window));
    expect(posts.map((post) => [post.author, post.url])).toEqual([
      ['prankster@evil.example', 'https://evil.example/users/prankster/statuses/114432300000000001'],
      ['honest', 'https://fosstodon.org/@honest/114432300000000003'],
    ]);
  });

  it("reads the wait from Mastodon's X-RateLimit-Reset time on a 429", async () => {
    const reset = new Date(Date.now() + 120_000).toISOString();
    fake.once(searchRoute, {
      status: 429,
      headers: { 'x-ratelimit-reset': reset },
      json: { error: 'Too many requests' },
    });
    const error = await searchError(mastodon(), testQuery(window));
    expect(error.kind).toBe('rate_limited');
    expect(error.retryAfterMs).toBeGreaterThan(110_000);
  });

  it('says unauthorized when the instance refuses the token', async () => {
    fake.once(searchRoute, { status: 401, json: { error: 'The access token is invalid' } });
    expect((await searchError(mastodon(), testQuery(window))).kind).toBe('unauthorized');
  });
});

describeSourceFailures('Mastodon', {
  routes,
  searchRoute,
  makeSource: (baseUrl, timeoutMs = testTimeoutMs, clock) =>
    new MastodonSource({
      instanceUrl: 'https://mastodon.invalid',
      baseUrl,
      timeoutMs,
      clock,
      accessToken: 'token',
    }),
});
