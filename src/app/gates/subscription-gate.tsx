import { type ReactNode, useEffect } from 'react';
import { useLocation } from 'wouter';
import { PageLoader } from '@/components/ui/loader';
import {
  GateSubscriptionContext,
  useSubscription,
  useSubscriptionUpdates,
} from '@/features/billing/use-subscription';
import { onApiError } from '@/lib/api-client';
import { subscriptionGate } from './gate-rules';
import { Verdict } from './verdict';

/**
 * Spec section 2, subscription gate: a spinner while the subscription loads; without an active one the
 * person goes to subscribe, and a subscribed person who visits subscribe goes home.
 */
export function SubscriptionGate({ children }: { children: ReactNode }) {
  const { data: subscription } = useSubscription();
  const { set } = useSubscriptionUpdates();
  const [location] = useLocation();
  // The subscription is not asked again on focus or reconnect (spec section 4), so a plan that ends while
  // the app is open is learnt from the server's 402: the person goes to subscribe at once.
  useEffect(
    () =>
      onApiError((error) => {
        if (error.status === 402) void set({ active: false, addons: {} });
      }),
    [set],
  );
  // Also while an error is retried: the app cannot tell what to show without the subscription.
  if (!subscription) return <PageLoader />;
  return (
    <Verdict verdict={subscriptionGate(location, { subscriptionActive: subscription.active })}>
      <GateSubscriptionContext.Provider value={subscription}>{children}</GateSubscriptionContext.Provider>
    </Verdict>
  );
}
