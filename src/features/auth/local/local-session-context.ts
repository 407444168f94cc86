import { createContext, useContext } from 'react';
import type { LocalSessionStore } from './local-session';

export const LocalSessionContext = createContext<LocalSessionStore | null>(null);

/** The local session store, for the local sign-in and sign-up screens. */
export function useLocalSession(): LocalSessionStore {
  const store = useContext(LocalSessionContext);
  if (store === null) throw new Error('useLocalSession must be used inside LocalAuthProvider');
  return store;
}
