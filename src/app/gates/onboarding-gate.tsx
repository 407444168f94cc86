import type { ReactNode } from 'react';
import { useLocation } from 'wouter';
import { useAuth } from '@/lib/auth';
import { GateProjectsContext, useProjects } from '@/lib/use-projects';
import { isUnder, routes } from '../routes';
import { onboardingGate } from './gate-rules';
import { Verdict } from './verdict';

/**
 * Spec section 2, onboarding gate: a spinner while invitations or memberships load, then the first rule
 * that applies (`onboardingGate` lists them; every redirect replaces the page it leaves). Subscribe
 * belongs to the subscription gate, which lets only people without a subscription see it.
 */
export function OnboardingGate({ children }: { children: ReactNode }) {
  const { activeWorkspace, invitations, invitationsLoaded, memberships, membershipsLoaded } = useAuth();
  const [location] = useLocation();
  const onSubscribe = isUnder(location, routes.subscribe.path);
  const { data: projects } = useProjects({ enabled: activeWorkspace !== null && !onSubscribe });
  const verdict = onboardingGate(location, {
    activeWorkspace: activeWorkspace !== null,
    pendingInvitations: invitationsLoaded ? invitations.length : undefined,
    hasMemberships: membershipsLoaded ? memberships.length > 0 : undefined,
    hasProject: projects ? projects.length > 0 : undefined,
  });
  return (
    <Verdict verdict={verdict}>
      {projects ? (
        <GateProjectsContext.Provider value={projects}>{children}</GateProjectsContext.Provider>
      ) : (
        children
      )}
    </Verdict>
  );
}
