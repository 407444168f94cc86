// @vitest-environment node
import 'fake-indexeddb/auto';
import { serverPost } from '@tests/support/fake-api-server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MirrorDb } from '@/db/mirror';
import { writeFoundDates, writePosts } from '@/db/mirror-writes';
import { onStorageFull, type StorageFullEvent, withQuotaRetry } from '@/db/quota';
import { editAnswer } from '@/sync/answer-outbox';

const open: MirrorDb[] = [];
afterEach(() => {
  for (const db of open.splice(0)) db.close();
  vi.restoreAllMocks();
});

function quotaError(): DOMException {
  return new DOMException('The quota has been exceeded.', 'QuotaExceededError');
}

async function mirrorOfThreeDays(): Promise<MirrorDb> {
  const db = new MirrorDb(`quota-${crypto.randomUUID()}`);
  open.push(db);
  for (const [day, ids] of [
    ['2026-03-03', ['old1', 'old2']],
    ['2026-03-04', ['mid']],
    ['2026-03-05', ['new']],
  ] as const) {
    await writePosts(
      db,
      { projectId: 'p1', social: 'reddit', foundDate: day },
      ids.map((id) => serverPost({ id })),
    );
  }
  await writeFoundDates(db, 'p1', ['2026-03-03', '2026-03-04', '2026-03-05']);
  return db;
}

describe('a full device', () => {
  it("prunes the oldest found date's posts but never the outbox, says so, and writes once more", async () => {
    const db = await mirrorOfThreeDays();
    await editAnswer(db, 'old2', 'Unsent on an old post');
    const events: StorageFullEvent[] = [];
    const unsubscribe = onStorageFull((event) => events.push(event));

    const bulkPut = db.posts.bulkPut.bind(db.posts);
    const spy = vi.spyOn(db.posts, 'bulkPut').mockRejectedValueOnce(quotaError());
    spy.mockImplementation(bulkPut);
    await writePosts(db, { projectId: 'p1', social: 'reddit', foundDate: '2026-03-06' }, [
      serverPost({ id: 'newest' }),
    ]);
    unsubscribe();

    expect(events).toEqual([{ removedDates: ['2026-03-03'], removedPosts: 1 }]);
    expect((await db.posts.toArray()).map((post) => post.id).sort()).toEqual([
      'mid',
      'new',
      'newest',
      'old2',
    ]);
    expect(await db.outbox.count()).toBe(1);
    expect((await db.foundDates.toArray()).map((row) => row.date)).toEqual(['2026-03-04', '2026-03-05']);
  });

  it('gives up after the one retry when the device is still full', async () => {
    const db = await mirrorOfThreeDays();
    const write = vi.fn().mockRejectedValue(quotaError());
    await expect(withQuotaRetry(db, write)).rejects.toThrow('quota');
    expect(write).toHaveBeenCalledTimes(2);
  });

  it('passes other failures through without pruning', async () => {
    const db = await mirrorOfThreeDays();
    await expect(withQuotaRetry(db, () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await db.posts.count()).toBe(4);
  });
});
