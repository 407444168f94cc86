import type { Social } from '@contract/entities';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectFailure,
  expectSuccess,
  startTestServer,
  type TestServer,
  testDatabases,
} from '../../../tests/support/server-harness';

const uuid = expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);

describe.each(testDatabases())('GET /api/socials (%s)', (kind) => {
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer(kind);
    ({ token } = await server.signUpWithWorkspace('listener@example.com'));
  });
  afterAll(() => server?.close());

  const listSocials = async (on: TestServer, as = token) =>
    expectSuccess<Social[]>(await on.request('GET', '/api/socials', { token: as }));

  it('lists Reddit, then Hacker News, discussion forums, when no other network is configured', async () => {
    expect(await listSocials(server)).toStrictEqual([
      { id: uuid, slug: 'reddit', name: 'Reddit', kind: 'discussion_forum' },
      { id: uuid, slug: 'hackernews', name: 'Hacker News', kind: 'discussion_forum' },
    ]);
  });

  it('adds each network whose credentials are set, Reddit first, with its kind; the others stay absent', async () => {
    const configured = await startTestServer(kind, {
      X_BEARER_TOKEN: 'x-token',
      MASTODON_URL: 'https://mastodon.example',
      MASTODON_TOKEN: 'mastodon-token',
      LINKEDIN_PROVIDER_URL: 'https://provider.example/linkedin/search',
      LINKEDIN_PROVIDER_TOKEN: 'provider-token',
    });
    const { token: configuredToken } = await configured.signUpWithWorkspace('configured@example.com');
    expect(await listSocials(configured, configuredToken)).toStrictEqual([
      { id: uuid, slug: 'reddit', name: 'Reddit', kind: 'discussion_forum' },
      { id: uuid, slug: 'hackernews', name: 'Hacker News', kind: 'discussion_forum' },
      { id: uuid, slug: 'x', name: 'X', kind: 'microblogging' },
      { id: uuid, slug: 'mastodon', name: 'Mastodon', kind: 'microblogging' },
      { id: uuid, slug: 'linkedin', name: 'LinkedIn', kind: 'professional_network' },
    ]);
    await configured.close();
  });

  it('lists only the networks SOCIALS enables, in its order, keeping their ids across restarts', async () => {
    const before = await listSocials(server);
    const hackerNewsId = before.find((s) => s.slug === 'hackernews')?.id;

    const onlyHackerNews = await startTestServer(
      kind,
      { SOCIALS: 'hackernews' },
      { database: server.database },
    );
    expect(await listSocials(onlyHackerNews)).toStrictEqual([
      { id: hackerNewsId, slug: 'hackernews', name: 'Hacker News', kind: 'discussion_forum' },
    ]);
    await onlyHackerNews.close();

    const reordered = await startTestServer(
      kind,
      { SOCIALS: 'hackernews,reddit' },
      { database: server.database },
    );
    expect((await listSocials(reordered)).map((s) => s.slug)).toEqual(['hackernews', 'reddit']);
    await reordered.close();

    // Back to the default configuration: the same rows, in the default order.
    const restarted = await startTestServer(kind, {}, { database: server.database });
    expect(await listSocials(restarted)).toStrictEqual(before);
    await restarted.close();
  });

  it('refuses a call without a token', async () => {
    expectFailure(await server.request('GET', '/api/socials'), 401, { code: 'unauthorized' });
  });
});
