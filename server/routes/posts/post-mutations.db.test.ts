import type { PostMutationResult } from '@contract/post-mutations';
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
type Batch = { results: PostMutationResult[] };

/** Counts the statements sent to the database (each a round trip) while `run` runs. */
async function roundTrips(server: TestServer, run: () => Promise<unknown>): Promise<number> {
  type Method = (...args: unknown[]) => Promise<unknown>;
  // The driver under drizzle: PGlite's client, or the pool of `pg`.
  const client = (server.db as unknown as { $client: Record<string, Method> }).$client;
  const originals = ['query', 'exec', 'transaction'].flatMap((name) => {
    const original = client[name];
    return original ? [[name, original] as const] : [];
  });
  let count = 0;
  for (const [name, original] of originals) {
    client[name] = (...args: unknown[]) => {
      count += 1;
      return original.apply(client, args);
    };
  }
  try {
    await run();
  } finally {
    for (const [name, original] of originals) client[name] = original;
  }
  return count;
}

describe.each(testDatabases())("the outbox's batch of changes (%s)", (kind) => {
  let server: TestServer;
  let a: Account;
  let b: Account;
  let projectA: string;
  let projectB: string;
  let count = 0;
  const newMutationId = () => `batch-${kind}-${++count}-${Date.now()}`;

  beforeAll(async () => {
    server = await startTestServer(kind);
    a = await server.signUpWithWorkspace('alice@example.com', 'Alpha');
    b = await server.signUpWithWorkspace('bob@example.com', 'Beta');
    projectA = (await server.seedProject(a.workspace.id, { reviewed: true, autopostingSetup: true })).id;
    projectB = (await server.seedProject(b.workspace.id, { reviewed: true, autopostingSetup: true })).id;
  });
  afterAll(() => server?.close());

  const send = (mutations: unknown[], projectId = projectA, token = a.token) =>
    server.request('POST', '/api/posts/mutations', { token, body: { mutations }, projectId });
  const stored = async (postId: string) => {
    const [row] = await server.db.select().from(posts).where(eq(posts.id, postId));
    if (!row) throw new Error('post not found');
    return row;
  };

  it('applies a change of each kind in one request, each with its own result', async () => {
    const [one, two, three] = await Promise.all([
      server.seedPost(projectA, { answer: 'First draft', answerVersion: 1 }),
      server.seedPost(projectA, {}),
      server.seedPost(projectA, {}),
    ]);
    if (!one || !two || !three) throw new Error('seeded');
    const mutations = [
      { kind: 'answer', postId: one.id, mutationId: newMutationId(), answer: 'Edited', baseVersion: 1 },
      { kind: 'approval', postId: two.id, mutationId: newMutationId(), approved: true },
      { kind: 'relevance', postId: three.id, mutationId: newMutationId(), relevant: false },
      { kind: 'copied', postId: one.id, mutationId: newMutationId() },
    ];
    const { results } = expectSuccess<Batch>(await send(mutations));

    expect(results.map((result) => [result.mutationId, result.status, result.error])).toEqual(
      mutations.map((mutation) => [mutation.mutationId, 200, null]),
    );
    expect(results[0]?.post).toMatchObject({ id: one.id, answer: 'Edited', answerVersion: 2 });
    expect(results[1]?.post).toMatchObject({ id: two.id, approved: true });
    expect(results[3]?.post).toMatchObject({ id: one.id, answer: 'Edited' });
    expect(await stored(one.id)).toMatchObject({ answer: 'Edited', answerVersion: 2 });
    expect((await stored(one.id)).copiedAt).toBeInstanceOf(Date);
    expect(await stored(two.id)).toMatchObject({ approved: true });
    expect(await stored(three.id)).toMatchObject({ relevant: false });
  });

  it('answers a refused change in its result and applies the others', async () => {
    const [conflicting, published, fine] = await Promise.all([
      server.seedPost(projectA, { answer: 'Stored elsewhere', answerVersion: 4 }),
      server.seedPost(projectA, { answer: 'Sent', published: true }),
      server.seedPost(projectA, { answer: 'Draft' }),
    ]);
    if (!conflicting || !published || !fine) throw new Error('seeded');
    const { results } = expectSuccess<Batch>(
      await send([
        {
          kind: 'answer',
          postId: conflicting.id,
          mutationId: newMutationId(),
          answer: 'Mine',
          baseVersion: 3,
        },
        { kind: 'answer', postId: published.id, mutationId: newMutationId(), answer: 'Too late' },
        {
          kind: 'answer',
          postId: '8f0c2d52-8d8e-4f8a-9d55-1c1f3f0a7b21',
          mutationId: newMutationId(),
          answer: 'x',
        },
        { kind: 'answer', postId: fine.id, mutationId: newMutationId(), answer: 'Kept' },
      ]),
    );

    expect(results[0]).toMatchObject({
      status: 409,
      error: {
        code: 'conflict',
        message: 'This answer was changed elsewhere since your edit began: choose which text to keep',
        field: 'baseVersion',
      },
      post: { id: conflicting.id, answer: 'Stored elsewhere', answerVersion: 4 },
    });
    expect(results[1]).toMatchObject({
      status: 409,
      post: null,
      error: { message: 'This post is already published: its answer cannot change' },
    });
    expect(results[2]).toMatchObject({
      status: 404,
      error: { message: 'There is no such post in this project', field: 'postId' },
    });
    expect(results[3]).toMatchObject({ status: 200, post: { answer: 'Kept' } });
    expect(await stored(conflicting.id)).toMatchObject({ answer: 'Stored elsewhere', answerVersion: 4 });
  });

  it('applies a batch sent twice once: the second answers the first results', async () => {
    const post = await server.seedPost(projectA, { answer: 'Draft', answerVersion: 0 });
    const mutations = [
      { kind: 'answer', postId: post.id, mutationId: newMutationId(), answer: 'Once', baseVersion: 0 },
      { kind: 'approval', postId: post.id, mutationId: newMutationId(), approved: true },
    ];
    const first = expectSuccess<Batch>(await send(mutations));
    // The other device moves on meanwhile; the replay still answers what was applied then.
    await server.db.update(posts).set({ answer: 'Later', answerVersion: 7 }).where(eq(posts.id, post.id));
    const again = expectSuccess<Batch>(await send(mutations));

    expect(again.results).toEqual(first.results);
    expect(first.results[1]?.post).toMatchObject({ answer: 'Once', answerVersion: 1, approved: true });
    const records = await server.db
      .select()
      .from(appliedMutations)
      .where(eq(appliedMutations.postId, post.id));
    expect(records).toHaveLength(2);
  });

  it("applies changes to one post in their order, and answers another project's post as missing", async () => {
    const post = await server.seedPost(projectA, { answer: 'Draft', answerVersion: 0 });
    const theirs = await server.seedPost(projectB, { answer: 'Theirs' });
    const { results } = expectSuccess<Batch>(
      await send([
        { kind: 'answer', postId: post.id, mutationId: newMutationId(), answer: 'One', baseVersion: 0 },
        { kind: 'answer', postId: post.id, mutationId: newMutationId(), answer: 'Two', baseVersion: 1 },
        { kind: 'answer', postId: theirs.id, mutationId: newMutationId(), answer: 'Mine now' },
      ]),
    );

    expect(results.map((result) => result.status)).toEqual([200, 200, 404]);
    expect(results[1]?.post).toMatchObject({ answer: 'Two', answerVersion: 2 });
    expect(await stored(theirs.id)).toMatchObject({ answer: 'Theirs' });
  });

  it('refuses a batch whose changes share a mutation id, naming the change, and applies none', async () => {
    const post = await server.seedPost(projectA, { answer: 'Draft' });
    const mutationId = newMutationId();
    const response = await send([
      { kind: 'answer', postId: post.id, mutationId, answer: 'One' },
      { kind: 'approval', postId: post.id, mutationId, approved: true },
    ]);
    expectFailure(response, 400, {
      code: 'bad_request',
      message: 'Each change needs its own mutation id',
      field: 'mutations.1.mutationId',
    });
    expect(await stored(post.id)).toMatchObject({ answer: 'Draft', approved: false });
  });

  it('refuses a change it does not know, naming the field', async () => {
    const post = await server.seedPost(projectA, {});
    const response = await send([{ kind: 'delete', postId: post.id, mutationId: newMutationId() }]);
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({ code: 'bad_request', field: 'mutations.0.kind' });
  });

  it('applies batches from several devices changing the same posts at once, in opposite orders', async () => {
    const seeded = await Promise.all(Array.from({ length: 10 }, () => server.seedPost(projectA, {})));
    const batch = (device: number) =>
      (device % 2 === 0 ? seeded : [...seeded].reverse()).map((post) => ({
        kind: 'answer',
        postId: post.id,
        mutationId: newMutationId(),
        answer: `From device ${device}`,
      }));
    const responses = await Promise.all(Array.from({ length: 6 }, (_, device) => send(batch(device))));

    for (const response of responses)
      expect(expectSuccess<Batch>(response).results.map((result) => result.status)).toEqual(
        Array(10).fill(200),
      );
  });

  it('costs the database one round trip for a batch of ten edits, two when some are refused', async () => {
    const seeded = await Promise.all(
      Array.from({ length: 10 }, (_, index) => server.seedPost(projectA, { answer: `Draft ${index}` })),
    );
    // The principal is read once and kept: the first request pays for it.
    expectSuccess(await send([{ kind: 'copied', postId: seeded[0]?.id, mutationId: newMutationId() }]));
    const edits = (text: string) =>
      seeded.map((post) => ({ kind: 'answer', postId: post.id, mutationId: newMutationId(), answer: text }));

    let response = await send([]);
    const applying = await roundTrips(server, async () => {
      response = await send(edits('Edited'));
    });
    expect(expectSuccess<Batch>(response).results.every((result) => result.status === 200)).toBe(true);
    expect(applying).toBe(1);

    await server.db
      .update(posts)
      .set({ published: true })
      .where(eq(posts.id, seeded[0]?.id ?? ''));
    const someRefused = await roundTrips(server, async () => {
      response = await send(edits('Edited again'));
    });
    expect(expectSuccess<Batch>(response).results.map((result) => result.status)).toEqual([
      409, 200, 200, 200, 200, 200, 200, 200, 200, 200,
    ]);
    expect(someRefused).toBe(2);
  });
});
