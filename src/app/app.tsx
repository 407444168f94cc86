import { Suspense } from 'react';
import { PageLoader } from '@/components/ui/loader';
import { AuthProvider } from '@/features/auth/auth-provider';
import { ApiCacheProvider } from '@/lib/use-api';
import { ApiClientWiring } from './api-client-wiring';
import { AppRouter } from './router';

/** The app: the data cache (SWR's defaults are the spec's data-fetch defaults), auth, then the routes. */
export function App() {
  return (
    <AuthProvider>
      <ApiClientWiring />
      <ApiCacheProvider>
        <Suspense fallback={<PageLoader />}>
          <AppRouter />
        </Suspense>
      </ApiCacheProvider>
    </AuthProvider>
  );
}
