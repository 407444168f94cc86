import { createContext, useContext } from 'react';
import { useAuth } from '@/lib/auth';

/** The signed-in app's log out (it flushes the outbox first); see LogOutProvider. */
export const LogOutContext = createContext<(() => Promise<void>) | null>(null);

/**
 * Log out: the signed-in app's, which sends waiting changes first, or a plain sign out outside it. The
 * data cache is the person's (see ApiCacheProvider): it goes with them, and the auth gate shows sign in.
 */
export function useLogOut(): () => Promise<void> {
  const provided = useContext(LogOutContext);
  const { signOut } = useAuth();
  return provided ?? signOut;
}
