import { createContext, type ReactNode, useContext, useEffect, useRef, useState } from 'react';
import { getMirrorDb, type MirrorDb } from '@/db/mirror';
import { whenIdleAfterFirstScreenSettles } from '@/first-screen/first-paint';
import { appUpdate } from '@/lib/app-update';
import { useAuth } from '@/lib/auth';
import type { createSyncEngine, SyncEngine } from '@/sync/sync-engine';

/** What the app asks of the sync engine: send the outbox now, or before logging out. */
export type SyncEngineActions = Pick<SyncEngine, 'flush' | 'flushBeforeLogout'>;

export interface SyncContextValue {
  db: MirrorDb;
  engine: SyncEngineActions;
}

/** The signed-in app's mirror and sync engine; null outside it. */
export const SyncEngineContext = createContext<SyncContextValue | null>(null);

export function useSyncEngine(): SyncContextValue | null {
  return useContext(SyncEngineContext);
}

/**
 * Creates the one sync engine after sign-in and runs it while the signed-in app is shown. The engine waits
 * for a fresh session token after a 401 by asking auth for one. Its code loads when it starts, once the
 * first screen has settled (or at once when it is asked to send before then): a change made meanwhile
 * waits in the outbox, which the start sends.
 */
export function SyncEngineProvider({
  children,
  db = getMirrorDb(),
  create,
}: {
  children: ReactNode;
  db?: MirrorDb;
  /** Builds the engine (tests); the app loads `createSyncEngine` when it starts it. */
  create?: typeof createSyncEngine;
}) {
  const { getToken } = useAuth();
  const latestGetToken = useRef(getToken);
  latestGetToken.current = getToken;
  const [engine] = useState(() => {
    let loading: Promise<SyncEngine> | null = null;
    return () => {
      loading ??= (
        create ? Promise.resolve(create) : import('@/sync/sync-engine').then((m) => m.createSyncEngine)
      ).then((make) => make({ db, waitForAuth: () => latestGetToken.current().then(() => undefined) }));
      return loading;
    };
  });
  const [value] = useState<SyncContextValue>(() => ({
    db,
    engine: {
      flush: () => engine().then((it) => it.flush()),
      flushBeforeLogout: () => engine().then((it) => it.flushBeforeLogout()),
    },
  }));

  useEffect(() => {
    let stopped = false;
    let started: SyncEngine | null = null;
    void whenIdleAfterFirstScreenSettles()
      .then(engine)
      .then((it) => {
        if (stopped) return;
        started = it;
        it.start();
      })
      .catch((error: unknown) =>
        console.error('Could not start sending the changes made on this device', error),
      );
    return () => {
      stopped = true;
      started?.stop();
    };
  }, [engine]);

  // A new version of the app takes over only after the outbox was sent (or could not be, offline).
  useEffect(() => appUpdate.beforeUpdate(() => value.engine.flush()), [value]);

  return <SyncEngineContext.Provider value={value}>{children}</SyncEngineContext.Provider>;
}
