// @vitest-environment node
import 'fake-indexeddb/auto';
import type { Post } from '@contract/entities';
import { FakeApiServer, type Fault, serverPost } from '@tests/support/fake-api-server';
import { afterEach, describe, expect, it } from 'vitest';
import { MirrorDb } from '@/db/mirror';
import { writePosts } from '@/db/mirror-writes';
import { markNotRelevant, recordCopy, restorePost, setApproval } from '@/sync/answer-outbox';
import { createSyncEngine } from '@/sync/sync-engine';

const open: MirrorDb[] = [];
afterEach(() => {
  for (const db of open.splice(0)) db.close();
});

const slice = { projectId: 'p1', social: 'reddit', foundDate: '2026-03-05' };

async function setup(posts: Post[], faults: Fault[] = []) {
  const db = new MirrorDb(`signals-${crypto.randomUUID()}`);
  open.push(db);
  await writePosts(db, slice, posts);
  const server = new FakeApiServer(posts);
  server.faults = faults;
  const network = { online: true };
  const engine = createSyncEngine({
    db,
    api: server,
    isOnline: () => network.online,
    now: () => 0,
    sleep: async () => {},
    random: () => 0.5,
    registerBackgroundSync: () => {},
    withLock: (drain) => drain(),
    events: {},
  });
  return { db, server, engine, network };
}

const a = serverPost({ id: 'a' });
const b = serverPost({ id: 'b' });
const sent = (server: FakeApiServer) =>
  server.requests.map((request) => `${request.route} ${request.postId}`);

describe("'Not relevant' and copies through the outbox", () => {
  it("hides a post marked 'Not relevant' offline at once, and sends the mark once when back online", async () => {
    const { db, server, engine, network } = await setup([a, b], ['drop']);
    network.online = false;
    await markNotRelevant(db, 'a');
    expect(await db.posts.get('a')).toMatchObject({ hidden: true, syncState: 'pending' });
    expect(await db.outbox.count()).toBe(1);
    await engine.flush();
    expect(server.requests).toHaveLength(0);

    network.online = true;
    // The first delivery is applied but its answer is lost: the same mutation id goes again.
    await engine.flush();
    expect(sent(server)).toStrictEqual(['setRelevance a', 'setRelevance a']);
    expect(server.requests[0]?.body).toMatchObject({ relevant: false });
    expect(server.requests[1]?.body.mutationId).toBe(server.requests[0]?.body.mutationId);
    expect([...server.applications.values()]).toStrictEqual([1]);
    expect(server.relevance.get('a')).toBe(false);
    expect(await db.outbox.count()).toBe(0);
    // The server's answer carries the post; it stays hidden on this device.
    expect(await db.posts.get('a')).toMatchObject({ hidden: true, syncState: 'synced' });

    // The next listing no longer has it: the device lets it go.
    await writePosts(db, slice, [b]);
    expect(await db.posts.get('a')).toBeUndefined();
  });

  it('keeps a hidden post hidden when the day is listed again before the mark is sent', async () => {
    const { db, network } = await setup([a, b]);
    network.online = false;
    await markNotRelevant(db, 'a');
    await writePosts(db, slice, [a, b]);
    expect(await db.posts.get('a')).toMatchObject({ hidden: true, syncState: 'pending' });
  });

  it('sends only the last choice when Undo follows offline, and shows the post again', async () => {
    const { db, server, engine, network } = await setup([a]);
    network.online = false;
    await markNotRelevant(db, 'a');
    await restorePost(db, 'a');
    expect((await db.posts.get('a'))?.hidden).toBe(false);
    network.online = true;
    await engine.flush();
    expect(sent(server)).toStrictEqual(['setRelevance a']);
    expect(server.requests[0]?.body).toMatchObject({ relevant: null });
    expect((await db.posts.get('a'))?.hidden).toBeUndefined();
  });

  it('records a copy in the background: the card does not wait for it, and a refused one is dropped', async () => {
    const { db, server, engine } = await setup([a, b], ['422']);
    await recordCopy(db, 'a');
    expect(await db.posts.get('a')).toMatchObject({ syncState: 'synced' });
    await recordCopy(db, 'b');
    await engine.flush();
    expect(sent(server)).toStrictEqual(['markCopied a', 'markCopied b']);
    expect([...server.copied]).toStrictEqual(['b']);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.posts.get('a')).toMatchObject({ syncState: 'synced', parkedReason: null });
  });

  it('keeps a hidden post hidden when an approval made before it comes back', async () => {
    const { db, server, engine } = await setup([a]);
    await setApproval(db, 'a', true);
    await markNotRelevant(db, 'a');
    await engine.flush();
    expect(sent(server)).toStrictEqual(['setApproved a', 'setRelevance a']);
    expect(await db.posts.get('a')).toMatchObject({ hidden: true, approved: true, syncState: 'synced' });
  });
});
