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

  const listSocials = async (on: TestServer) =>
    expectSuccess<Social[]>(await on.request('GET', '/api/socials', { token }));

  it('lists Reddit, then Hacker News, by default', async () => {
    expect(await listSocials(server)).toStrictEqual([
      { id: uuid, slug: 'reddit', name: 'Reddit' },
      { id: uuid, slug: 'hackernews', name: 'Hacker News' },
    ]);
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
      { id: hackerNewsId, slug: 'hackernews', name: 'Hacker News' },
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
