import type { ReactNode } from 'react';
import { CurrentProject } from '../current-project';
import { ActiveWorkspaceGate } from './active-workspace-gate';
import { OnboardingGate } from './onboarding-gate';
import { SubscriptionGate } from './subscription-gate';

/**
 * The gates a signed-in person passes, outermost first (the auth gate is in front of all of them):
 *
 * 1. Active workspace: before the subscription, because the subscription is the active workspace's; a
 *    member who signs in with no workspace active must not be sent to subscribe for want of one.
 * 2. Subscription (a subscribed person on subscribe goes home).
 * 3. Onboarding, inside the subscription gate, so that a person without a subscription meets the plans
 *    first.
 *
 * The add-on gate wraps single pages (see signed-in-app).
 */
export function SignedInGates({ children }: { children: ReactNode }) {
  return (
    <ActiveWorkspaceGate>
      <SubscriptionGate>
        <CurrentProject />
        <OnboardingGate>{children}</OnboardingGate>
      </SubscriptionGate>
    </ActiveWorkspaceGate>
  );
}
