// @vitest-environment node
import 'fake-indexeddb/auto';
import { serverPost } from '@tests/support/fake-api-server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MirrorDb } from '@/db/mirror';
import { writePosts } from '@/db/mirror-writes';
import { editAnswer, setApproval } from '@/sync/answer-outbox';

const open: MirrorDb[] = [];
afterEach(() => {
  for (const db of open.splice(0)) db.close();
  vi.restoreAllMocks();
});

async function mirrorWith(...posts: ReturnType<typeof serverPost>[]): Promise<MirrorDb> {
  const db = new MirrorDb(`outbox-${crypto.randomUUID()}`);
  open.push(db);
  await writePosts(db, { projectId: 'p1', social: 'reddit', foundDate: '2026-03-05' }, posts);
  return db;
}

describe('writing an answer or an approval', () => {
  it('shows the new answer at once and queues it with a mutation id and the version it was based on', async () => {
    const db = await mirrorWith(serverPost({ id: 'a', answerVersion: 7 }));
    await editAnswer(db, 'a', 'First');
    await editAnswer(db, 'a', 'Second');

    expect(await db.posts.get('a')).toMatchObject({ answer: 'Second', syncState: 'pending' });
    const rows = await db.outbox.orderBy('seq').toArray();
    expect(rows).toMatchObject([
      { kind: 'answer', postId: 'a', projectId: 'p1', value: 'First', baseVersion: 7, state: 'queued' },
      { kind: 'answer', postId: 'a', value: 'Second', baseVersion: 7, state: 'queued' },
    ]);
    expect(rows[0]?.mutationId).toMatch(/^[0-9a-f-]{36}$/);
    expect(rows[0]?.mutationId).not.toBe(rows[1]?.mutationId);
  });

  it('queues an approval as the value to set, not a toggle', async () => {
    const db = await mirrorWith(serverPost({ id: 'a', approved: false }));
    await setApproval(db, 'a', true);
    expect(await db.posts.get('a')).toMatchObject({ approved: true });
    expect(await db.outbox.toArray()).toMatchObject([{ kind: 'approval', value: true, baseVersion: null }]);
  });

  it('writes the post and its outbox row both or neither', async () => {
    const db = await mirrorWith(serverPost({ id: 'a', answer: 'Before' }));
    vi.spyOn(db.outbox, 'add').mockRejectedValueOnce(new Error('disk failed'));

    await expect(editAnswer(db, 'a', 'After')).rejects.toThrow('disk failed');
    expect(await db.posts.get('a')).toMatchObject({ answer: 'Before', syncState: 'synced' });
    expect(await db.outbox.count()).toBe(0);
  });

  it('refuses a change to a post this device does not hold', async () => {
    const db = await mirrorWith();
    await expect(setApproval(db, 'missing', true)).rejects.toThrow('not on this device');
    expect(await db.outbox.count()).toBe(0);
  });
});
