import { lazy } from 'react';
import { authMode } from '@/lib/env';

/** The sign-in screen of the adapter in use. */
export const SignInPage =
  authMode === 'clerk'
    ? lazy(() => import('./clerk/clerk-sign-in-page').then((m) => ({ default: m.ClerkSignInPage })))
    : lazy(() => import('./local/local-sign-in-page').then((m) => ({ default: m.LocalSignInPage })));
