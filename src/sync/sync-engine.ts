import type { Post } from '@contract/entities';
import { liveQuery, type Observable } from 'dexie';
import type { MirrorDb, OutboxRow } from '@/db/mirror';
import { ApiError, apiClient, isUnreachable } from '@/lib/api-client';
import { isServiceWorkerMessage, serviceWorkerMessages } from '@/lib/service-worker-messages';
import { registerOutboxSync } from '@/sync/background-sync';
import { backoffDelay } from '@/sync/backoff';
import { nextBatch, type OutboxBatch } from '@/sync/outbox-batch';
import {
  applyConflict,
  applyPark,
  applySuccess,
  dropBatch,
  markInflight,
  recordFailure,
} from '@/sync/outbox-outcomes';
import { countPendingChanges } from '@/sync/pending-changes';
import { UnsentChangesError } from '@/sync/unsent-changes-error';

/** The write calls the outbox replays, each sent for the project its outbox row was made in. */
export interface SyncApi {
  updateAnswer(
    postId: string,
    body: { answer: string; mutationId: string; baseVersion?: number },
    projectId: string,
  ): Promise<Post>;
  setApproved(
    postId: string,
    body: { approved: boolean; mutationId: string },
    projectId: string,
  ): Promise<Post>;
  setRelevance(
    postId: string,
    body: { relevant: boolean | null; mutationId: string },
    projectId: string,
  ): Promise<Post>;
  markCopied(postId: string, body: { mutationId: string }, projectId: string): Promise<Post>;
}

/** The write routes through the app's API client (the `project-id` header is the current project's). */
export const apiClientSyncApi: SyncApi = {
  updateAnswer: (postId, body, projectId) =>
    apiClient.call('updateAnswer', { params: { postId }, body, projectId }),
  setApproved: (postId, body, projectId) =>
    apiClient.call('setApproved', { params: { postId }, body, projectId }),
  setRelevance: (postId, body, projectId) =>
    apiClient.call('setRelevance', { params: { postId }, body, projectId }),
  markCopied: (postId, body, projectId) =>
    apiClient.call('markCopied', { params: { postId }, body, projectId }),
};

/** Sends one batch through the write call of its kind. */
function sendRequest(api: SyncApi, head: OutboxRow, request: OutboxBatch['request']): Promise<Post> {
  const { mutationId, value, baseVersion } = request;
  const { postId, projectId } = head;
  switch (head.kind) {
    case 'answer':
      return api.updateAnswer(
        postId,
        { answer: String(value), mutationId, ...(baseVersion === null ? {} : { baseVersion }) },
        projectId,
      );
    case 'approval':
      return api.setApproved(postId, { approved: value === true, mutationId }, projectId);
    case 'relevance':
      return api.setRelevance(
        postId,
        { relevant: typeof value === 'boolean' ? value : null, mutationId },
        projectId,
      );
    case 'copied':
      return api.markCopied(postId, { mutationId }, projectId);
  }
}

export interface SyncEngineOptions {
  db: MirrorDb;
  api?: SyncApi;
  isOnline?: () => boolean;
  now?: () => number;
  /** Waits between retries; real timers by default. */
  sleep?: (ms: number) => Promise<void>;
  /** Schedules the debounced flush after a row is queued; returns a cancel. */
  setTimer?: (run: () => void, ms: number) => () => void;
  random?: () => number;
  /** Resolves once a fresh session token can be had (after a 401). */
  waitForAuth?: () => Promise<void>;
  /** Asks the service worker for a Background Sync wake-up (`outbox-sync`). */
  registerBackgroundSync?: () => void;
  /** Runs a drain so that only one tab sends the outbox at a time (Web Locks when the browser has them). */
  withLock?: (drain: () => Promise<void>) => Promise<void>;
  /** Where the triggers come from; the page's window, document and service worker container by default. */
  events?: {
    window?: EventTarget | null;
    document?: (EventTarget & { readonly visibilityState: DocumentVisibilityState }) | null;
    serviceWorker?: EventTarget | null;
  };
  queueDebounceMs?: number;
}

export interface SyncEngine {
  /** Sends at once, then on `online`, on the page becoming visible, on the worker's wake-up, on new rows. */
  start(): void;
  stop(): void;
  /** Sends what can be sent now; resolves when the outbox holds nothing sendable or the device is offline. */
  flush(): Promise<void>;
  /** Resolves when the outbox is empty; otherwise rejects with `UnsentChangesError` (the count left). */
  flushBeforeLogout(): Promise<void>;
  /** "N changes waiting to sync". */
  pendingCount: Observable<number>;
}

/** Retries a flush before logout makes before it gives up and asks the person. */
const LOGOUT_RETRIES = 2;

type Outcome =
  | { kind: 'ok'; post: Post }
  | { kind: 'retry'; network: boolean }
  | { kind: 'auth' }
  | { kind: 'conflict'; error: ApiError }
  | { kind: 'park'; error: ApiError };

function classify(error: unknown, batch: OutboxBatch): Outcome {
  if (!(error instanceof ApiError) || isUnreachable(error)) return { kind: 'retry', network: true };
  const { status } = error;
  if (status >= 500 || status === 408 || status === 429) return { kind: 'retry', network: false };
  if (status === 401) return { kind: 'auth' };
  if (status === 409 && batch.rows[0]?.kind === 'answer') return { kind: 'conflict', error };
  return { kind: 'park', error };
}

const realTimer = (run: () => void, ms: number) => {
  const id = setTimeout(run, ms);
  return () => clearTimeout(id);
};

function defaultLock(drain: () => Promise<void>): Promise<void> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request('replyradar-outbox', drain) : drain();
}

export function createSyncEngine(options: SyncEngineOptions): SyncEngine {
  const { db } = options;
  const api = options.api ?? apiClientSyncApi;
  const isOnline = options.isOnline ?? (() => typeof navigator === 'undefined' || navigator.onLine);
  const now = options.now ?? Date.now;
  const setTimer = options.setTimer ?? realTimer;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimer(resolve, ms)));
  const random = options.random ?? Math.random;
  const waitForAuth = options.waitForAuth ?? (() => sleep(1_000));
  const registerBackgroundSync = options.registerBackgroundSync ?? registerOutboxSync;
  const withLock = options.withLock ?? defaultLock;
  const debounceMs = options.queueDebounceMs ?? 200;

  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;
  let retryLimit = Number.POSITIVE_INFINITY;
  let wakeUp: (() => void) | null = null;
  const cleanups: (() => void)[] = [];

  /** Sleeps `ms`, or less when a trigger (coming online, a wake-up) asks to try now. */
  function wait(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      wakeUp = resolve;
      void sleep(ms).then(resolve);
    }).finally(() => {
      wakeUp = null;
    });
  }

  async function send(batch: OutboxBatch): Promise<Outcome> {
    const head = batch.rows[0];
    if (!head) throw new Error('An outbox batch has at least one row');
    try {
      return { kind: 'ok', post: await sendRequest(api, head, batch.request) };
    } catch (error) {
      return classify(error, batch);
    }
  }

  async function drain(): Promise<void> {
    let failures = 0;
    while (!stopped) {
      const batch = nextBatch(await db.outbox.orderBy('seq').toArray());
      if (!batch) return;
      if (!isOnline()) {
        registerBackgroundSync();
        return;
      }
      if (!batch.resend) await markInflight(db, batch);
      const outcome = await send(batch);
      if (outcome.kind === 'ok') {
        failures = 0;
        await applySuccess(db, batch, outcome.post);
      } else if (outcome.kind === 'conflict') {
        failures = 0;
        await applyConflict(db, batch, outcome.error.message, outcome.error.data);
      } else if (outcome.kind === 'park') {
        failures = 0;
        // A refused copy is nothing the person can fix or needs to see: it is dropped.
        if (batch.rows[0]?.kind === 'copied') await dropBatch(db, batch);
        else await applyPark(db, batch, outcome.error.message);
      } else {
        failures += 1;
        if (failures > retryLimit) return;
        if (outcome.kind === 'auth') {
          await waitForAuth();
          continue;
        }
        const delay = backoffDelay(failures, random);
        await recordFailure(db, batch, now() + delay);
        if (outcome.network) registerBackgroundSync();
        await wait(delay);
      }
    }
  }

  function flush(): Promise<void> {
    wakeUp?.();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await withLock(drain);
        } while (again && !stopped);
      } finally {
        running = null;
      }
    })();
    return running;
  }

  function listen(target: EventTarget | null | undefined, type: string, handler: (event: Event) => void) {
    if (!target) return;
    target.addEventListener(type, handler);
    cleanups.push(() => target.removeEventListener(type, handler));
  }

  const trigger = () => void flush().catch((error: unknown) => console.error('Outbox sync failed', error));

  function start(): void {
    if (cleanups.length > 0) return;
    stopped = false;
    const events = options.events ?? {
      window: typeof window === 'undefined' ? null : window,
      document: typeof document === 'undefined' ? null : document,
      serviceWorker:
        typeof navigator !== 'undefined' && 'serviceWorker' in navigator ? navigator.serviceWorker : null,
    };
    listen(events.window, 'online', trigger);
    listen(events.document, 'visibilitychange', () => {
      if (events.document?.visibilityState === 'visible') trigger();
    });
    listen(events.serviceWorker, 'message', (event) => {
      const data: unknown = event instanceof MessageEvent ? event.data : null;
      if (isServiceWorkerMessage(data, serviceWorkerMessages.syncOutbox)) trigger();
    });

    // A queued row (from this tab or another) sends after a short pause, so a burst goes as one drain.
    let cancelTimer: (() => void) | null = null;
    let last = 0;
    const queued = liveQuery(() => db.outbox.where('state').equals('queued').count()).subscribe({
      next: (count) => {
        if (count > last) {
          cancelTimer?.();
          cancelTimer = setTimer(trigger, debounceMs);
        }
        last = count;
      },
      error: (error: unknown) => console.error('Outbox watch failed', error),
    });
    cleanups.push(() => {
      queued.unsubscribe();
      cancelTimer?.();
    });
    trigger();
  }

  function stop(): void {
    stopped = true;
    for (const cleanup of cleanups.splice(0)) cleanup();
    wakeUp?.();
  }

  async function flushBeforeLogout(): Promise<void> {
    retryLimit = LOGOUT_RETRIES;
    try {
      await flush();
    } finally {
      retryLimit = Number.POSITIVE_INFINITY;
    }
    const left = await countPendingChanges(db);
    if (left > 0) throw new UnsentChangesError(left);
  }

  return { start, stop, flush, flushBeforeLogout, pendingCount: liveQuery(() => countPendingChanges(db)) };
}
