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
import { appliedMutations, posts } from '../../db/schema';

type Account = Awaited<ReturnType<TestServer['signUpWithWorkspace']>>;

describe.each(testDatabases())("the person's signals on found posts (%s)", (kind) => {
  let server: TestServer;
  let a: Account;
  let b: Account;
  let projectA: string;
  let projectB: string;
  let count = 0;
  const newMutationId = () => `signal-${kind}-${++count}-${Date.now()}`;

  beforeAll(async () => {
    server = await startTestServer(kind);
    a = await server.signUpWithWorkspace('alice@example.com', 'Alpha');
    b = await server.signUpWithWorkspace('bob@example.com', 'Beta');
    projectA = (await server.seedProject(a.workspace.id, { reviewed: true })).id;
    projectB = (await server.seedProject(b.workspace.id, { reviewed: true })).id;
  });
  afterAll(() => server?.close());

  const setRelevance = (postId: string, body: unknown, projectId = projectA, token = a.token) =>
    server.request('PATCH', `/api/posts/${postId}/relevance`, { token, body, projectId });
  const markCopied = (postId: string, body: unknown, projectId = projectA, token = a.token) =>
    server.request('POST', `/api/posts/${postId}/copied`, { token, body, projectId });
  const list = async (path: string) =>
    expectSuccess<unknown>(await server.request('GET', path, { token: a.token, projectId: projectA }));
  const stored = async (postId: string) => {
    const [row] = await server.db.select().from(posts).where(eq(posts.id, postId));
    if (!row) throw new Error('post not found');
    return row;
  };

  it("hides a post marked 'Not relevant' from the day's posts, keywords and dates", async () => {
    const day = '2025-04-02';
    const kept = await server.seedPost(projectA, { keyword: 'late invoices', foundDate: day });
    const hidden = await server.seedPost(projectA, { keyword: 'invoice reminders', foundDate: day });
    const alone = await server.seedPost(projectA, { keyword: 'late invoices', foundDate: '2025-04-01' });

    for (const post of [hidden, alone])
      expect(
        expectSuccess<Post>(await setRelevance(post.id, { relevant: false, mutationId: newMutationId() })),
      ).toMatchObject({ id: post.id });

    const listed = (await list(`/api/posts/reddit?found_date=${day}`)) as Post[];
    expect(listed.map((post) => post.id)).toStrictEqual([kept.id]);
    expect(await list(`/api/posts/reddit?found_date=${day}&keyword=invoice%20reminders`)).toStrictEqual([]);
    expect(await list(`/api/posts/meta/keywords?found_date=${day}`)).toStrictEqual({
      keywords: [{ name: 'late invoices' }],
    });
    const dates = (await list('/api/posts/meta/dates')) as { foundDates: string[] };
    expect(dates.foundDates).toContain(day);
    expect(dates.foundDates).not.toContain('2025-04-01');

    // Taking the mark back shows the post again.
    expectSuccess(await setRelevance(hidden.id, { relevant: null, mutationId: newMutationId() }));
    const again = (await list(`/api/posts/reddit?found_date=${day}`)) as Post[];
    expect(again.map((post) => post.id).sort()).toStrictEqual([kept.id, hidden.id].sort());
  });

  it('applies a relevance mark once: a replay after a later change does not hide the post again', async () => {
    const post = await server.seedPost(projectA);
    const mutationId = newMutationId();
    const first = await setRelevance(post.id, { relevant: false, mutationId });
    expect(first.status).toBe(200);
    expectSuccess(await setRelevance(post.id, { relevant: null, mutationId: newMutationId() }));
    const replay = await setRelevance(post.id, { relevant: false, mutationId });
    expect(replay.body).toStrictEqual(first.body);
    expect((await stored(post.id)).relevant).toBeNull();
    const records = await server.db
      .select()
      .from(appliedMutations)
      .where(eq(appliedMutations.mutationId, mutationId));
    expect(records.map((record) => record.route)).toStrictEqual(['relevance']);
  });

  it('keeps the first copy of an answer, however many times it is sent', async () => {
    const post = await server.seedPost(projectA);
    const mutationId = newMutationId();
    expectSuccess(await markCopied(post.id, { mutationId }));
    const firstCopy = (await stored(post.id)).copiedAt;
    expect(firstCopy).toBeInstanceOf(Date);
    expectSuccess(await markCopied(post.id, { mutationId }));
    expectSuccess(await markCopied(post.id, { mutationId: newMutationId() }));
    expect((await stored(post.id)).copiedAt).toStrictEqual(firstCopy);
  });

  it('refuses a relevance without a yes, no or null, naming the field', async () => {
    const post = await server.seedPost(projectA);
    expectFailure(await setRelevance(post.id, { relevant: 'no' }), 400, {
      code: 'bad_request',
      field: 'relevant',
    });
    expectFailure(await setRelevance(post.id, {}), 400, { code: 'bad_request', field: 'relevant' });
    expect((await stored(post.id)).relevant).toBeNull();
  });

  it("answers 404 for another workspace's post, and changes nothing", async () => {
    const theirs = await server.seedPost(projectB);
    expectFailure(await setRelevance(theirs.id, { relevant: false }), 404, {
      code: 'not_found',
      field: 'postId',
    });
    expectFailure(await markCopied(theirs.id, {}), 404, { code: 'not_found', field: 'postId' });
    expect(await stored(theirs.id)).toMatchObject({ relevant: null, copiedAt: null });
    // Bob sees his post still.
    const listed = expectSuccess<Post[]>(
      await server.request('GET', `/api/posts/reddit?found_date=${theirs.foundDate}`, {
        token: b.token,
        projectId: projectB,
      }),
    );
    expect(listed.map((post) => post.id)).toContain(theirs.id);
  });
});
