import type { AnswerConflict, OutboxRow, SyncState } from '@/db/mirror';

/** What a post's card shows: a conflict first, then a parked change, then changes waiting, else synced. */
export function syncStateOf(conflict: AnswerConflict | null, rows: readonly OutboxRow[]): SyncState {
  if (conflict) return 'conflict';
  if (rows.some((row) => row.state === 'parked')) return 'parked';
  // A copy is recorded in the background: the card does not wait for it.
  return rows.some((row) => row.kind !== 'copied') ? 'pending' : 'synced';
}

/** The reason the first parked change of a post was refused, for its card. */
export function parkedReasonOf(rows: readonly OutboxRow[]): string | null {
  return rows.find((row) => row.state === 'parked')?.reason ?? null;
}
