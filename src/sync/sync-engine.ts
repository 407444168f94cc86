import type { Post } from '@contract/entities';
import type { PostMutation, PostMutationResult } from '@contract/post-mutations';
import { liveQuery, type Observable } from 'dexie';
import type { MirrorDb } from '@/db/mirror';
import { ApiError, apiClient, isUnreachable } from '@/lib/api-client';
import { isServiceWorkerMessage, serviceWorkerMessages } from '@/lib/service-worker-messages';
import { registerOutboxSync } from '@/sync/background-sync';
import { backoffDelay } from '@/sync/backoff';
import { nextBatches, type OutboxBatch } from '@/sync/outbox-batch';
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

/** Where the outbox's changes go: the batch call, for the project the changes were made in. */
export interface SyncApi {
  applyMutations(projectId: string, mutations: PostMutation[]): Promise<PostMutationResult[]>;
}

/** The batch call through the app's API client (`project-id` is the project the rows were made in). */
export const apiClientSyncApi: SyncApi = {
  applyMutations: async (projectId, mutations) =>
    (await apiClient.call('applyPostMutations', { body: { mutations }, projectId })).results,
};

/** The change a batch of rows sends. */
function mutationOf(batch: OutboxBatch): PostMutation {
  const head = batch.rows[0];
  if (!head) throw new Error('An outbox batch has at least one row');
  const { mutationId, value, baseVersion } = batch.request;
  const { postId } = head;
  switch (head.kind) {
    case 'answer':
      return {
        kind: 'answer',
        postId,
        mutationId,
        answer: String(value),
        ...(baseVersion === null ? {} : { baseVersion }),
      };
    case 'approval':
      return { kind: 'approval', postId, mutationId, approved: value === true };
    case 'relevance':
      return { kind: 'relevance', postId, mutationId, relevant: typeof value === 'boolean' ? value : null };
    case 'copied':
      return { kind: 'copied', postId, mutationId };
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

/** What became of one change: applied, to send again later, or refused (a conflict or another refusal). */
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

/** A change's result in the batch's answer, as the outcome a call of its own would have had. */
function outcomeOf(result: PostMutationResult | undefined, batch: OutboxBatch): Outcome {
  if (!result) return { kind: 'retry', network: false };
  if (result.status === 200 && result.post) return { kind: 'ok', post: result.post };
  const error = result.error ?? { code: 'internal_error', message: 'The change was not applied' };
  return classify(new ApiError(result.status, error, result.post), batch);
}

/**
 * The change a refused request is about: a 400 names it (`mutations.3.answer`), and only it is refused;
 * the others go again. Any other refusal (no subscription, say) is every change's.
 */
function refusedIndex(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const index = /^mutations\.(\d+)\./.exec(error.error.field ?? '')?.[1];
  return index === undefined ? null : Number(index);
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

  /** Sends the changes in one request; each gets its outcome. */
  async function send(batches: readonly OutboxBatch[]): Promise<Outcome[]> {
    const projectId = batches[0]?.rows[0]?.projectId;
    if (projectId === undefined) throw new Error('An outbox request has at least one change');
    try {
      const results = await api.applyMutations(projectId, batches.map(mutationOf));
      return batches.map((batch, index) => outcomeOf(results[index], batch));
    } catch (error) {
      const refused = refusedIndex(error);
      if (refused !== null && refused < batches.length)
        return batches.map((batch, index) =>
          index === refused ? classify(error, batch) : { kind: 'retry', network: false },
        );
      return batches.map((batch) => classify(error, batch));
    }
  }

  /** Settles a change the server answered; says whether it is to be sent again. */
  async function settle(batch: OutboxBatch, outcome: Outcome): Promise<boolean> {
    switch (outcome.kind) {
      case 'ok':
        await applySuccess(db, batch, outcome.post);
        return false;
      case 'conflict':
        await applyConflict(db, batch, outcome.error.message, outcome.error.data);
        return false;
      case 'park':
        // A refused copy is nothing the person can fix or needs to see: it is dropped.
        if (batch.rows[0]?.kind === 'copied') await dropBatch(db, batch);
        else await applyPark(db, batch, outcome.error.message);
        return false;
      default:
        return true;
    }
  }

  async function drain(): Promise<void> {
    let failures = 0;
    while (!stopped) {
      const batches = nextBatches(await db.outbox.orderBy('seq').toArray());
      if (batches.length === 0) return;
      if (!isOnline()) {
        registerBackgroundSync();
        return;
      }
      await markInflight(db, batches);
      const outcomes = await send(batches);
      const again = [];
      for (const [index, batch] of batches.entries()) {
        const outcome = outcomes[index] ?? { kind: 'retry', network: false };
        if (await settle(batch, outcome)) again.push({ batch, outcome });
      }
      // Something was settled: what is left goes again at once, as part of the next request.
      if (again.length < batches.length) {
        failures = 0;
        continue;
      }
      failures += 1;
      if (failures > retryLimit) return;
      if (again.some(({ outcome }) => outcome.kind === 'auth')) {
        await waitForAuth();
        continue;
      }
      const delay = backoffDelay(failures, random);
      for (const { batch } of again) await recordFailure(db, batch, now() + delay);
      if (again.some(({ outcome }) => outcome.kind === 'retry' && outcome.network)) registerBackgroundSync();
      await wait(delay);
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
