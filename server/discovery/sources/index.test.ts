import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testQuery } from '../../../tests/support/source-failure-cases';
import { type FakeSources, startFakeSources } from '../../../tests/support/sources-fake-server';
import { loadEnv } from '../../env';
import { createSources, RedditSource } from './index';

const everyNetwork = {
  X_BEARER_TOKEN: 'x-token',
  BLUESKY_HANDLE: 'radar.bsky.social',
  BLUESKY_APP_PASSWORD: 'app-password',
  MASTODON_URL: 'https://mastodon.example',
  MASTODON_TOKEN: 'mastodon-token',
  LINKEDIN_PROVIDER_URL: 'https://provider.example/linkedin/search',
  LINKEDIN_PROVIDER_TOKEN: 'provider-token',
};
const summary = (env: Record<string, string>) =>
  createSources(loadEnv(env)).map(({ slug, name, kind }) => ({ slug, name, kind }));

describe('createSources', () => {
  it('gives Reddit, then Hacker News, discussion forums, with no key configured', () => {
    expect(summary({})).toEqual([
      { slug: 'reddit', name: 'Reddit', kind: 'discussion_forum' },
      { slug: 'hackernews', name: 'Hacker News', kind: 'discussion_forum' },
    ]);
  });

  it('adds every configured network in the fixed order, each with its kind', () => {
    expect(summary(everyNetwork)).toEqual([
      { slug: 'reddit', name: 'Reddit', kind: 'discussion_forum' },
      { slug: 'hackernews', name: 'Hacker News', kind: 'discussion_forum' },
      { slug: 'x', name: 'X', kind: 'microblogging' },
      { slug: 'bluesky', name: 'Bluesky', kind: 'microblogging' },
      { slug: 'mastodon', name: 'Mastodon', kind: 'microblogging' },
      { slug: 'linkedin', name: 'LinkedIn', kind: 'professional_network' },
    ]);
  });

  it('leaves out a network that is not configured rather than giving a broken one', () => {
    const { X_BEARER_TOKEN: _x, MASTODON_URL: _url, MASTODON_TOKEN: _token, ...some } = everyNetwork;
    expect(summary(some).map((source) => source.slug)).toEqual([
      'reddit',
      'hackernews',
      'bluesky',
      'linkedin',
    ]);
  });

  it('keeps only the networks SOCIALS names, in its order', () => {
    expect(summary({ ...everyNetwork, SOCIALS: 'mastodon,hackernews' }).map((s) => s.slug)).toEqual([
      'mastodon',
      'hackernews',
    ]);
  });

  it('searches Reddit through OAuth only when the client id and secret are set', () => {
    const reddit = (env: Record<string, string>) =>
      createSources(loadEnv(env)).find((s) => s.slug === 'reddit');
    expect((reddit({}) as RedditSource).usesOAuth).toBe(false);
    const withClient = reddit({ REDDIT_CLIENT_ID: 'id', REDDIT_CLIENT_SECRET: 'secret' });
    expect(withClient).toBeInstanceOf(RedditSource);
    expect((withClient as RedditSource).usesOAuth).toBe(true);
  });

  describe('pointed elsewhere', () => {
    let fake: FakeSources;
    beforeAll(async () => {
      fake = await startFakeSources({
        'GET /api/v1/search_by_date': { fixture: 'hackernews/search-by-date.json' },
        'GET /search.json': { fixture: 'reddit/search.json' },
      });
    });
    afterAll(() => fake?.close());

    it('sends each network to the base URL the options or the *_API_URL variables give', async () => {
      const [reddit, hackernews] = createSources(loadEnv({ REDDIT_API_URL: fake.url }), {
        baseUrls: { hackernews: fake.url },
      });
      expect(await hackernews?.search(testQuery())).toHaveLength(3);
      await reddit?.search(testQuery());
      expect(fake.requests.map((request) => request.path)).toEqual([
        '/api/v1/search_by_date',
        '/search.json',
      ]);
    });
  });
});
