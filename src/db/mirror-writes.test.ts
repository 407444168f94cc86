// @vitest-environment node
import 'fake-indexeddb/auto';
import { serverPost } from '@tests/support/fake-api-server';
import { liveQuery } from 'dexie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearAll, clearMirror, MirrorDb } from '@/db/mirror';
import { writeFoundDates, writePosts, writeSocials } from '@/db/mirror-writes';
import { editAnswer, setApproval } from '@/sync/answer-outbox';

const open: MirrorDb[] = [];
function freshDb(name = `mirror-${crypto.randomUUID()}`): MirrorDb {
  const db = new MirrorDb(name);
  open.push(db);
  return db;
}
afterEach(() => {
  for (const db of open.splice(0)) db.close();
});

const slice = { projectId: 'p1', social: 'reddit', foundDate: '2026-03-05' };

describe('the mirror', () => {
  it('stores a listed post where it was found, as synced', async () => {
    const db = freshDb();
    await writePosts(db, slice, [serverPost({ id: 'a' })]);
    const rows = await db.posts
      .where('[projectId+social+foundDate]')
      .equals(['p1', 'reddit', '2026-03-05'])
      .toArray();
    expect(rows).toEqual([
      expect.objectContaining({ id: 'a', ...slice, syncState: 'synced', parkedReason: null, conflict: null }),
    ]);
  });

  it('keeps a day of 50 posts whole: a reader sees none or all of them, put a slice per request', async () => {
    const db = freshDb();
    const day = Array.from({ length: 50 }, (_, index) =>
      serverPost({ id: `post-${index}`, answer: `An answer of some length, number ${index}. `.repeat(40) }),
    );
    const counts: number[] = [];
    const reading = liveQuery(() => db.posts.count()).subscribe((count) => counts.push(count));
    const bulkPut = vi.spyOn(db.posts, 'bulkPut');
    try {
      await writePosts(db, slice, day);
      await vi.waitFor(() => expect(counts.at(-1)).toBe(50));
    } finally {
      reading.unsubscribe();
    }
    expect(counts.filter((count) => count !== 0 && count !== 50)).toEqual([]);
    expect(bulkPut.mock.calls.map(([rows]) => rows.length)).toEqual([10, 10, 10, 10, 10]);
    expect((await db.posts.get('post-49'))?.answer).toBe(day[49]?.answer);
  });

  it("keeps the person's unsent answer and approval when the server's list comes back", async () => {
    const db = freshDb();
    await writePosts(db, slice, [serverPost({ id: 'a' }), serverPost({ id: 'b' })]);
    await editAnswer(db, 'a', 'My better reply');
    await setApproval(db, 'b', true);

    await writePosts(db, slice, [
      serverPost({ id: 'a', answer: 'Server text', answerVersion: 4, published: true }),
      serverPost({ id: 'b', answer: 'New server text', answerVersion: 2, approved: false }),
    ]);

    const a = await db.posts.get('a');
    expect(a).toMatchObject({
      answer: 'My better reply',
      answerVersion: 1,
      published: true,
      syncState: 'pending',
    });
    const b = await db.posts.get('b');
    // Only the approval waits: the answer is the server's.
    expect(b).toMatchObject({
      approved: true,
      answer: 'New server text',
      answerVersion: 2,
      syncState: 'pending',
    });
  });

  it("takes the server's values once nothing waits for a post", async () => {
    const db = freshDb();
    await writePosts(db, slice, [serverPost({ id: 'a' })]);
    await writePosts(db, slice, [serverPost({ id: 'a', answer: 'Edited on the laptop', answerVersion: 2 })]);
    expect(await db.posts.get('a')).toMatchObject({ answer: 'Edited on the laptop', answerVersion: 2 });
  });

  it('a list read before the edit landed never takes the edit back; a newer one still comes in', async () => {
    const db = freshDb();
    await writePosts(db, slice, [serverPost({ id: 'a' })]);
    // The edit was sent and the server answered with version 2 (as the outbox's success writes it)…
    await writePosts(db, slice, [serverPost({ id: 'a', answer: 'Written offline', answerVersion: 2 })]);
    // …and then a list requested before the edit reached the server comes back, with version 1.
    await writePosts(db, slice, [serverPost({ id: 'a', answer: 'Queue them locally.', answerVersion: 1 })]);
    expect(await db.posts.get('a')).toMatchObject({ answer: 'Written offline', answerVersion: 2 });
    // A teammate's later edit is newer than both.
    await writePosts(db, slice, [serverPost({ id: 'a', answer: 'Edited on the laptop', answerVersion: 3 })]);
    expect(await db.posts.get('a')).toMatchObject({ answer: 'Edited on the laptop', answerVersion: 3 });
  });

  it('removes posts the server no longer lists, except those with unsent changes; a keyword list removes none', async () => {
    const db = freshDb();
    await writePosts(db, slice, [serverPost({ id: 'a' }), serverPost({ id: 'b' }), serverPost({ id: 'c' })]);
    await editAnswer(db, 'b', 'Still mine');

    await writePosts(db, { ...slice, keyword: 'offline sync' }, [serverPost({ id: 'a' })]);
    expect(await db.posts.count()).toBe(3);

    await writePosts(db, slice, [serverPost({ id: 'a' })]);
    expect((await db.posts.toArray()).map((post) => post.id).sort()).toEqual(['a', 'b']);
  });

  it('keeps the socials in the order the API gave them', async () => {
    const db = freshDb();
    await writeSocials(db, [
      { id: 's2', slug: 'reddit', name: 'Reddit' },
      { id: 's1', slug: 'hn', name: 'Hacker News' },
    ]);
    expect((await db.socials.orderBy('position').toArray()).map((social) => social.slug)).toEqual([
      'reddit',
      'hn',
    ]);
  });

  it("replaces a project's found dates without touching another project's", async () => {
    const db = freshDb();
    await writeFoundDates(db, 'p1', ['2026-03-04', '2026-03-05']);
    await writeFoundDates(db, 'p2', ['2026-01-01']);
    await writeFoundDates(db, 'p1', ['2026-03-06']);
    expect((await db.foundDates.toArray()).map((row) => `${row.projectId} ${row.date}`)).toEqual([
      'p1 2026-03-06',
      'p2 2026-01-01',
    ]);
  });

  it('clearMirror empties what the API gives back but keeps the outbox; clearAll empties both', async () => {
    const db = freshDb();
    await writePosts(db, slice, [serverPost({ id: 'a' })]);
    await writeFoundDates(db, 'p1', ['2026-03-05']);
    await editAnswer(db, 'a', 'Unsent');

    await clearMirror(db);
    expect(await db.posts.count()).toBe(0);
    expect(await db.foundDates.count()).toBe(0);
    expect(await db.outbox.count()).toBe(1);

    await clearAll(db);
    expect(await db.outbox.count()).toBe(0);
  });

  it('a reload (a new database object on the same name) finds every unsent change', async () => {
    const name = `mirror-${crypto.randomUUID()}`;
    const first = freshDb(name);
    await writePosts(first, slice, [serverPost({ id: 'a' })]);
    await editAnswer(first, 'a', 'Typed on the train');
    await setApproval(first, 'a', true);
    first.close();

    const second = freshDb(name);
    expect(await second.posts.get('a')).toMatchObject({ answer: 'Typed on the train', approved: true });
    expect((await second.outbox.orderBy('seq').toArray()).map((row) => [row.kind, row.value])).toEqual([
      ['answer', 'Typed on the train'],
      ['approval', true],
    ]);
  });
});
