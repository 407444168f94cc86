import { lazy, Suspense, useEffect, useState } from 'react';
import { useAuth } from '@/lib/auth';
import { env } from '@/lib/env';

// Its own chunk, fetched only once someone has signed in with the chat configured.
const CrispChat = lazy(() => import('@/features/chat/crisp-chat').then((m) => ({ default: m.CrispChat })));

/**
 * The customer chat of spec section 1, when `VITE_CRISP_WEBSITE_ID` is set: loaded after sign-in, then
 * kept mounted so that it sees the log out and resets the chat session.
 */
export function CustomerChat({ websiteId = env.VITE_CRISP_WEBSITE_ID }: { websiteId?: string | undefined }) {
  const { isSignedIn } = useAuth();
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (isSignedIn) setWanted(true);
  }, [isSignedIn]);
  if (!websiteId || !wanted) return null;
  return (
    <Suspense fallback={null}>
      <CrispChat websiteId={websiteId} />
    </Suspense>
  );
}
