// @vitest-environment node
import 'fake-indexeddb/auto';
import type { Post } from '@contract/entities';
import { FakeApiServer, type Fault, serverPost } from '@tests/support/fake-api-server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MirrorDb } from '@/db/mirror';
import { writePosts } from '@/db/mirror-writes';
import { ApiError } from '@/lib/api-client';
import { serviceWorkerMessages } from '@/lib/service-worker-messages';
import { editAnswer, resolveConflict, retryParked, setApproval } from '@/sync/answer-outbox';
import { BACKOFF_CAP_MS, backoffDelay } from '@/sync/backoff';
import { createSyncEngine, type SyncApi, type SyncEngineOptions } from '@/sync/sync-engine';
import { UnsentChangesError } from '@/sync/unsent-changes-error';

const open: MirrorDb[] = [];
afterEach(() => {
  for (const db of open.splice(0)) db.close();
});

async function setup(
  posts: Post[],
  faults: Fault[] = [],
  options: Partial<SyncEngineOptions> = {},
  onSleep: (db: MirrorDb) => Promise<void> = async () => {},
) {
  const db = new MirrorDb(`engine-${crypto.randomUUID()}`);
  open.push(db);
  await writePosts(db, { projectId: 'p1', social: 'reddit', foundDate: '2026-03-05' }, posts);
  const server = new FakeApiServer(posts);
  server.faults = faults;
  const sleeps: number[] = [];
  const network = { online: true };
  const registerBackgroundSync = vi.fn();
  const engine = createSyncEngine({
    db,
    api: server,
    isOnline: () => network.online,
    now: () => 0,
    sleep: async (ms) => {
      sleeps.push(ms);
      await onSleep(db);
    },
    random: () => 0.5,
    registerBackgroundSync,
    withLock: (drain) => drain(),
    events: {},
    ...options,
  });
  return { db, server, engine, sleeps, network, registerBackgroundSync };
}

const a = serverPost({ id: 'a' });
const b = serverPost({ id: 'b' });
const c = serverPost({ id: 'c' });
const sent = (server: FakeApiServer) =>
  server.requests.map((request) => `${request.route} ${request.postId}`);

describe('the sync engine', () => {
  it('sends ten edits of one answer as one request with the last text', async () => {
    const { db, server, engine } = await setup([a]);
    for (let n = 1; n <= 10; n += 1) await editAnswer(db, 'a', `Draft ${n}`);
    await engine.flush();

    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]?.body).toMatchObject({ answer: 'Draft 10', baseVersion: 1 });
    expect(server.posts.get('a')).toMatchObject({ answer: 'Draft 10', answerVersion: 2 });
    expect(await db.outbox.count()).toBe(0);
    expect(await db.posts.get('a')).toMatchObject({
      answer: 'Draft 10',
      answerVersion: 2,
      syncState: 'synced',
    });
  });

  it('sends each change for the project it was made in', async () => {
    const { db, server, engine } = await setup([a]);
    await editAnswer(db, 'a', 'For project one');
    await setApproval(db, 'a', true);
    await engine.flush();
    expect(server.requests.map((request) => request.projectId)).toEqual(['p1', 'p1']);
  });

  it("sends one project's changes per request: another project's go in the next", async () => {
    const { db, server, engine } = await setup([a, b]);
    await writePosts(db, { projectId: 'p2', social: 'reddit', foundDate: '2026-03-05' }, [c]);
    server.posts.set('c', c);
    await editAnswer(db, 'a', 'A');
    await editAnswer(db, 'c', 'C in project two');
    await setApproval(db, 'b', true);
    await engine.flush();

    expect(
      server.batches.map((batch) => batch.map((request) => `${request.projectId} ${request.postId}`)),
    ).toEqual([['p1 a', 'p1 b'], ['p2 c']]);
    expect(await db.outbox.count()).toBe(0);
  });

  it('parks only the change a refused request names, and sends the others again', async () => {
    const server = new FakeApiServer([a, b]);
    let first = true;
    const api: SyncApi = {
      applyMutations: async (projectId, mutations) => {
        if (first) {
          first = false;
          throw new ApiError(400, {
            message: 'Too big: expected string to have <=10000 characters',
            code: 'bad_request',
            field: 'mutations.1.answer',
          });
        }
        return server.applyMutations(projectId, mutations);
      },
    };
    const { db, engine } = await setup([a, b], [], { api });
    await editAnswer(db, 'a', 'A');
    await editAnswer(db, 'b', 'B, far too long');
    await engine.flush();

    expect(await db.posts.get('b')).toMatchObject({
      syncState: 'parked',
      parkedReason: 'Too big: expected string to have <=10000 characters',
    });
    expect(server.batches.map((batch) => batch.map((request) => request.postId))).toEqual([['a']]);
    expect(await db.posts.get('a')).toMatchObject({ answer: 'A', syncState: 'synced' });
  });

  it("sends every post's next change in one request, in the order they were changed, approvals as the value to set", async () => {
    const { db, server, engine } = await setup([a, b, c]);
    await editAnswer(db, 'a', 'A1');
    await setApproval(db, 'b', true);
    await editAnswer(db, 'c', 'C1');
    await editAnswer(db, 'a', 'A2');
    await setApproval(db, 'a', true);
    await setApproval(db, 'a', false);
    await engine.flush();

    // A post's later change waits for its first to be settled: the approval of a goes next.
    expect(
      server.batches.map((batch) => batch.map((request) => `${request.route} ${request.postId}`)),
    ).toEqual([['updateAnswer a', 'setApproved b', 'updateAnswer c'], ['setApproved a']]);
    expect(server.requests[0]?.body.answer).toBe('A2');
    expect(server.requests[3]?.body).toMatchObject({ approved: false });
    expect(server.posts.get('a')).toMatchObject({ answer: 'A2', approved: false });
    expect(server.posts.get('b')).toMatchObject({ approved: true });
  });

  it('retries network errors and 5xx with growing, jittered waits and sends nothing out of order', async () => {
    const { db, server, engine, sleeps, registerBackgroundSync } = await setup(
      [a, b],
      ['5xx', 'offline', '5xx'],
    );
    await editAnswer(db, 'a', 'A');
    await setApproval(db, 'b', true);
    await engine.flush();

    expect(sleeps).toEqual([500, 1_000, 2_000]);
    expect(
      server.batches.map((batch) => batch.map((request) => `${request.route} ${request.postId}`)),
    ).toEqual(Array.from({ length: 4 }, () => ['updateAnswer a', 'setApproved b']));
    // Each try sends the same changes with the same mutation ids.
    expect(new Set(server.requests.map((request) => request.body.mutationId)).size).toBe(2);
    expect(registerBackgroundSync).toHaveBeenCalled();
    expect(await db.outbox.count()).toBe(0);
  });

  it('queued edits are sent within 10 s of recovery: retry n waits between 0 and min(8 s, 1 s × 2^(n−1))', () => {
    expect([1, 2, 3, 4, 7, 12].map((n) => backoffDelay(n, () => 0.999_999))).toEqual([
      999, 1_999, 3_999, 7_999, 7_999, 7_999,
    ]);
    expect(backoffDelay(5, () => 0)).toBe(0);
    expect(backoffDelay(30, () => 0.5)).toBe(BACKOFF_CAP_MS / 2);
  });

  it('waits for a fresh token after a 401, then sends again', async () => {
    let tokenReady: () => void = () => {};
    const waitForAuth = vi.fn(() => new Promise<void>((resolve) => (tokenReady = resolve)));
    const { db, server, engine } = await setup([a], ['401'], { waitForAuth });
    await editAnswer(db, 'a', 'A');

    let done = false;
    const flushed = engine.flush().then(() => (done = true));
    await vi.waitFor(() => expect(waitForAuth).toHaveBeenCalled());
    expect(done).toBe(false);
    expect(server.requests).toHaveLength(1);

    tokenReady();
    await flushed;
    expect(server.requests).toHaveLength(2);
    expect(server.posts.get('a')?.answer).toBe('A');
  });

  it('sends a request whose answer was lost again with its own mutation id before a later edit', async () => {
    // The first send is applied but its answer lost; while the drain waits to retry, the person types on.
    const { db, server, engine } = await setup([a], ['drop'], {}, async (db) => {
      if ((await db.outbox.count()) === 1) await editAnswer(db, 'a', 'Second');
    });
    await editAnswer(db, 'a', 'First');
    await engine.flush();

    const [first, retry, second] = server.requests;
    expect(retry?.body).toEqual(first?.body);
    expect(second?.body).toMatchObject({ answer: 'Second', baseVersion: 2 });
    expect(server.conflicts).toEqual([]);
    expect([...server.applications.values()]).toEqual([1, 1]);
    expect(server.posts.get('a')).toMatchObject({ answer: 'Second', answerVersion: 3 });
  });

  it('on 409 shows both texts; keeping mine sends it on the server version', async () => {
    const { db, server, engine } = await setup([a, b]);
    server.editElsewhere('a', 'Laptop text');
    await editAnswer(db, 'a', 'Phone text');
    await setApproval(db, 'b', true);
    await engine.flush();

    expect(await db.posts.get('a')).toMatchObject({
      answer: 'Phone text',
      syncState: 'conflict',
      conflict: { serverAnswer: 'Laptop text', serverVersion: 2 },
    });
    expect(await db.outbox.where('postId').equals('a').toArray()).toMatchObject([{ state: 'parked' }]);
    expect(server.posts.get('b')?.approved).toBe(true);

    await resolveConflict(db, 'a', 'mine');
    await engine.flush();
    expect(server.posts.get('a')).toMatchObject({ answer: 'Phone text', answerVersion: 3 });
    expect(await db.posts.get('a')).toMatchObject({ syncState: 'synced', conflict: null, answerVersion: 3 });
    expect(await db.outbox.count()).toBe(0);
  });

  it("a teammate's edit is never silently overwritten: an edit taken in while typing is a conflict", async () => {
    // Device B starts typing on version 1; meanwhile A's edit reaches the server and B's list is
    // revalidated (a reconnect) with nothing of B's waiting, so the mirror takes A's text and version.
    const { db, server, engine } = await setup([a]);
    const startedFrom = (await db.posts.get('a'))?.answerVersion;
    const teammates = server.editElsewhere('a', 'Laptop text');
    await writePosts(db, { projectId: 'p1', social: 'reddit', foundDate: '2026-03-05' }, [teammates]);
    await editAnswer(db, 'a', 'Phone text, typed without a pause', { startedFrom });
    await engine.flush();

    expect(server.posts.get('a')).toMatchObject({ answer: 'Laptop text', answerVersion: 2 });
    expect(await db.posts.get('a')).toMatchObject({
      answer: 'Phone text, typed without a pause',
      syncState: 'conflict',
      conflict: { serverAnswer: 'Laptop text', serverVersion: 2 },
    });
  });

  it("an edit started before this device's own edit was confirmed is sent on the confirmed version", async () => {
    const { db, server, engine } = await setup([a]);
    const startedFrom = (await db.posts.get('a'))?.answerVersion;
    await editAnswer(db, 'a', 'First pause');
    await engine.flush();
    await editAnswer(db, 'a', 'First pause, then more', { startedFrom });
    await engine.flush();

    expect(server.conflicts).toEqual([]);
    expect(server.posts.get('a')).toMatchObject({ answer: 'First pause, then more', answerVersion: 3 });
    expect(await db.posts.get('a')).toMatchObject({ syncState: 'synced', answerVersion: 3 });
  });

  it('a conflict shows the newest server text when the list is revalidated', async () => {
    const { db, server, engine } = await setup([a]);
    server.editElsewhere('a', 'Laptop text');
    await editAnswer(db, 'a', 'Phone text');
    await engine.flush();
    const newer = server.editElsewhere('a', 'Laptop text, again');
    await writePosts(db, { projectId: 'p1', social: 'reddit', foundDate: '2026-03-05' }, [newer]);

    expect(await db.posts.get('a')).toMatchObject({
      answer: 'Phone text',
      conflict: { serverAnswer: 'Laptop text, again', serverVersion: 3 },
    });
    await resolveConflict(db, 'a', 'mine');
    await engine.flush();
    expect(server.posts.get('a')).toMatchObject({ answer: 'Phone text', answerVersion: 4 });
  });

  it('on 409, keeping theirs takes the server text and drops the local edit', async () => {
    const { db, server, engine } = await setup([a]);
    server.editElsewhere('a', 'Laptop text');
    await editAnswer(db, 'a', 'Phone text');
    await engine.flush();
    await resolveConflict(db, 'a', 'theirs');
    await engine.flush();

    expect(server.requests).toHaveLength(1);
    expect(await db.posts.get('a')).toMatchObject({
      answer: 'Laptop text',
      answerVersion: 2,
      syncState: 'synced',
      conflict: null,
    });
    expect(await db.outbox.count()).toBe(0);
  });

  it('parks a refused change with its reason on the post and goes on with other posts', async () => {
    const { db, server, engine } = await setup([a, b], ['422']);
    await editAnswer(db, 'a', 'Too long');
    await editAnswer(db, 'b', 'B');
    await engine.flush();

    expect(await db.posts.get('a')).toMatchObject({
      syncState: 'parked',
      parkedReason: 'The answer is too long',
    });
    expect(sent(server)).toEqual(['updateAnswer a', 'updateAnswer b']);

    await editAnswer(db, 'a', 'Later edit waits behind');
    await engine.flush();
    expect(sent(server)).toHaveLength(2);
    expect(await db.outbox.where('postId').equals('a').count()).toBe(2);

    await retryParked(db, 'a');
    await engine.flush();
    expect(sent(server).slice(2)).toEqual(['updateAnswer a', 'updateAnswer a']);
    expect(server.requests[2]?.body).toEqual(server.requests[0]?.body);
    expect(server.posts.get('a')?.answer).toBe('Later edit waits behind');
    expect(await db.posts.get('a')).toMatchObject({ syncState: 'synced', parkedReason: null });
  });

  it('parks a 409 that carries no stored post (a published post) instead of showing a conflict', async () => {
    const { db, engine } = await setup([a], ['409']);
    await editAnswer(db, 'a', 'Too late');
    await engine.flush();
    expect(await db.posts.get('a')).toMatchObject({
      syncState: 'parked',
      conflict: null,
      parkedReason: 'This post is already published: its answer cannot change',
    });
  });

  it('sends nothing offline, asks for a Background Sync wake-up, and sends when back online', async () => {
    const { db, server, engine, network, registerBackgroundSync } = await setup([a]);
    network.online = false;
    await setApproval(db, 'a', true);
    await engine.flush();
    expect(server.requests).toHaveLength(0);
    expect(registerBackgroundSync).toHaveBeenCalled();

    network.online = true;
    await engine.flush();
    expect(server.posts.get('a')?.approved).toBe(true);
  });

  it('flushes before logout, or says how many changes could not be sent', async () => {
    const { db, server, engine } = await setup([a, b], ['5xx', '5xx', '5xx', '5xx']);
    await editAnswer(db, 'a', 'A');
    await setApproval(db, 'b', true);
    await expect(engine.flushBeforeLogout()).rejects.toEqual(new UnsentChangesError(2));
    expect(await db.outbox.count()).toBe(2);

    await engine.flushBeforeLogout();
    expect(await db.outbox.count()).toBe(0);
    expect(server.posts.get('b')?.approved).toBe(true);
  });

  it('sends on online, on the service worker wake-up, when the page becomes visible and after a row is queued', async () => {
    const window = new EventTarget();
    const serviceWorker = new EventTarget();
    const document = Object.assign(new EventTarget(), {
      visibilityState: 'hidden' as DocumentVisibilityState,
    });
    const timers: (() => void)[] = [];
    const { db, server, engine, network } = await setup([a, b, c], [], {
      events: { window, document, serviceWorker },
      setTimer: (run) => {
        timers.push(run);
        return () => {};
      },
    });
    network.online = false;
    await editAnswer(db, 'a', 'A');
    engine.start();

    network.online = true;
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(server.posts.get('a')?.answer).toBe('A'));

    network.online = false;
    await setApproval(db, 'b', true);
    network.online = true;
    serviceWorker.dispatchEvent(
      new MessageEvent('message', { data: { type: serviceWorkerMessages.syncOutbox } }),
    );
    await vi.waitFor(() => expect(server.posts.get('b')?.approved).toBe(true));

    network.online = false;
    await setApproval(db, 'a', true);
    network.online = true;
    document.visibilityState = 'visible';
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.waitFor(() => expect(server.posts.get('a')?.approved).toBe(true));

    timers.length = 0;
    await editAnswer(db, 'c', 'C');
    await vi.waitFor(() => expect(timers.length).toBeGreaterThan(0));
    for (const run of timers.splice(0)) run();
    await vi.waitFor(() => expect(server.posts.get('c')?.answer).toBe('C'));
    engine.stop();
  });

  it('counts the changes waiting to sync, one per post and kind', async () => {
    const { db, engine } = await setup([a, b]);
    await editAnswer(db, 'a', 'A1');
    await editAnswer(db, 'a', 'A2');
    await setApproval(db, 'a', true);
    await setApproval(db, 'b', true);
    const counts: number[] = [];
    const subscription = engine.pendingCount.subscribe((count) => counts.push(count));
    await vi.waitFor(() => expect(counts).toContain(3));
    await engine.flush();
    await vi.waitFor(() => expect(counts.at(-1)).toBe(0));
    subscription.unsubscribe();
  });
});
