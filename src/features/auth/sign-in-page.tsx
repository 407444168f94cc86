import { lazy } from 'react';
import { authMode } from '@/lib/env';

/** Loads the sign-in screen of the adapter in use; calling it early only warms the module cache. */
export const loadSignInPage =
  authMode === 'clerk'
    ? () => import('./clerk/clerk-sign-in-page').then((m) => ({ default: m.ClerkSignInPage }))
    : () => import('./local/local-sign-in-page').then((m) => ({ default: m.LocalSignInPage }));

/** The sign-in screen of the adapter in use. */
export const SignInPage = lazy(loadSignInPage);
