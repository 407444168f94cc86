import type { AuthSession } from '@contract/auth';
import { Suspense, useLayoutEffect } from 'react';
import { PageLoader } from '@/components/ui/loader';
import { AuthProvider } from '@/features/auth/auth-provider';
import { firstScreenCommitted } from '@/lib/first-paint';
import { ApiCacheProvider } from '@/lib/use-api';
import { ApiClientWiring } from './api-client-wiring';
import { CustomerChat } from './customer-chat';
import { AppRouter } from './router';
import { UpdateToast } from './update-toast';
import { WorkspaceCacheReset } from './workspace-cache-reset';

export { loadFirstScreen } from './router';

/**
 * The app: the data cache (SWR's defaults are the spec's data-fetch defaults), auth, then the routes.
 * `pageSession` is the session the page came with, when it said, and `pageData` the first screen's data
 * it came with, by cache key (decision 017).
 */
export function App({
  pageSession,
  pageData,
}: {
  pageSession?: AuthSession | null | undefined;
  pageData?: Record<string, unknown>;
} = {}) {
  useLayoutEffect(() => firstScreenCommitted(), []);
  return (
    <AuthProvider pageSession={pageSession}>
      <ApiClientWiring />
      <CustomerChat />
      <ApiCacheProvider firstData={pageData}>
        <WorkspaceCacheReset />
        <Suspense fallback={<PageLoader />}>
          <AppRouter />
        </Suspense>
      </ApiCacheProvider>
      <UpdateToast />
    </AuthProvider>
  );
}
