import type { ComponentType, ReactNode } from 'react';
import { CurrentProject } from '../current-project';
import { ActiveWorkspaceGate } from './active-workspace-gate';
import { type SignedInGate, signedInGates } from './gate-rules';
import { OnboardingGate } from './onboarding-gate';
import { SubscriptionGate } from './subscription-gate';

/** The subscription gate, inside which the API client learns the current project. */
function SubscriptionGateWithProject({ children }: { children: ReactNode }) {
  return (
    <SubscriptionGate>
      <CurrentProject />
      {children}
    </SubscriptionGate>
  );
}

const gateComponents: Record<SignedInGate, ComponentType<{ children: ReactNode }>> = {
  activeWorkspace: ActiveWorkspaceGate,
  subscription: SubscriptionGateWithProject,
  onboarding: OnboardingGate,
};

/**
 * The gates a signed-in person passes, in the order `signedInGates` gives (why that order: see there),
 * behind the auth gate. The add-on gate wraps the single screens whose route entry names an add-on.
 */
export function SignedInGates({ children }: { children: ReactNode }) {
  return signedInGates.reduceRight<ReactNode>((inner, gate) => {
    const Gate = gateComponents[gate];
    return <Gate key={gate}>{inner}</Gate>;
  }, children);
}
