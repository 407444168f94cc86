import type { AuthSession } from '@contract/auth';
import { Suspense } from 'react';
import { PageLoader } from '@/components/ui/loader';
import { AuthProvider } from '@/features/auth/auth-provider';
import { ApiCacheProvider } from '@/lib/use-api';
import { ApiClientWiring } from './api-client-wiring';
import { CustomerChat } from './customer-chat';
import { AppRouter } from './router';
import { UpdateToast } from './update-toast';
import { WorkspaceCacheReset } from './workspace-cache-reset';

export { loadFirstScreen } from './router';

/**
 * The app: the data cache (SWR's defaults are the spec's data-fetch defaults), auth, then the routes.
 * `pageSession` is the session the page came with, when it said (decision 017).
 */
export function App({ pageSession }: { pageSession?: AuthSession | null | undefined } = {}) {
  return (
    <AuthProvider pageSession={pageSession}>
      <ApiClientWiring />
      <CustomerChat />
      <ApiCacheProvider>
        <WorkspaceCacheReset />
        <Suspense fallback={<PageLoader />}>
          <AppRouter />
        </Suspense>
      </ApiCacheProvider>
      <UpdateToast />
    </AuthProvider>
  );
}
