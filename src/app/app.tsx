import type { AuthSession } from '@contract/auth';
import { type ReactNode, startTransition, useEffect, useLayoutEffect, useState } from 'react';
import { Router } from 'wouter';
import { AuthProvider } from '@/features/auth/auth-provider';
import { firstScreenCommitted } from '@/first-screen/first-paint';
import { takeOverPage } from '@/first-screen/page-take-over';
import { HydratedContext } from '@/first-screen/use-hydrated';
import { ApiCacheProvider } from '@/lib/api-cache';
import { useAuth } from '@/lib/auth';
import { ApiClientWiring } from './api-client-wiring';
import { CustomerChat } from './customer-chat';
import { AppRouter } from './router';
import { ScreenBoundary } from './screen-boundary';
import { UpdateToast } from './update-toast';
import { WorkspaceCacheReset } from './workspace-cache-reset';

export { loadFirstScreen } from './router';

/**
 * The app: the data cache (SWR's defaults are the spec's data-fetch defaults), auth, then the routes.
 * `pageSession` is the session the page came with, when it said, and `pageData` the first screen's data
 * it came with, by cache key (decision 017). `serverLocation` is the address the server renders the
 * first screen at (decision 020); in the browser the router follows the browser's address. `takingOver`
 * says this render takes over the HTML the server drew: until it has, the app draws the server's way
 * (`useHydrated`).
 */
export function App({
  pageSession,
  pageData,
  serverLocation,
  takingOver = false,
}: {
  pageSession?: AuthSession | null | undefined;
  pageData?: Record<string, unknown>;
  serverLocation?: { path: string; search: string };
  takingOver?: boolean;
} = {}) {
  const [hydrated, setHydrated] = useState(!takingOver && serverLocation === undefined);
  useLayoutEffect(() => {
    firstScreenCommitted();
    // Taking over a page the server drew: a form sent on it meanwhile is the app's to send now.
    takeOverPage();
  }, []);
  // Then what was drawn the server's way is drawn this device's way, in short slices.
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return (
    <HydratedContext.Provider value={hydrated}>
      <Router {...(serverLocation ? { ssrPath: serverLocation.path, ssrSearch: serverLocation.search } : {})}>
        <Screens pageSession={pageSession} pageData={pageData} />
      </Router>
    </HydratedContext.Provider>
  );
}

function Screens({
  pageSession,
  pageData,
}: {
  pageSession: AuthSession | null | undefined;
  pageData: Record<string, unknown> | undefined;
}) {
  return (
    <AuthProvider pageSession={pageSession}>
      <ApiClientWiring />
      <CustomerChat />
      <PersonsApiCache firstData={pageData}>
        <WorkspaceCacheReset />
        <ScreenBoundary>
          <AppRouter />
        </ScreenBoundary>
      </PersonsApiCache>
      <UpdateToast />
    </AuthProvider>
  );
}

/** The data cache of the signed-in person (a new one for each person, and for nobody). */
function PersonsApiCache({
  children,
  firstData,
}: {
  children: ReactNode;
  firstData: Record<string, unknown> | undefined;
}) {
  const { user } = useAuth();
  return (
    <ApiCacheProvider firstData={firstData} owner={user?.id ?? null}>
      {children}
    </ApiCacheProvider>
  );
}
