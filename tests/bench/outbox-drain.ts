/**
 * 1,000 answer edits spread over 50 posts, made while offline, then the network comes back: how many
 * requests the sync engine sends (and how many answer edits they carry) and how long the drain takes. The real mirror (Dexie on
 * fake-indexeddb), the real outbox and sync engine, against the real server over HTTP.
 */
import 'fake-indexeddb/auto';
import { MirrorDb } from '@/db/mirror';
import { writePosts } from '@/db/mirror-writes';
import { apiClient, configureApiClient } from '@/lib/api-client';
import { editAnswer } from '@/sync/answer-outbox';
import { createSyncEngine } from '@/sync/sync-engine';
import type { BenchTarget } from './target';

export interface OutboxDrainResult {
  edits: number;
  posts: number;
  /** Requests the drain sent, and the answer edits they carried. */
  requests: number;
  answerEdits: number;
  drainMs: number;
  editsMs: number;
  outboxLeft: number;
  serverHoldsLastEdits: boolean;
}

export async function benchOutboxDrain(target: BenchTarget, edits = 1000): Promise<OutboxDrainResult> {
  configureApiClient({
    baseUrl: target.baseURL,
    getToken: () => `Bearer ${target.token}`,
    getProjectId: () => target.projectId,
  });
  const db = new MirrorDb(`bench-${crypto.randomUUID()}`);
  const foundDate = target.dates.fifty;
  const listed = await apiClient.call('listPosts', {
    params: { social: 'reddit' },
    query: { found_date: foundDate },
  });
  await writePosts(
    db,
    { projectId: target.projectId, social: 'reddit', foundDate, keyword: undefined },
    listed,
  );
  const ids = listed.map((post) => post.id);

  // Offline: every edit goes to the mirror and the outbox only.
  const lastEdit = new Map<string, string>();
  const editsStarted = performance.now();
  for (let index = 0; index < edits; index += 1) {
    const postId = ids[index % ids.length] as string;
    const text = `Edit ${index} of the answer to ${postId}: keep the reminders friendly.`;
    await editAnswer(db, postId, text);
    lastEdit.set(postId, text);
  }
  const editsMs = performance.now() - editsStarted;

  // Back online: count what the engine sends.
  let requests = 0;
  let answerEdits = 0;
  const realFetch = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    if (String(input).includes('/api/posts/mutations')) {
      requests += 1;
      const { mutations } = JSON.parse(String(init?.body)) as { mutations: { kind: string }[] };
      answerEdits += mutations.filter((mutation) => mutation.kind === 'answer').length;
    }
    return realFetch(input, init);
  };
  const engine = createSyncEngine({
    db,
    isOnline: () => true,
    registerBackgroundSync: () => undefined,
    withLock: (drain) => drain(),
    events: { window: null, document: null, serviceWorker: null },
  });
  const drainStarted = performance.now();
  await engine.flush();
  const drainMs = performance.now() - drainStarted;
  globalThis.fetch = realFetch;
  engine.stop();

  const after = await apiClient.call('listPosts', {
    params: { social: 'reddit' },
    query: { found_date: foundDate },
  });
  const serverHoldsLastEdits = after.every((post) => lastEdit.get(post.id) === post.answer);
  const outboxLeft = await db.outbox.count();
  db.close();
  return {
    edits,
    posts: ids.length,
    requests,
    answerEdits,
    drainMs,
    editsMs,
    outboxLeft,
    serverHoldsLastEdits,
  };
}
