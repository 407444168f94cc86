import { SignIn } from '@clerk/clerk-react';
import { routes } from '@/app/routes';

/** Clerk's sign-in screen, at the sign-in route and the steps below it. */
export function ClerkSignInPage() {
  return <SignIn routing="path" path={routes.signIn.path} signUpUrl={routes.signUp.href()} />;
}
