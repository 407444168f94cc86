import { ClerkProvider } from '@clerk/clerk-react';
import { type ReactNode, useEffect } from 'react';
import { useLocation } from 'wouter';
import { routes } from '@/app/routes';
import { AuthContext } from '@/lib/auth';
import { env } from '@/lib/env';
import { keepClerkScriptsAsLoaded } from './clerk-script';
import { useClerkAuthState } from './use-clerk-auth-state';

/** Clerk's script files are kept on the device as they load, for opening offline (decision 041). */
function useKeepClerkScripts(): void {
  useEffect(() => keepClerkScriptsAsLoaded(window.location.origin), []);
}

function ClerkAuthBridge({ children }: { children: ReactNode }) {
  const state = useClerkAuthState();
  useKeepClerkScripts();
  return <AuthContext.Provider value={state}>{children}</AuthContext.Provider>;
}

const offlineAware = { rethrowOfflineNetworkErrors: true } as const;

/** Auth through Clerk, used when VITE_CLERK_PUBLISHABLE_KEY is set. Clerk navigates through the app's router. */
export function ClerkAuthProvider({ children }: { children: ReactNode }) {
  const [, navigate] = useLocation();
  const publishableKey = env.VITE_CLERK_PUBLISHABLE_KEY;
  if (!publishableKey) throw new Error('ClerkAuthProvider needs VITE_CLERK_PUBLISHABLE_KEY');
  return (
    <ClerkProvider
      publishableKey={publishableKey}
      routerPush={(to) => navigate(to)}
      routerReplace={(to) => navigate(to, { replace: true })}
      signInUrl={routes.signIn.href()}
      signUpUrl={routes.signUp.href()}
      signInFallbackRedirectUrl={routes.home.href()}
      signUpFallbackRedirectUrl={routes.home.href()}
      afterSignOutUrl={routes.signIn.href()}
      // Offline, Clerk's calls fail instead of answering "nobody": Clerk then signs the person in from its
      // session cookie (status degraded), and the app opens for them (decision 041).
      experimental={offlineAware}
    >
      <ClerkAuthBridge>{children}</ClerkAuthBridge>
    </ClerkProvider>
  );
}
