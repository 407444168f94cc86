import type { AuthSession } from '@contract/auth';
import { type ReactNode, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { AuthContext } from '@/lib/auth';
import { toAuthState } from './local-auth-state';
import { LocalSessionStore } from './local-session';
import { LocalSessionContext } from './local-session-context';

/** Auth through the accounts the server keeps: asks for a session from the refresh cookie on start. */
export function LocalAuthProvider({
  children,
  store: given,
  pageSession,
}: {
  children: ReactNode;
  /** For tests; one store is made per provider otherwise. */
  store?: LocalSessionStore;
  /** The session the page came with, if it said (see LocalSessionStore). */
  pageSession?: AuthSession | null | undefined;
}) {
  const [store] = useState(() => given ?? new LocalSessionStore(Date.now, pageSession));
  // The page's HTML was drawn from the same start (the page's session), so it is the server's snapshot too.
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  const state = useMemo(() => toAuthState(snapshot, store), [snapshot, store]);

  useEffect(() => {
    store.start();
    return store.stop;
  }, [store]);

  return (
    <LocalSessionContext.Provider value={store}>
      <AuthContext.Provider value={state}>{children}</AuthContext.Provider>
    </LocalSessionContext.Provider>
  );
}
