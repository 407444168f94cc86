import { ClerkProvider, useClerk } from '@clerk/clerk-react';
import { type ReactNode, useEffect } from 'react';
import { useLocation } from 'wouter';
import { routes } from '@/app/routes';
import { AuthContext } from '@/lib/auth';
import { env } from '@/lib/env';
import { keepClerkScripts, loadedScripts } from './clerk-script';
import { useClerkAuthState } from './use-clerk-auth-state';

/** Once Clerk has loaded, its script files are kept on the device, for opening offline (decision 041). */
function useKeepClerkScripts(): void {
  const { status } = useClerk();
  useEffect(() => {
    if (status !== 'ready') return;
    keepClerkScripts(loadedScripts(), window.location.origin).catch((error: unknown) =>
      console.warn("Could not keep Clerk's script on this device", error),
    );
  }, [status]);
}

function ClerkAuthBridge({ children }: { children: ReactNode }) {
  const state = useClerkAuthState();
  useKeepClerkScripts();
  return <AuthContext.Provider value={state}>{children}</AuthContext.Provider>;
}

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
    >
      <ClerkAuthBridge>{children}</ClerkAuthBridge>
    </ClerkProvider>
  );
}
