import type { ReactNode } from 'react';
import { Redirect, useLocation } from 'wouter';
import { PageLoader } from '@/components/ui/loader';
import { useAuth } from '@/lib/auth';
import { GateProjectsContext, useProjects } from '@/lib/use-projects';
import { isUnder, routes } from '../routes';

/**
 * Spec section 2, onboarding gate: a spinner while invitations or memberships load, then the first rule
 * that applies, in this order (every redirect replaces the page it leaves):
 *
 * 1. No pending invitations, no active workspace, not on onboarding workspace: onboarding workspace.
 *    (With pending invitations and no workspace the page is shown: it lists the invitations to accept.)
 * 2. A workspace but no project, not on onboarding project: onboarding project.
 * 3. A project, on onboarding project: the project page.
 * 4. A workspace and a project, on either onboarding page: mentions.
 * 5. Otherwise the page.
 *
 * Subscribe belongs to the subscription gate, which lets only people without a subscription see it.
 */
export function OnboardingGate({ children }: { children: ReactNode }) {
  const { activeWorkspace, invitations, invitationsLoaded, membershipsLoaded } = useAuth();
  const [location] = useLocation();
  const onSubscribe = isUnder(location, routes.subscribe.path);
  const { data: projects } = useProjects({ enabled: activeWorkspace !== null && !onSubscribe });

  if (onSubscribe) return children;
  if (!invitationsLoaded || !membershipsLoaded) return <PageLoader />;

  const onWorkspaceOnboarding = isUnder(location, routes.onboardingWorkspace.path);
  const onProjectOnboarding = isUnder(location, routes.onboardingProject.path);

  if (activeWorkspace === null) {
    if (invitations.length === 0 && !onWorkspaceOnboarding) {
      return <Redirect to={routes.onboardingWorkspace.href()} replace />;
    }
    return children;
  }

  if (!projects) {
    // The workspace form that has just made its workspace active stays up until it navigates on: a
    // spinner here would unmount it in the middle of its submit.
    return onWorkspaceOnboarding ? children : <PageLoader />;
  }
  const hasProject = projects.length > 0;

  if (!hasProject && !onProjectOnboarding) return <Redirect to={routes.onboardingProject.href()} replace />;
  if (hasProject && onProjectOnboarding) return <Redirect to={routes.project.href()} replace />;
  if (hasProject && (onWorkspaceOnboarding || onProjectOnboarding)) {
    return <Redirect to={routes.mentions.href()} replace />;
  }
  return <GateProjectsContext.Provider value={projects}>{children}</GateProjectsContext.Provider>;
}
