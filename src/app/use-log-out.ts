import { useCallback } from 'react';
import { useAuth } from '@/lib/auth';
import { useClearApiCache } from '@/lib/use-api';

/** Signs out and empties the data cache; the auth gate then shows sign in. */
export function useLogOut(): () => Promise<void> {
  const { signOut } = useAuth();
  const clearApiCache = useClearApiCache();
  return useCallback(async () => {
    await signOut();
    clearApiCache();
  }, [signOut, clearApiCache]);
}
