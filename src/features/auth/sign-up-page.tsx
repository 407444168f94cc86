import { lazy } from 'react';
import { authMode } from '@/lib/env';

/** Loads the sign-up screen of the adapter in use; calling it early only warms the module cache. */
export const loadSignUpPage =
  authMode === 'clerk'
    ? () => import('./clerk/clerk-sign-up-page').then((m) => ({ default: m.ClerkSignUpPage }))
    : () => import('./local/local-sign-up-page').then((m) => ({ default: m.LocalSignUpPage }));

/** The sign-up screen of the adapter in use. */
export const SignUpPage = lazy(loadSignUpPage);
