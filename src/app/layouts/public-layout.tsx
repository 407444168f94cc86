import type { ReactNode } from 'react';
import { ScreenBoundary } from '../screen-boundary';
import { Logo } from './logo';

/** Sign in and sign up: the logo above the screen, both centred. */
export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-6 bg-muted/40 px-4 py-10">
      <Logo alt="ReplyRadar" size="lg" />
      <ScreenBoundary>{children}</ScreenBoundary>
    </main>
  );
}
