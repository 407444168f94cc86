import type { InflightRequest, OutboxRow } from '@/db/mirror';

/** The next request to send: the rows it settles and what it carries. */
export interface OutboxBatch {
  rows: OutboxRow[];
  request: InflightRequest;
  /** True when this exact request was sent before (its answer may have been lost). */
  resend: boolean;
}

/**
 * Picks the next request from the outbox (rows in seq order). The first queued row whose post has no
 * parked row before it goes first; a parked row blocks only its own post.
 *
 * Consecutive rows of one post and kind (no row of the other kind of that post between them; rows of
 * other posts do not interrupt) become one request: the last value, the first row's base version and the
 * last row's mutation id. A batch that was already sent is resent exactly as it was, with its own
 * mutation id, value and base version: the server may have applied it, and only the same id makes a
 * second delivery harmless. Rows queued since then wait for the next request.
 */
export function nextBatch(outbox: readonly OutboxRow[]): OutboxBatch | null {
  const blocked = new Set<string>();
  let head: OutboxRow | undefined;
  for (const row of outbox) {
    if (row.state === 'parked') blocked.add(row.postId);
    else if (!blocked.has(row.postId)) {
      head = row;
      break;
    }
  }
  if (!head) return null;
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
