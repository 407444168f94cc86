import { useEffect, useRef } from 'react';
import { useAuth } from '@/lib/auth';
import { resetCrisp, startCrisp } from './crisp';

/**
 * The customer chat (spec section 1): Crisp, loaded for signed-in people only, and reset and hidden on log
 * out. Renders nothing itself.
 */
export function CrispChat({ websiteId }: { websiteId: string }) {
  const { isLoaded, isSignedIn, user } = useAuth();
  const email = user?.primaryEmailAddress?.emailAddress ?? null;
  const started = useRef(false);

  useEffect(() => {
    if (!isLoaded) return;
    if (isSignedIn) {
      startCrisp(websiteId, email);
      started.current = true;
    } else if (started.current) {
      resetCrisp();
      started.current = false;
    }
  }, [isLoaded, isSignedIn, email, websiteId]);

  return null;
}
