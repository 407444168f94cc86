import type { ReactNode } from 'react';
import { CurrentProject } from '../current-project';
import { SubscriptionGate } from './subscription-gate';

/**
 * The gates a signed-in person passes, outermost first (the auth gate is in front of all of them):
 *
 * 1. Active workspace (spec section 2; comes with the onboarding issue, and goes HERE, before the
 *    subscription, because the subscription belongs to the active workspace).
 * 2. Subscription.
 * 3. Onboarding (comes with the onboarding issue and goes HERE, inside the subscription gate, so that a
 *    person without a subscription meets the plans first).
 *
 * The add-on gate wraps single pages (see router).
 */
export function SignedInGates({ children }: { children: ReactNode }) {
  return (
    <SubscriptionGate>
      <CurrentProject />
      {children}
    </SubscriptionGate>
  );
}
