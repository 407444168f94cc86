import type { AuthSession } from '@contract/auth';
import { lazy, type ReactNode, Suspense } from 'react';
import { PageLoader } from '@/components/ui/loader';
import { authMode } from '@/lib/env';
import { LocalAuthProvider } from './local/local-auth-provider';

// The Clerk SDK is its own chunk and never loads in local mode. The local accounts' provider is small and
// part of the app, so that a local sign-in starts without waiting for one more chunk.
const ClerkAuthProvider = lazy(() =>
  import('./clerk/clerk-auth-provider').then((m) => ({ default: m.ClerkAuthProvider })),
);

/**
 * Provides `useAuth()` through the adapter the configuration chooses (Clerk, or the local accounts).
 * `pageSession` is the local session the page came with, when it said (decision 017).
 */
export function AuthProvider({
  children,
  pageSession,
}: {
  children: ReactNode;
  pageSession?: AuthSession | null | undefined;
}) {
  if (authMode === 'local')
    return <LocalAuthProvider pageSession={pageSession}>{children}</LocalAuthProvider>;
  return (
    <Suspense fallback={<PageLoader />}>
      <ClerkAuthProvider>{children}</ClerkAuthProvider>
    </Suspense>
  );
}
