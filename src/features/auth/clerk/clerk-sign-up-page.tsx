import { SignUp } from '@clerk/clerk-react';
import { routes } from '@/app/routes';

/** Clerk's sign-up screen, at the sign-up route and the steps below it. */
export function ClerkSignUpPage() {
  return <SignUp routing="path" path={routes.signUp.path} signInUrl={routes.signIn.href()} />;
}
