import { mutationsPerBatch } from '@contract/post-mutations';
import type { InflightRequest, OutboxRow } from '@/db/mirror';

/** One change the next request carries: the rows it settles and what it sends. */
export interface OutboxBatch {
  rows: OutboxRow[];
  request: InflightRequest;
  /** True when this exact change was sent before (its answer may have been lost). */
  resend: boolean;
}

/**
 * The change that goes next for the post of `head`, its first queued row. Consecutive rows of one post
 * and kind (no row of the other kind of that post between them; rows of other posts do not interrupt)
 * become one change: the last value, the first row's base version and the last row's mutation id. A
 * change that was already sent is sent again exactly as it was, with its own mutation id, value and base
 * version: the server may have applied it, and only the same id makes a second delivery harmless. Rows
 * queued since then wait for the next request.
 */
function batchFrom(outbox: readonly OutboxRow[], head: OutboxRow): OutboxBatch {
  const { postId, kind } = head;
  const ofPost = outbox.filter((row) => row.postId === postId && row.seq >= head.seq);

  if (head.inflight) {
    const lastSeq = head.inflight.lastSeq;
    return {
      rows: ofPost.filter((row) => row.kind === kind && row.seq <= lastSeq),
      request: head.inflight,
      resend: true,
    };
  }

  const rows: OutboxRow[] = [];
  for (const row of ofPost) {
    if (row.kind !== kind || row.state !== 'queued') break;
    rows.push(row);
  }
  const last = rows[rows.length - 1] ?? head;
  return {
    rows,
    request: {
      mutationId: last.mutationId,
      value: last.value,
      baseVersion: head.baseVersion,
      lastSeq: last.seq,
    },
    resend: false,
  };
}

/**
 * The changes of the next request, from the outbox (rows in seq order): one for each post that has a
 * queued row and no parked row before it (a parked row blocks only its own post), of the project of the
 * first such row, in the order of their first rows, at most `limit`. A post's later changes wait for the
 * next request, so that each goes only once the one before it is settled.
 */
export function nextBatches(outbox: readonly OutboxRow[], limit: number = mutationsPerBatch): OutboxBatch[] {
  const passed = new Set<string>();
  const batches: OutboxBatch[] = [];
  let projectId: string | undefined;
  for (const row of outbox) {
    if (batches.length === limit) break;
    if (passed.has(row.postId)) continue;
    passed.add(row.postId);
    if (row.state === 'parked') continue;
    if (projectId !== undefined && row.projectId !== projectId) continue;
    projectId = row.projectId;
    batches.push(batchFrom(outbox, row));
  }
  return batches;
}
