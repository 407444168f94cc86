import { lazy, type ReactNode, Suspense } from 'react';
import { PageLoader } from '@/components/ui/loader';
import { authMode } from '@/lib/env';

// Each adapter is its own chunk: the Clerk SDK never loads in local mode, nor the local code under Clerk.
const ModeAuthProvider =
  authMode === 'clerk'
    ? lazy(() => import('./clerk/clerk-auth-provider').then((m) => ({ default: m.ClerkAuthProvider })))
    : lazy(() => import('./local/local-auth-provider').then((m) => ({ default: m.LocalAuthProvider })));

/** Provides `useAuth()` through the adapter the configuration chooses (Clerk, or the local accounts). */
export function AuthProvider({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={<PageLoader />}>
      <ModeAuthProvider>{children}</ModeAuthProvider>
    </Suspense>
  );
}
