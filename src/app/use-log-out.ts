import { createContext, useCallback, useContext } from 'react';
import { useAuth } from '@/lib/auth';
import { useClearApiCache } from '@/lib/use-api';

/** The signed-in app's log out (it flushes the outbox first); see LogOutProvider. */
export const LogOutContext = createContext<(() => Promise<void>) | null>(null);

/** Signs out and empties the data cache; the auth gate then shows sign in. */
export function useSignOutAndClearCache(): () => Promise<void> {
  const { signOut } = useAuth();
  const clearApiCache = useClearApiCache();
  return useCallback(async () => {
    await signOut();
    clearApiCache();
  }, [signOut, clearApiCache]);
}

/** Log out: the signed-in app's, which sends waiting changes first, or a plain sign out outside it. */
export function useLogOut(): () => Promise<void> {
  const provided = useContext(LogOutContext);
  const plain = useSignOutAndClearCache();
  return provided ?? plain;
}
