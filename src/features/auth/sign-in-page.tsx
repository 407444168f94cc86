import { authMode } from '@/lib/env';
import { lazyScreen } from '@/lib/lazy-screen';

/** The sign-in screen of the adapter in use; `SignInPage.load()` fetches it ahead of its first render. */
export const SignInPage = lazyScreen(
  authMode === 'clerk'
    ? () => import('./clerk/clerk-sign-in-page').then((m) => m.ClerkSignInPage)
    : () => import('./local/local-sign-in-page').then((m) => m.LocalSignInPage),
);
