import type { ReactNode } from 'react';
import { useLocation } from 'wouter';
import { PageLoader } from '@/components/ui/loader';
import { useAuth } from '@/lib/auth';
import { authGate } from './gate-rules';
import { Verdict } from './verdict';

/**
 * Spec section 2, auth gate: a spinner until auth has loaded; a visitor who is not signed in goes to sign
 * in (the page they asked for is not kept in the URL); a signed-in person on sign in or sign up goes home.
 */
export function AuthGate({ children }: { children: ReactNode }) {
  const { isLoaded, isSignedIn } = useAuth();
  const [location] = useLocation();
  if (!isLoaded) return <PageLoader />;
  return <Verdict verdict={authGate(location, isSignedIn)}>{children}</Verdict>;
}
