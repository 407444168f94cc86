import type { MirrorDb, MirrorPost, OutboxKind, OutboxRow, OutboxValue } from '@/db/mirror';
import { withQuotaRetry } from '@/db/quota';
import { parkedReasonOf, syncStateOf } from '@/db/sync-state';

export interface OutboxOptions {
  /** Clock for `createdAt`; `Date.now` by default. */
  now?: () => number;
  /** Mutation ids; `crypto.randomUUID` by default. */
  newId?: () => string;
  /** An answer edit: the version the card showed when the person's first keystroke of it landed. */
  startedFrom?: number;
}

/**
 * The version an answer edit is based on. The mirror's version only moves when the server confirms this
 * device's edit (the rows still waiting are then rebased) or when the server's answer is taken with
 * nothing waiting; so it is the version of the first unsent edit, unless someone else's edit was taken
 * after the person started typing: then the edit is based on the version they started from, and the
 * server refuses it as a conflict for the person to settle, instead of overwriting that edit unseen.
 */
function baseVersionOf(post: MirrorPost, startedFrom: number | undefined): number {
  if (startedFrom !== undefined && post.foreignVersion !== undefined && startedFrom < post.foreignVersion)
    return startedFrom;
  return post.answerVersion;
}

/** A post's outbox rows, oldest first. */
export function rowsOfPost(db: MirrorDb, postId: string): Promise<OutboxRow[]> {
  return db.outbox.where('postId').equals(postId).sortBy('seq');
}

/** Recomputes a post's sync state from its outbox rows; call inside a transaction on posts and outbox. */
export async function refreshPostState(db: MirrorDb, postId: string, changes: Partial<MirrorPost> = {}) {
  const post = await db.posts.get(postId);
  if (!post) return;
  const rows = await rowsOfPost(db, postId);
  const next = { ...post, ...changes };
  await db.posts.put({
    ...next,
    syncState: syncStateOf(next.conflict, rows),
    parkedReason: parkedReasonOf(rows),
  });
}

async function queue(
  db: MirrorDb,
  postId: string,
  kind: OutboxKind,
  value: OutboxValue,
  options: OutboxOptions,
): Promise<void> {
  const now = options.now ?? Date.now;
  const newId = options.newId ?? (() => crypto.randomUUID());
  // The visible value and its outbox row are written together or not at all.
  await withQuotaRetry(db, () =>
    db.transaction('rw', db.posts, db.outbox, async () => {
      const post = await db.posts.get(postId);
      if (!post) throw new Error(`Post ${postId} is not on this device`);
      await db.posts.put(shownAfter(post, kind, value));
      await db.outbox.add({
        mutationId: newId(),
        kind,
        postId,
        projectId: post.projectId,
        value,
        baseVersion: kind === 'answer' ? baseVersionOf(post, options.startedFrom) : null,
        createdAt: now(),
        attempts: 0,
        nextAttemptAt: null,
        state: 'queued',
        reason: null,
        inflight: null,
      });
      await refreshPostState(db, postId);
    }),
  );
}

/** The post as the card shows it once the change is made. */
function shownAfter(post: MirrorPost, kind: OutboxKind, value: OutboxValue): MirrorPost {
  if (kind === 'answer') return { ...post, answer: String(value) };
  if (kind === 'approval') return { ...post, approved: value === true };
  if (kind === 'relevance') return { ...post, hidden: value === false };
  return post;
}

/** Shows the new answer at once and queues it for the server (the screen debounces typing, 500 ms). */
export function editAnswer(db: MirrorDb, postId: string, answer: string, options: OutboxOptions = {}) {
  return queue(db, postId, 'answer', answer, options);
}

/** Shows the approval at once and queues "set approved to `approved`" for the server. */
export function setApproval(db: MirrorDb, postId: string, approved: boolean, options: OutboxOptions = {}) {
  return queue(db, postId, 'approval', approved, options);
}

/**
 * The person's choice after a 409. `mine` sends the local answer again, now based on the server's version
 * (with new mutation ids: it is a new decision); `theirs` takes the server's text and drops the local edits.
 */
export async function resolveConflict(
  db: MirrorDb,
  postId: string,
  keep: 'mine' | 'theirs',
  options: OutboxOptions = {},
): Promise<void> {
  const newId = options.newId ?? (() => crypto.randomUUID());
  await db.transaction('rw', db.posts, db.outbox, async () => {
    const post = await db.posts.get(postId);
    if (!post?.conflict) return;
    const { serverAnswer, serverVersion } = post.conflict;
    const answers = (await rowsOfPost(db, postId)).filter((row) => row.kind === 'answer');
    if (keep === 'theirs') {
      await db.outbox.bulkDelete(answers.map((row) => row.seq));
      await refreshPostState(db, postId, {
        answer: serverAnswer,
        answerVersion: serverVersion,
        conflict: null,
      });
      return;
    }
    for (const row of answers) {
      await db.outbox.update(row.seq, {
        state: 'queued',
        reason: null,
        inflight: null,
        attempts: 0,
        nextAttemptAt: null,
        baseVersion: serverVersion,
        mutationId: newId(),
      });
    }
    await refreshPostState(db, postId, { answerVersion: serverVersion, conflict: null });
  });
}

/**
 * Sends a post's parked changes again (after the person fixed what was refused, or to try once more). A
 * conflict is settled with `resolveConflict` instead.
 */
export async function retryParked(db: MirrorDb, postId: string): Promise<void> {
  await db.transaction('rw', db.posts, db.outbox, async () => {
    if ((await db.posts.get(postId))?.conflict) return;
    const parked = (await rowsOfPost(db, postId)).filter((row) => row.state === 'parked');
    for (const row of parked) await db.outbox.update(row.seq, { state: 'queued', reason: null, attempts: 0 });
    await refreshPostState(db, postId);
  });
}

/**
 * Drops a post's parked changes, by the person's choice. The card keeps the local value until the next
 * revalidation brings the server's.
 */
export async function discardParked(db: MirrorDb, postId: string): Promise<void> {
  await db.transaction('rw', db.posts, db.outbox, async () => {
    const rows = await rowsOfPost(db, postId);
    const firstParked = rows.find((row) => row.state === 'parked');
    if (!firstParked) return;
    // Later rows of the same kind were made on top of the refused value; they go with it.
    const dropped = rows.filter((row) => row.state === 'parked' || row.kind === firstParked.kind);
    await db.outbox.bulkDelete(dropped.map((row) => row.seq));
    await refreshPostState(db, postId);
  });
}

/**
 * 'Not relevant': the card goes at once and "set relevant to false" is queued for the server, which then
 * leaves the post out of its lists and counts it as a bad find. `restorePost` takes the mark back.
 */
export function markNotRelevant(db: MirrorDb, postId: string, options: OutboxOptions = {}) {
  return queue(db, postId, 'relevance', false, options);
}

/** Shows a post hidden as not relevant again (Undo) and queues "take the mark back" for the server. */
export function restorePost(db: MirrorDb, postId: string, options: OutboxOptions = {}) {
  return queue(db, postId, 'relevance', null, options);
}

/** Queues "the answer was copied" (a good find); sent in the background, and harmless when sent twice. */
export function recordCopy(db: MirrorDb, postId: string, options: OutboxOptions = {}) {
  return queue(db, postId, 'copied', true, options);
}
