import { createContext, type ReactNode, useContext, useEffect, useRef, useState } from 'react';
import { getMirrorDb, type MirrorDb } from '@/db/mirror';
import { appUpdate } from '@/lib/app-update';
import { useAuth } from '@/lib/auth';
import { whenIdleAfterFirstPaint } from '@/lib/first-paint';
import { createSyncEngine, type SyncEngine } from '@/sync/sync-engine';

export interface SyncContextValue {
  db: MirrorDb;
  engine: SyncEngine;
}

/** The signed-in app's mirror and sync engine; null outside it. */
export const SyncEngineContext = createContext<SyncContextValue | null>(null);

export function useSyncEngine(): SyncContextValue | null {
  return useContext(SyncEngineContext);
}

/**
 * Creates the one sync engine after sign-in and runs it while the signed-in app is shown. The engine waits
 * for a fresh session token after a 401 by asking auth for one.
 */
export function SyncEngineProvider({
  children,
  db = getMirrorDb(),
  create = createSyncEngine,
}: {
  children: ReactNode;
  db?: MirrorDb;
  create?: typeof createSyncEngine;
}) {
  const { getToken } = useAuth();
  const latestGetToken = useRef(getToken);
  latestGetToken.current = getToken;
  const [value] = useState<SyncContextValue>(() => ({
    db,
    engine: create({ db, waitForAuth: () => latestGetToken.current().then(() => undefined) }),
  }));

  // Started once the first screen has painted and the browser has a moment: its first drain opens the
  // mirror. (An edit made before then waits in the outbox, which the start sends.)
  useEffect(() => {
    let stopped = false;
    void whenIdleAfterFirstPaint().then(() => {
      if (!stopped) value.engine.start();
    });
    return () => {
      stopped = true;
      value.engine.stop();
    };
  }, [value]);

  // A new version of the app takes over only after the outbox was sent (or could not be, offline).
  useEffect(() => appUpdate.beforeUpdate(() => value.engine.flush()), [value]);

  return <SyncEngineContext.Provider value={value}>{children}</SyncEngineContext.Provider>;
}
