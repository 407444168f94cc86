import type { Post } from '@contract/entities';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leftAttempt } from '../../../tests/support/autopilot-seed';
import {
  expectFailure,
  expectSuccess,
  startTestServer,
  type TestServer,
  testDatabases,
} from '../../../tests/support/server-harness';
import { posts, publishAttempts } from '../../db/schema';

describe.each(testDatabases())('approvals and Autopilot (%s)', (kind) => {
  let server: TestServer;
  let token: string;
  let projectId: string;

  beforeAll(async () => {
    server = await startTestServer(kind);
    const owner = await server.signUpWithWorkspace('olive@example.com', 'Olive');
    token = owner.token;
    projectId = (
      await server.seedProject(owner.workspace.id, {
        reviewed: true,
        autopostingSetup: true,
        name: 'Tallybird',
      })
    ).id;
  });
  afterAll(() => server?.close());

  const patch = (path: string, body: unknown) => server.request('PATCH', path, { token, projectId, body });
  const setApproved = (postId: string, approved: boolean) =>
    patch(`/api/posts/approved/${postId}`, { approved });
  const stored = async (postId: string) => {
    const [row] = await server.db.select().from(posts).where(eq(posts.id, postId));
    if (!row) throw new Error('no post');
    return row;
  };

  it('refuses to approve a Hacker News reply: it is posted by hand', async () => {
    const post = await server.seedPost(projectId, { social: 'hackernews', answer: 'A reply' });
    expectFailure(await setApproved(post.id, true), 409, {
      code: 'conflict',
      message: 'Hacker News replies are posted by hand: copy the answer and post it yourself.',
    });
    expect((await stored(post.id)).approved).toBe(false);
    // A Reddit reply of the same project is approved as before.
    const reddit = await server.seedPost(projectId, { social: 'reddit', answer: 'A reply' });
    expect(expectSuccess<Post>(await setApproved(reddit.id, true)).approved).toBe(true);
  });

  it('unapproving clears what the card said about publishing', async () => {
    const post = await server.seedPost(projectId, { approved: true, answer: 'A reply' });
    await server.db
      .update(posts)
      .set({ publishNote: 'Waiting for tomorrow: 5 replies a day are published on Reddit.' })
      .where(eq(posts.id, post.id));
    const unapproved = expectSuccess<Post>(await setApproved(post.id, false));
    expect(unapproved).toMatchObject({ approved: false, publishNote: null });
    expect((await stored(post.id)).publishNote).toBeNull();
  });

  it('refuses to unapprove, edit or rewrite a reply while it is being published, and allows it once that ended', async () => {
    const post = await server.seedPost(projectId, { approved: true, answer: 'The answer being sent' });
    const attempt = await leftAttempt(server.db, post, 'reddit', new Date());
    const being = (what: string) => ({
      code: 'conflict',
      message: `This reply is being published right now, so it cannot be ${what}: try again in a few minutes.`,
    });
    expectFailure(await setApproved(post.id, false), 409, being('unapproved'));
    expectFailure(
      await patch(`/api/posts/${post.id}/update-answer`, { answer: 'Changed' }),
      409,
      being('edited'),
    );
    expectFailure(
      await patch(`/api/posts/regenerate-answer/${post.id}`, { prompt: 'shorter' }),
      409,
      being('rewritten'),
    );
    expect(await stored(post.id)).toMatchObject({ approved: true, answer: 'The answer being sent' });

    // The attempt was found never to have gone out: the reply is the person's again.
    await server.db
      .update(publishAttempts)
      .set({ status: 'abandoned' })
      .where(eq(publishAttempts.id, attempt.id));
    expect(expectSuccess<Post>(await setApproved(post.id, false)).approved).toBe(false);
  });
});
