import { lazy } from 'react';
import { authMode } from '@/lib/env';

/** The sign-up screen of the adapter in use. */
export const SignUpPage =
  authMode === 'clerk'
    ? lazy(() => import('./clerk/clerk-sign-up-page').then((m) => ({ default: m.ClerkSignUpPage })))
    : lazy(() => import('./local/local-sign-up-page').then((m) => ({ default: m.LocalSignUpPage })));
