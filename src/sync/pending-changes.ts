import type { MirrorDb } from '@/db/mirror';

/**
 * How many changes wait to be sent, as a person counts them: one per post and kind (an answer typed in
 * ten pauses is one change), parked ones included.
 */
export async function countPendingChanges(db: MirrorDb): Promise<number> {
  const rows = await db.outbox.toArray();
  return new Set(rows.map((row) => `${row.kind}:${row.postId}`)).size;
}
