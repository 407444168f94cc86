import { Suspense } from 'react';
import { PageLoader } from '@/components/ui/loader';
import { AuthProvider } from '@/features/auth/auth-provider';
import { ApiCacheProvider } from '@/lib/use-api';
import { ApiClientWiring } from './api-client-wiring';
import { CustomerChat } from './customer-chat';
import { AppRouter } from './router';
import { UpdateToast } from './update-toast';
import { WorkspaceCacheReset } from './workspace-cache-reset';

/** The app: the data cache (SWR's defaults are the spec's data-fetch defaults), auth, then the routes. */
export function App() {
  return (
    <AuthProvider>
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
