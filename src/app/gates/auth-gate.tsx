import type { ReactNode } from 'react';
import { Redirect, useLocation } from 'wouter';
import { PageLoader } from '@/components/ui/loader';
import { useAuth } from '@/lib/auth';
import { isPublicPath, routes } from '../routes';

/**
 * Spec section 2, auth gate: a spinner until auth has loaded; a visitor who is not signed in goes to sign
 * in (the page they asked for is not kept in the URL); a signed-in person on sign in or sign up goes home.
 */
export function AuthGate({ children }: { children: ReactNode }) {
  const { isLoaded, isSignedIn } = useAuth();
  const [location] = useLocation();
  if (!isLoaded) return <PageLoader />;
  const onPublicPage = isPublicPath(location);
  if (!isSignedIn && !onPublicPage) return <Redirect to={routes.signIn.href()} replace />;
  if (isSignedIn && onPublicPage) return <Redirect to={routes.home.href()} replace />;
  return children;
}
