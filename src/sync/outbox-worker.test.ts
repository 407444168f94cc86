// @vitest-environment node
import 'fake-indexeddb/auto';
import type { AuthSession } from '@contract/auth';
import type { Post } from '@contract/entities';
import { FakeApiServer, type Fault, serverPost } from '@tests/support/fake-api-server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MirrorDb } from '@/db/mirror';
import { writePosts } from '@/db/mirror-writes';
import { editAnswer, setApproval } from '@/sync/answer-outbox';
import { OutboxNotSentError, sendOutboxFromWorker, type WorkerOutboxOptions } from '@/sync/outbox-worker';
import { createSyncEngine } from '@/sync/sync-engine';

const open: MirrorDb[] = [];
afterEach(() => {
  for (const db of open.splice(0)) db.close();
  vi.unstubAllGlobals();
});

const a = serverPost({ id: 'a', answer: 'First draft.' });
const b = serverPost({ id: 'b' });

function session(token: string, expiresAt = 3_600_000): AuthSession {
  return {
    token,
    expiresAt,
    user: { id: 'u1', username: null, emailAddresses: [], primaryEmailAddressId: null },
    activeWorkspaceId: 'w1',
    memberships: [],
    emailVerified: true,
    invitations: [],
  };
}

async function setup(posts: Post[] = [a, b], faults: Fault[] = []) {
  const db = new MirrorDb(`worker-${crypto.randomUUID()}`);
  open.push(db);
  await writePosts(db, { projectId: 'p1', social: 'reddit', foundDate: '2026-03-05' }, posts);
  const server = new FakeApiServer(posts);
  server.faults = faults;
  const registerBackgroundSync = vi.fn();
  const mintSession = vi.fn(async () => session('token-1'));
  const options: WorkerOutboxOptions = {
    authMode: 'local',
    db,
    api: server,
    mintSession,
    now: () => 0,
    sleep: async () => undefined,
    random: () => 0.5,
    withLock: (drain) => drain(),
    registerBackgroundSync,
  };
  return { db, server, options, mintSession, registerBackgroundSync };
}

/** What a person would see waiting: the outbox rows by kind and post. */
async function waiting(db: MirrorDb): Promise<string[]> {
  return (await db.outbox.orderBy('seq').toArray()).map((row) => `${row.kind} ${row.postId}`);
}

describe('the service worker sends the outbox with no tab open', () => {
  it('edits are sent with no tab open', async () => {
    const { db, server, options } = await setup();
    for (let n = 1; n <= 5; n += 1) await editAnswer(db, 'a', `Queued edit ${n}`);
    await setApproval(db, 'b', true);

    expect(await sendOutboxFromWorker(options)).toBe('sent');

    expect(server.posts.get('a')).toMatchObject({ answer: 'Queued edit 5', answerVersion: 2 });
    expect(server.posts.get('b')).toMatchObject({ approved: true });
    expect([...server.applications.values()].every((count) => count === 1)).toBe(true);
    expect(server.requests.map((request) => request.projectId)).toEqual(['p1', 'p1']);
    expect(await waiting(db)).toEqual([]);
    expect(await db.posts.get('a')).toMatchObject({ answer: 'Queued edit 5', syncState: 'synced' });
  });

  it('with the server out of reach it keeps every row and fails, so the browser wakes it again', async () => {
    const { db, server, options, registerBackgroundSync } = await setup();
    await editAnswer(db, 'a', 'Typed on the train.');
    server.reachable = false;

    await expect(sendOutboxFromWorker(options)).rejects.toBeInstanceOf(OutboxNotSentError);
    expect(await waiting(db)).toEqual(['answer a']);
    expect(registerBackgroundSync).toHaveBeenCalled();

    // The next wake-up, the server back: the edit is applied once, though it was sent before.
    server.reachable = true;
    expect(await sendOutboxFromWorker(options)).toBe('sent');
    expect(server.posts.get('a')).toMatchObject({ answer: 'Typed on the train.', answerVersion: 2 });
    expect(await waiting(db)).toEqual([]);
  });

  it('while the server answers 5xx it keeps the rows and fails', async () => {
    const { db, server, options } = await setup([a], ['5xx', '5xx', '5xx', '5xx']);
    await editAnswer(db, 'a', 'Typed during a deploy.');

    await expect(sendOutboxFromWorker(options)).rejects.toBeInstanceOf(OutboxNotSentError);
    expect(await waiting(db)).toEqual(['answer a']);
    expect(server.posts.get('a')).toMatchObject({ answer: 'First draft.', answerVersion: 1 });
  });

  it('a conflict waits for the person and does not fail the wake-up', async () => {
    const { db, server, options } = await setup([a]);
    await editAnswer(db, 'a', 'Mine, typed offline.');
    server.editElsewhere('a', 'A teammate’s text.');

    expect(await sendOutboxFromWorker(options)).toBe('sent');
    expect(await db.posts.get('a')).toMatchObject({
      syncState: 'conflict',
      conflict: { serverAnswer: 'A teammate’s text.', serverVersion: 2 },
    });
    expect(server.posts.get('a')).toMatchObject({ answer: 'A teammate’s text.' });
  });

  it('under Clerk the rows are left for the page: the worker cannot get a token', async () => {
    const { db, server, options, mintSession } = await setup();
    await editAnswer(db, 'a', 'Typed under Clerk.');

    expect(await sendOutboxFromWorker({ ...options, authMode: 'clerk' })).toBe('left-for-page');
    expect(mintSession).not.toHaveBeenCalled();
    expect(server.requests).toEqual([]);
    expect(await waiting(db)).toEqual(['answer a']);
  });

  it('signed out, the rows wait for the next sign-in', async () => {
    const { db, server, options } = await setup();
    await editAnswer(db, 'a', 'Typed before signing out elsewhere.');

    expect(await sendOutboxFromWorker({ ...options, mintSession: async () => null })).toBe('signed-out');
    expect(server.requests).toEqual([]);
    expect(await waiting(db)).toEqual(['answer a']);
  });

  it('with nothing to send it asks nobody', async () => {
    const { server, options, mintSession } = await setup();
    expect(await sendOutboxFromWorker(options)).toBe('empty');
    expect(mintSession).not.toHaveBeenCalled();
    expect(server.requests).toEqual([]);
  });

  it('a token that cannot be had (server out of reach) fails the wake-up and keeps the rows', async () => {
    const { db, options } = await setup();
    await editAnswer(db, 'a', 'Typed offline.');
    const unreachable = async (): Promise<AuthSession | null> => {
      throw new Error('Failed to fetch');
    };

    await expect(sendOutboxFromWorker({ ...options, mintSession: unreachable })).rejects.toBeInstanceOf(
      OutboxNotSentError,
    );
    expect(await waiting(db)).toEqual(['answer a']);
  });

  it('one sender at a time: a page and the worker sending together send each change once', async () => {
    const { db, server, options } = await setup([a]);
    await editAnswer(db, 'a', 'Sent by whoever holds the lock.');
    let tail = Promise.resolve();
    const withLock = (drain: () => Promise<void>) => {
      const run = tail.then(drain);
      tail = run.catch(() => undefined);
      return run;
    };
    const page = createSyncEngine({
      db,
      api: server,
      withLock,
      events: {},
      registerBackgroundSync: () => {},
    });

    await Promise.all([page.flush(), sendOutboxFromWorker({ ...options, withLock })]);

    expect(server.requests).toHaveLength(1);
    expect(server.posts.get('a')).toMatchObject({ answer: 'Sent by whoever holds the lock.' });
  });

  it('sends through the API client: a token from the session cookie, the row’s project as project-id', async () => {
    const { db } = await setup([a]);
    await editAnswer(db, 'a', 'Sent over HTTP.');
    const seen: { path: string; authorization: string | null; projectId: string | null }[] = [];
    let minted = 0;
    // The two routes the worker calls, as the server answers them.
    vi.stubGlobal('fetch', async (input: string, init: RequestInit) => {
      const headers = new Headers(init.headers);
      const path = new URL(input, 'http://replyradar.test').pathname;
      seen.push({ path, authorization: headers.get('Authorization'), projectId: headers.get('project-id') });
      if (path === '/api/auth/token') {
        minted += 1;
        return Response.json({ success: true, data: session(`token-${minted}`, 3_600_000) });
      }
      const { mutations } = JSON.parse(String(init.body)) as {
        mutations: [{ mutationId: string; answer: string }];
      };
      if (minted === 1) {
        return Response.json(
          { success: false, error: { message: 'Session expired', code: 'unauthorized' } },
          { status: 401 },
        );
      }
      const [edit] = mutations;
      const post = { ...a, answer: edit.answer, answerVersion: 2 };
      return Response.json({
        success: true,
        data: { results: [{ mutationId: edit.mutationId, status: 200, post, error: null }] },
      });
    });

    expect(
      await sendOutboxFromWorker({ authMode: 'local', db, now: () => 0, sleep: async () => undefined }),
    ).toBe('sent');
    expect(seen).toEqual([
      { path: '/api/auth/token', authorization: '', projectId: null },
      { path: '/api/posts/mutations', authorization: 'token-1', projectId: 'p1' },
      // A 401: a new token, then the same request again.
      { path: '/api/auth/token', authorization: '', projectId: null },
      { path: '/api/posts/mutations', authorization: 'token-2', projectId: 'p1' },
    ]);
    expect(await db.posts.get('a')).toMatchObject({ answer: 'Sent over HTTP.', syncState: 'synced' });
  });
});
