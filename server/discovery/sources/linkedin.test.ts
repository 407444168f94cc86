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
import { LinkedInSource } from './linkedin';

const searchRoute = 'GET /v1/linkedin/posts';
const routes = { [searchRoute]: { fixture: 'linkedin/search.json' } };

describe('LinkedIn source (through a data provider)', () => {
  let fake: FakeSources;

  beforeAll(async () => {
    fake = await startFakeSources(routes);
  });
  afterAll(() => fake?.close());

  const linkedin = () =>
    new LinkedInSource({
      providerUrl: `${fake.url}/v1/linkedin/posts`,
      token: 'provider-token',
      timeoutMs: 2_000,
    });

  it('is a professional network named LinkedIn', () => {
    const source = linkedin();
    expect([source.slug, source.name, source.kind]).toEqual(['linkedin', 'LinkedIn', 'professional_network']);
  });

  it('asks the provider endpoint for the keyword, the window, the limit and the authors, with the token', async () => {
    const since = new Date('2025-05-01T00:00:00Z');
    const until = new Date('2025-05-02T00:00:00Z');
    const filter = { all: [], exclude: [], sites: [], authors: ['marialopez'], source: 'author:marialopez' };
    await linkedin().search(testQuery({ keyword: 'social listening', since, until, limit: 15, filter }));
    const request = fake.requestsTo(searchRoute).at(-1);
    expect(request?.headers.authorization).toBe('Bearer provider-token');
    expect(Object.fromEntries(request?.query ?? [])).toEqual({
      q: 'social listening',
      since: '2025-05-01T00:00:00.000Z',
      until: '2025-05-02T00:00:00.000Z',
      limit: '15',
      authors: 'marialopez',
    });
  });

  it('maps the documented answer to posts, dropping those without author and flagging removed ones', async () => {
    const posts = await linkedin().search(testQuery());
    expect(posts).toEqual([
      {
        externalId: 'urn:li:activity:7323000000000000001',
        network: 'linkedin',
        author: 'Maria Lopez',
        title: null,
        content: "We're evaluating social listening platforms for our B2B team.\nWhat worked for you?",
        url: 'https://www.linkedin.com/feed/update/urn:li:activity:7323000000000000001/',
        publishedAt: new Date('2025-05-01T08:15:00Z'),
        engagement: { likes: 31, comments: 12, reposts: 2 },
        deleted: false,
        bot: false,
      },
      expect.objectContaining({ externalId: 'urn:li:activity:7323000000000000003', deleted: true }),
    ]);
  });

  it('drops a post whose link is not http(s)', async () => {
    const answer = JSON.parse(sourceFixture('linkedin/search.json')) as { posts: Array<{ url: string }> };
    const [first] = answer.posts;
    if (!first) throw new Error('the fixture has no post');
    first.url = 'javascript:alert(document.cookie)';
    fake.once(searchRoute, { json: answer });
    const posts = await linkedin().search(testQuery());
    expect(posts.map((post) => post.externalId)).toEqual(['urn:li:activity:7323000000000000003']);
  });
});

describeSourceFailures('LinkedIn provider', {
  routes,
  searchRoute,
  makeSource: (baseUrl, timeoutMs = testTimeoutMs, clock) =>
    new LinkedInSource({ providerUrl: `${baseUrl}/v1/linkedin/posts`, timeoutMs, clock, token: 'token' }),
});
