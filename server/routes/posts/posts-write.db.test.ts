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

describe.each(testDatabases())('changing posts (%s)', (kind) => {
  let server: TestServer;
  let a: Account;
  let b: Account;
  let projectA: string;
  let otherProjectA: string;
  let noAutopostingA: string;
  let unreviewedA: string;
  let projectB: string;
  let mutationCount = 0;
  const newMutationId = () => `mutation-${kind}-${++mutationCount}-${Date.now()}`;

  beforeAll(async () => {
    server = await startTestServer(kind);
    a = await server.signUpWithWorkspace('alice@example.com', 'Alpha');
    b = await server.signUpWithWorkspace('bob@example.com', 'Beta');
    const project = {
      reviewed: true,
      autopostingSetup: true,
      name: 'Invoicely',
      description: 'Invoicely sends polite payment reminders to clients who pay late.',
      goal: 'Find agency owners whose clients pay late',
      tov: 'Write in a plain, helpful voice, in short, direct sentences, without exclamation marks.',
    };
    projectA = (
      await server.seedProject(a.workspace.id, { ...project, createdAt: new Date(Date.now() - 60_000) })
    ).id;
    otherProjectA = (await server.seedProject(a.workspace.id, { ...project, name: 'Second' })).id;
    noAutopostingA = (await server.seedProject(a.workspace.id, { ...project, autopostingSetup: false })).id;
    unreviewedA = (await server.seedProject(a.workspace.id, { name: 'Draft' })).id;
    projectB = (await server.seedProject(b.workspace.id, project)).id;
  });
  afterAll(() => server?.close());

  const patch = (path: string, body: unknown, projectId = projectA, token = a.token) =>
    server.request('PATCH', path, { token, body, projectId });
  const updateAnswer = (postId: string, body: unknown, projectId?: string, token?: string) =>
    patch(`/api/posts/${postId}/update-answer`, body, projectId, token);
  const setApproved = (postId: string, body: unknown, projectId?: string, token?: string) =>
    patch(`/api/posts/approved/${postId}`, body, projectId, token);
  const regenerate = (postId: string, prompt: string, projectId?: string, token?: string) =>
    patch(`/api/posts/regenerate-answer/${postId}`, { prompt }, projectId, token);
  const stored = async (postId: string) => {
    const [row] = await server.db.select().from(posts).where(eq(posts.id, postId));
    if (!row) throw new Error('post not found');
    return row;
  };

  describe('update-answer', () => {
    it('stores the answer on the current version and raises the version', async () => {
      const post = await server.seedPost(projectA, { answer: 'First draft', answerVersion: 2 });
      const updated = expectSuccess<Post>(await updateAnswer(post.id, { answer: 'Edited', baseVersion: 2 }));
      expect(updated).toStrictEqual({
        id: post.id,
        author: post.author,
        keyword: post.keyword,
        published_date: post.publishedDate.toISOString(),
        title: null,
        content: post.content,
        url: post.url,
        answer: 'Edited',
        approved: false,
        published: false,
        answerVersion: 3,
        score: null,
        reason: null,
        publishedAt: null,
        replyUrl: null,
        publishNote: null,
      });
      expect((await stored(post.id)).answer).toBe('Edited');
    });

    it('refuses an edit based on an older version with 409 and the stored answer and version', async () => {
      const post = await server.seedPost(projectA, { answer: 'Theirs', answerVersion: 5 });
      const response = await updateAnswer(post.id, { answer: 'Mine', baseVersion: 4 });
      expect(response.status).toBe(409);
      expect(response.body).toStrictEqual({
        success: false,
        data: expect.objectContaining({ id: post.id, answer: 'Theirs', answerVersion: 5 }),
        error: {
          code: 'conflict',
          message: 'This answer was changed elsewhere since your edit began: choose which text to keep',
          field: 'baseVersion',
        },
      });
      expect(await stored(post.id)).toMatchObject({ answer: 'Theirs', answerVersion: 5 });
      // Keeping their own text: the person sends it again on the version they have now seen.
      const kept = expectSuccess<Post>(await updateAnswer(post.id, { answer: 'Mine', baseVersion: 5 }));
      expect(kept).toMatchObject({ answer: 'Mine', answerVersion: 6 });
      // A base the server never had (ahead of it) is no version the edit can have been based on.
      const ahead = await updateAnswer(post.id, { answer: 'Ahead', baseVersion: 9 });
      expect(ahead.status).toBe(409);
      expect(ahead.body.data).toMatchObject({ answer: 'Mine', answerVersion: 6 });
    });

    it('lets the last write win without a base version, and leaves an unchanged answer alone', async () => {
      const post = await server.seedPost(projectA, { answer: 'One', answerVersion: 1 });
      expect(expectSuccess<Post>(await updateAnswer(post.id, { answer: 'Two' }))).toMatchObject({
        answer: 'Two',
        answerVersion: 2,
      });
      expect(
        expectSuccess<Post>(await updateAnswer(post.id, { answer: 'Two', baseVersion: 1 })),
      ).toMatchObject({
        answer: 'Two',
        answerVersion: 2,
      });
    });

    it('applies a mutation id once: a replay gets the same result and the version is raised once', async () => {
      const post = await server.seedPost(projectA, { answer: 'Before', answerVersion: 0 });
      const mutationId = newMutationId();
      const first = await updateAnswer(post.id, { answer: 'After', mutationId, baseVersion: 0 });
      const firstPost = expectSuccess<Post>(first);
      expect(firstPost.answerVersion).toBe(1);
      // The response was lost; the outbox sends it again, even after a later edit landed.
      expectSuccess(await updateAnswer(post.id, { answer: 'Later', baseVersion: 1 }));
      const replay = await updateAnswer(post.id, { answer: 'After', mutationId, baseVersion: 0 });
      expect(replay.status).toBe(200);
      expect(replay.body).toStrictEqual(first.body);
      expect(await stored(post.id)).toMatchObject({ answer: 'Later', answerVersion: 2 });
    });

    it('applies concurrent duplicates of one mutation once', async () => {
      const post = await server.seedPost(projectA, { answer: 'Before', answerVersion: 0 });
      const mutationId = newMutationId();
      const responses = await Promise.all(
        Array.from({ length: 5 }, () =>
          updateAnswer(post.id, { answer: 'Once', mutationId, baseVersion: 0 }),
        ),
      );
      for (const response of responses) {
        expect(response.status, JSON.stringify(response.body)).toBe(200);
        expect(response.body).toStrictEqual(responses[0]?.body);
      }
      expect(await stored(post.id)).toMatchObject({ answer: 'Once', answerVersion: 1 });
      const records = await server.db
        .select()
        .from(appliedMutations)
        .where(eq(appliedMutations.mutationId, mutationId));
      expect(records).toHaveLength(1);
    });

    it('of five edits begun on one version and sent at once, one applies and four are conflicts', async () => {
      const post = await server.seedPost(projectA, { answer: 'Before', answerVersion: 0 });
      const responses = await Promise.all(
        Array.from({ length: 5 }, (_, index) =>
          updateAnswer(post.id, { answer: `Teammate ${index}`, mutationId: newMutationId(), baseVersion: 0 }),
        ),
      );
      const applied = responses.filter((response) => response.status === 200);
      expect(applied).toHaveLength(1);
      const winner = expectSuccess<Post>(applied[0] as (typeof responses)[number]);
      for (const response of responses.filter((each) => each.status !== 200)) {
        expect(response.status, JSON.stringify(response.body)).toBe(409);
        // Each is told of the conflict and shown the text that won, to choose which to keep.
        expect(response.body).toMatchObject({
          error: {
            code: 'conflict',
            field: 'baseVersion',
            message: expect.stringMatching(/changed elsewhere/),
          },
          data: { answer: winner.answer, answerVersion: 1 },
        });
      }
      expect(await stored(post.id)).toMatchObject({ answer: winner.answer, answerVersion: 1 });
    });

    it('refuses a mutation id reused for another post or another call', async () => {
      const [one, two] = [await server.seedPost(projectA), await server.seedPost(projectA)];
      if (!one || !two) throw new Error('seeding failed');
      const mutationId = newMutationId();
      expectSuccess(await updateAnswer(one.id, { answer: 'Applied', mutationId }));
      const reused = { code: 'conflict', field: 'mutationId', message: /already used for another change/ };
      expectFailure(await updateAnswer(two.id, { answer: 'Other', mutationId }), 409, reused);
      expectFailure(await setApproved(one.id, { approved: true, mutationId }), 409, reused);
      expect((await stored(two.id)).answer).toBe('');
      expect((await stored(one.id)).approved).toBe(false);
    });

    it('refuses to change a published answer', async () => {
      const post = await server.seedPost(projectA, { answer: 'Sent', approved: true, published: true });
      expectFailure(await updateAnswer(post.id, { answer: 'Changed' }), 409, {
        code: 'conflict',
        message: 'This post is already published: its answer cannot change',
      });
    });
  });

  describe('approved', () => {
    it('sets approval to the value sent, never toggles', async () => {
      const post = await server.seedPost(projectA);
      for (const approved of [true, true, false, false, true]) {
        expect(expectSuccess<Post>(await setApproved(post.id, { approved }))).toMatchObject({
          id: post.id,
          approved,
          answerVersion: 0,
        });
        expect((await stored(post.id)).approved).toBe(approved);
      }
    });

    it('applies a mutation id once, also when duplicates arrive together', async () => {
      const post = await server.seedPost(projectA);
      const mutationId = newMutationId();
      const responses = await Promise.all(
        Array.from({ length: 4 }, () => setApproved(post.id, { approved: true, mutationId })),
      );
      for (const response of responses) expect(response.body).toStrictEqual(responses[0]?.body);
      expect(responses[0]?.body.data.approved).toBe(true);
      expectSuccess(await setApproved(post.id, { approved: false }));
      // A late replay of the approval returns its result without approving again.
      const replay = expectSuccess<Post>(await setApproved(post.id, { approved: true, mutationId }));
      expect(replay.approved).toBe(true);
      expect((await stored(post.id)).approved).toBe(false);
    });

    it('keeps a published post as it is', async () => {
      const post = await server.seedPost(projectA, { approved: true, published: true });
      expectFailure(await setApproved(post.id, { approved: false }), 409, {
        code: 'conflict',
        message: 'This post is already published: its approval cannot change',
      });
      expect((await stored(post.id)).approved).toBe(true);
    });

    it('approves only once autoposting is set up; unapproving is always allowed', async () => {
      const fresh = await server.seedPost(noAutopostingA);
      expectFailure(await setApproved(fresh.id, { approved: true }, noAutopostingA), 409, {
        code: 'conflict',
        message: 'Set up autoposting first: approved replies are published by it',
      });
      expect((await stored(fresh.id)).approved).toBe(false);
      const approved = await server.seedPost(noAutopostingA, { approved: true });
      expect(
        expectSuccess<Post>(await setApproved(approved.id, { approved: false }, noAutopostingA)).approved,
      ).toBe(false);
    });
  });

  describe('regenerate-answer', () => {
    it("drafts a new answer from the post and the project's voice, stores it and raises the version", async () => {
      const late = await server.seedPost(projectA, {
        keyword: 'late payments',
        title: 'How do you chase late payments?',
        content: 'Three clients are 60 days overdue. How do you chase late payments without ruining things?',
        answerVersion: 3,
      });
      const tools = await server.seedPost(projectA, {
        keyword: 'project management',
        title: 'Best project management tool for a remote team?',
        content: 'We tried two big names but nothing sticks.',
      });
      const first = expectSuccess<{ answer: string; answerVersion: number }>(await regenerate(late.id, ''));
      const second = expectSuccess<{ answer: string; answerVersion: number }>(await regenerate(tools.id, ''));
      expect(first.answerVersion).toBe(4);
      expect(second.answerVersion).toBe(1);
      expect(first.answer).not.toBe(second.answer);
      expect(first.answer).toContain('late payments');
      expect(second.answer).toContain('project management');
      // The product is named at most once, and only with a disclosure (decisions 032, 066).
      for (const answer of [first.answer, second.answer]) {
        expect(answer.split('Invoicely').length).toBeLessThanOrEqual(2);
        if (answer.includes('Invoicely')) expect(answer).toMatch(/disclosure|I work on|we make/i);
      }
      expect(await stored(late.id)).toMatchObject({ answer: first.answer, answerVersion: 4 });

      const shorter = expectSuccess<{ answer: string; answerVersion: number }>(
        await regenerate(late.id, 'shorter, mention the free plan'),
      );
      expect(shorter.answerVersion).toBe(5);
      expect(shorter.answer).toContain('the free plan');
    });

    it('refuses to rewrite a published answer', async () => {
      const post = await server.seedPost(projectA, { answer: 'Sent', approved: true, published: true });
      expectFailure(await regenerate(post.id, ''), 409, {
        code: 'conflict',
        message: 'This post is already published: its answer cannot change',
      });
    });
  });

  describe('scope', () => {
    it("answers 404 naming postId for another workspace's or project's post, and leaves it alone", async () => {
      const post = await server.seedPost(projectA, { answer: 'Private', answerVersion: 1 });
      const notFound = {
        code: 'not_found',
        message: 'There is no such post in this project',
        field: 'postId',
      };
      for (const [projectId, token] of [
        [projectB, b.token],
        [otherProjectA, a.token],
      ] as const) {
        expectFailure(
          await updateAnswer(post.id, { answer: 'Taken', mutationId: newMutationId() }, projectId, token),
          404,
          notFound,
        );
        expectFailure(await setApproved(post.id, { approved: true }, projectId, token), 404, notFound);
        expectFailure(await regenerate(post.id, '', projectId, token), 404, notFound);
      }
      expect(await stored(post.id)).toMatchObject({ answer: 'Private', answerVersion: 1, approved: false });
      expectFailure(await updateAnswer('not-a-post-id', { answer: 'x' }), 404, notFound);
      expectFailure(
        await setApproved('00000000-0000-4000-8000-000000000000', { approved: true }),
        404,
        notFound,
      );
    });

    it("refuses another workspace's project-id with 403, and a replayed mutation id of another workspace", async () => {
      const post = await server.seedPost(projectA);
      expectFailure(await updateAnswer(post.id, { answer: 'x' }, projectA, b.token), 403, {
        code: 'forbidden',
        field: 'project-id',
      });
      const mutationId = newMutationId();
      expectSuccess(await setApproved(post.id, { approved: true, mutationId }));
      const theirs = await server.seedPost(projectB);
      expectFailure(await setApproved(theirs.id, { approved: true, mutationId }, projectB, b.token), 409, {
        code: 'conflict',
        field: 'mutationId',
      });
    });

    it('answers 409 until the project is reviewed, and 400 without project-id', async () => {
      const post = await server.seedPost(unreviewedA);
      const review = {
        code: 'conflict',
        message: 'Review the project first: posts are found once it is saved',
      };
      expectFailure(await updateAnswer(post.id, { answer: 'x' }, unreviewedA), 409, review);
      expectFailure(await setApproved(post.id, { approved: false }, unreviewedA), 409, review);
      expectFailure(await regenerate(post.id, '', unreviewedA), 409, review);
      const withoutHeader = await server.request('PATCH', `/api/posts/${post.id}/update-answer`, {
        token: a.token,
        body: { answer: 'x' },
      });
      expectFailure(withoutHeader, 400, { code: 'bad_request', field: 'project-id' });
    });

    it('parses the body with the contract', async () => {
      const post = await server.seedPost(projectA);
      expectFailure(await setApproved(post.id, { approved: 'yes' }), 400, {
        code: 'bad_request',
        field: 'approved',
      });
      expectFailure(await updateAnswer(post.id, { answer: 'x', baseVersion: -1 }), 400, {
        code: 'bad_request',
        field: 'baseVersion',
      });
      expectFailure(await updateAnswer(post.id, { answer: 'x', mutationId: 'short' }), 400, {
        code: 'bad_request',
        field: 'mutationId',
      });
    });
  });
});
