import type { AuthSession } from '@contract/auth';
import type { MirrorDb } from '@/db/mirror';
import { apiClient, configureApiClient } from '@/lib/api-client';
import { nextBatches } from '@/sync/outbox-batch';
import { createSyncEngine, type SyncApi, type SyncEngineOptions } from '@/sync/sync-engine';
import { UnsentChangesError } from '@/sync/unsent-changes-error';

/**
 * What a send from the service worker came to: `sent` (nothing sendable is left), `empty` (there was
 * nothing to send), `left-for-page` (under Clerk: the worker cannot get a token), `signed-out` (no session
 * cookie: the rows wait for the person to sign in again).
 */
export type WorkerSendResult = 'sent' | 'empty' | 'left-for-page' | 'signed-out';

/** Rows could be sent but were not (offline, the server down or answering 5xx): the browser tries again. */
export class OutboxNotSentError extends Error {
  override name = 'OutboxNotSentError';
}

export type WorkerOutboxOptions = {
  /**
   * Under Clerk a token is minted by Clerk's script in a page, which a service worker cannot run: the rows
   * are left for the page (sent at its next start). Local accounts get a token from the session cookie.
   */
  authMode: 'clerk' | 'local';
  db: MirrorDb;
  /** Where the changes go; the batch call through the app's API client by default. */
  api?: SyncApi;
  /** A fresh session from the session cookie (`POST /api/auth/token`), null when signed out. */
  mintSession?: () => Promise<AuthSession | null>;
  now?: () => number;
} & Pick<SyncEngineOptions, 'sleep' | 'random' | 'withLock' | 'registerBackgroundSync' | 'isOnline'>;

/** Whether the outbox holds a change that can be sent now (parked and conflicting ones wait for the person). */
export async function hasSendableChanges(db: MirrorDb): Promise<boolean> {
  return nextBatches(await db.outbox.orderBy('seq').toArray(), 1).length > 0;
}

/** A token with less time left than this is minted afresh, as the page's session store does. */
const TOKEN_MARGIN_MS = 30_000;

/**
 * Sends the outbox from the service worker, when no ReplyRadar window is open to do it (issue 15: edits
 * no longer wait for an open tab). It is the page's own sync engine over the same mirror, so the protocol
 * is one: the same batches, mutation ids, base versions and outcomes, and the same Web Locks lock
 * (`replyradar-outbox`), so the worker and a page never send at the same time.
 *
 * The engine tries a few times with its backoff (its bounded send, `flushBeforeLogout`), then gives up:
 * when sendable rows remain this rejects with `OutboxNotSentError`, which fails the Background Sync
 * event so that the browser wakes the worker again later. Rows parked or in conflict wait for the person
 * and do not count.
 */
export async function sendOutboxFromWorker(options: WorkerOutboxOptions): Promise<WorkerSendResult> {
  const { db } = options;
  if (!(await hasSendableChanges(db))) return 'empty';
  if (options.authMode === 'clerk') return 'left-for-page';

  const now = options.now ?? Date.now;
  const mintSession = options.mintSession ?? (() => apiClient.call('refreshSession'));
  let session: AuthSession | null = await mintSession().catch((error: unknown) => {
    throw new OutboxNotSentError('No session token could be had', { cause: error });
  });
  if (!session) return 'signed-out';

  const getToken = async (): Promise<string | null> => {
    if (!session || session.expiresAt - now() <= TOKEN_MARGIN_MS) session = await mintSession();
    return session?.token ?? null;
  };
  // Each outbox row names its project, and the engine sends it as `project-id`: no current project here.
  configureApiClient({ getToken, getProjectId: () => null });

  const engine = createSyncEngine({
    db,
    now,
    events: {},
    // After a 401 the next request mints a new token.
    waitForAuth: async () => {
      session = null;
    },
    ...(options.api ? { api: options.api } : {}),
    ...(options.sleep ? { sleep: options.sleep } : {}),
    ...(options.random ? { random: options.random } : {}),
    ...(options.withLock ? { withLock: options.withLock } : {}),
    ...(options.isOnline ? { isOnline: options.isOnline } : {}),
    registerBackgroundSync: options.registerBackgroundSync ?? (() => undefined),
  });
  try {
    await engine.flushBeforeLogout();
  } catch (error) {
    if (!(error instanceof UnsentChangesError)) throw error;
  } finally {
    engine.stop();
  }
  if (await hasSendableChanges(db)) throw new OutboxNotSentError('Changes are still waiting to be sent');
  return 'sent';
}
