import { type Post, postSchema } from '@contract/entities';
import type { MirrorDb } from '@/db/mirror';
import { mergeServerPost } from '@/db/mirror-writes';
import { withQuotaRetry } from '@/db/quota';
import { refreshPostState, rowsOfPost } from '@/sync/answer-outbox';
import type { OutboxBatch } from '@/sync/outbox-batch';

function headOf(batch: OutboxBatch) {
  const head = batch.rows[0];
  if (!head) throw new Error('An outbox batch has at least one row');
  return head;
}

/** Records on each new change's first row exactly what is about to be sent, before it is sent. */
export async function markInflight(db: MirrorDb, batches: readonly OutboxBatch[]): Promise<void> {
  const fresh = batches.filter((batch) => !batch.resend);
  if (fresh.length === 0) return;
  await db.transaction('rw', db.outbox, async () => {
    for (const batch of fresh) await db.outbox.update(headOf(batch).seq, { inflight: batch.request });
  });
}

/**
 * The server applied the batch: its rows go, the post takes the server's values except those still
 * waiting in the outbox, and answer rows still waiting are rebased on the version the server now holds
 * (they were made on top of the text just applied).
 */
export async function applySuccess(db: MirrorDb, batch: OutboxBatch, server: Post): Promise<void> {
  const head = headOf(batch);
  // If this write fails the rows stay and the same request is sent again, which the server answers alike.
  await withQuotaRetry(db, () =>
    db.transaction('rw', db.posts, db.outbox, async () => {
      await db.outbox.bulkDelete(batch.rows.map((row) => row.seq));
      const remaining = await rowsOfPost(db, head.postId);
      if (head.kind === 'answer') {
        for (const row of remaining) {
          if (row.kind === 'answer') await db.outbox.update(row.seq, { baseVersion: server.answerVersion });
        }
      }
      const existing = await db.posts.get(head.postId);
      if (!existing) return; // The mirror was cleared meanwhile; the server holds the value.
      const rebased = await rowsOfPost(db, head.postId);
      const merged = mergeServerPost(server, existing, existing, rebased);
      // The server leaves hidden posts out of its lists but answers a write with the post: it stays hidden.
      const hidden = rebased.some((row) => row.kind === 'relevance')
        ? existing.hidden
        : head.kind === 'relevance'
          ? batch.request.value === false
          : existing.hidden;
      // The version the server confirms is this device's own edit, not someone else's.
      const next =
        head.kind === 'answer'
          ? { ...merged, answerVersion: server.answerVersion, foreignVersion: existing.foreignVersion }
          : merged;
      if (next.foreignVersion === undefined) delete next.foreignVersion;
      if (hidden) next.hidden = true;
      else delete next.hidden;
      await db.posts.put(next);
    }),
  );
}

/** Drops the batch's rows without a trace on the card (a refused copy). */
export async function dropBatch(db: MirrorDb, batch: OutboxBatch): Promise<void> {
  const head = headOf(batch);
  await db.transaction('rw', db.posts, db.outbox, async () => {
    await db.outbox.bulkDelete(batch.rows.map((row) => row.seq));
    await refreshPostState(db, head.postId);
  });
}

/** Parks the batch's first row with the server's reason; later rows of that post wait behind it. */
export async function applyPark(db: MirrorDb, batch: OutboxBatch, reason: string): Promise<void> {
  const head = headOf(batch);
  await db.transaction('rw', db.posts, db.outbox, async () => {
    await db.outbox.update(head.seq, { state: 'parked', reason });
    await refreshPostState(db, head.postId);
  });
}

/**
 * An answer edit based on an older version was refused (409): the post shows both texts until the person
 * chooses (`resolveConflict`). Without the stored post in the answer the row is parked instead.
 */
export async function applyConflict(db: MirrorDb, batch: OutboxBatch, reason: string, data: unknown) {
  const stored = postSchema.safeParse(data);
  if (!stored.success) return applyPark(db, batch, reason);
  const head = headOf(batch);
  await db.transaction('rw', db.posts, db.outbox, async () => {
    await db.outbox.update(head.seq, { state: 'parked', reason });
    await refreshPostState(db, head.postId, {
      conflict: { serverAnswer: stored.data.answer, serverVersion: stored.data.answerVersion },
    });
  });
}

/** Counts a failed attempt on the batch's first row (kept in order: nothing behind it is sent meanwhile). */
export async function recordFailure(db: MirrorDb, batch: OutboxBatch, nextAttemptAt: number): Promise<void> {
  const head = headOf(batch);
  const row = await db.outbox.get(head.seq);
  if (row) await db.outbox.update(head.seq, { attempts: row.attempts + 1, nextAttemptAt });
}
