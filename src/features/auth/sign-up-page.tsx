import { authMode } from '@/lib/env';
import { lazyScreen } from '@/lib/lazy-screen';

/** The sign-up screen of the adapter in use; `SignUpPage.load()` fetches it ahead of its first render. */
export const SignUpPage = lazyScreen(
  authMode === 'clerk'
    ? () => import('./clerk/clerk-sign-up-page').then((m) => m.ClerkSignUpPage)
    : () => import('./local/local-sign-up-page').then((m) => m.LocalSignUpPage),
);
