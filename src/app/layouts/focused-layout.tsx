import type { ReactNode } from 'react';
import { ScreenBoundary } from '../screen-boundary';
import { Logo } from './logo';

/** Screens before the app itself (subscribe, onboarding): the logo and product name above the page. */
export function FocusedLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="flex items-center gap-2 px-4 py-4 md:px-8">
        <Logo />
        <span className="text-base font-semibold">ReplyRadar</span>
      </header>
      <main className="flex flex-1 flex-col px-4 md:px-8">
        <ScreenBoundary>{children}</ScreenBoundary>
      </main>
    </div>
  );
}
