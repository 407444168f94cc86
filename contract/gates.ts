import { isPublicPath, isUnder, routes } from './app-routes';

/**
 * The gates in front of the app's screens (spec section 2), as rules of what is known: each says where a
 * person is sent instead of the page (a path), that the page shows (`pass`), or that it cannot tell yet
 * (`wait`, a spinner). The app's gate components (`src/app/gates/`) apply them to what they have loaded;
 * the server applies them to its first answers (`server/http/first-answers.ts`), to stop where the app
 * would stop. Written once, here.
 */
export type GateVerdict = 'pass' | 'wait' | { redirect: string };

/**
 * The gates a signed-in person passes, outermost first (the auth gate is in front of all of them):
 *
 * 1. Active workspace: before the subscription, because the subscription is the active workspace's; a
 *    member who signs in with no workspace active must not be sent to subscribe for want of one.
 * 2. Subscription (a subscribed person on subscribe goes home).
 * 3. Onboarding, inside the subscription gate, so that a person without a subscription meets the plans
 *    first.
 *
 * The add-on gate wraps single screens (their route entry names the add-on).
 */
export const signedInGates = ['activeWorkspace', 'subscription', 'onboarding'] as const;
export type SignedInGate = (typeof signedInGates)[number];

/** What the signed-in gates are told: each fact undefined until it has loaded. */
export interface GateFacts {
  /** Whether the person has an active workspace. */
  activeWorkspace?: boolean | undefined;
  /** Whether the person is a member of any workspace (the active workspace gate makes the first active). */
  hasMemberships?: boolean | undefined;
  subscriptionActive?: boolean | undefined;
  pendingInvitations?: number | undefined;
  hasProject?: boolean | undefined;
}

/**
 * Auth gate: a visitor who is not signed in goes to sign in (the page they asked for is not kept in the
 * URL); a signed-in person on sign in or sign up goes home.
 */
export function authGate(pathname: string, signedIn: boolean): 'pass' | { redirect: string } {
  const onPublicPage = isPublicPath(pathname);
  if (!signedIn && !onPublicPage) return { redirect: routes.signIn.href() };
  if (signedIn && onPublicPage) return { redirect: routes.home.href() };
  return 'pass';
}

/** Active workspace gate: with memberships but none active, it waits while the first is made active. */
export function activeWorkspaceGate(facts: GateFacts): GateVerdict {
  if (facts.hasMemberships === undefined || facts.activeWorkspace === undefined) return 'wait';
  return !facts.activeWorkspace && facts.hasMemberships ? 'wait' : 'pass';
}

/** Subscription gate: without an active one the person goes to subscribe; a subscribed person on subscribe goes home. */
export function subscriptionGate(pathname: string, facts: GateFacts): GateVerdict {
  if (facts.subscriptionActive === undefined) return 'wait';
  const onSubscribe = isUnder(pathname, routes.subscribe.path);
  if (!facts.subscriptionActive && !onSubscribe) return { redirect: routes.subscribe.href() };
  if (facts.subscriptionActive && onSubscribe) return { redirect: routes.home.href() };
  return 'pass';
}

/**
 * Onboarding gate, the first rule that applies, in this order (subscribe belongs to the subscription gate,
 * which lets only people without a subscription see it):
 *
 * 1. No pending invitations, no active workspace, not on onboarding workspace: onboarding workspace.
 *    (With pending invitations and no workspace the page is shown: it lists the invitations to accept.)
 * 2. A workspace but no project, not on onboarding project: onboarding project.
 * 3. A project, on onboarding project: the project page.
 * 4. A workspace and a project, on either onboarding page: mentions.
 * 5. Otherwise the page.
 *
 * While the projects load, the workspace form that has just made its workspace active stays up (`pass`):
 * a spinner would unmount it in the middle of its submit.
 */
export function onboardingGate(pathname: string, facts: GateFacts): GateVerdict {
  if (isUnder(pathname, routes.subscribe.path)) return 'pass';
  const { activeWorkspace, pendingInvitations, hasMemberships } = facts;
  if (activeWorkspace === undefined || pendingInvitations === undefined || hasMemberships === undefined)
    return 'wait';
  const onWorkspaceOnboarding = isUnder(pathname, routes.onboardingWorkspace.path);
  const onProjectOnboarding = isUnder(pathname, routes.onboardingProject.path);
  if (!activeWorkspace) {
    if (pendingInvitations === 0 && !onWorkspaceOnboarding)
      return { redirect: routes.onboardingWorkspace.href() };
    return 'pass';
  }
  if (facts.hasProject === undefined) return onWorkspaceOnboarding ? 'pass' : 'wait';
  if (!facts.hasProject && !onProjectOnboarding) return { redirect: routes.onboardingProject.href() };
  if (facts.hasProject && onProjectOnboarding) return { redirect: routes.project.href() };
  if (facts.hasProject && onWorkspaceOnboarding) return { redirect: routes.mentions.href() };
  return 'pass';
}

/** Add-on gate: a screen that needs `addon` sends a subscription without it home. */
export function addonGate(addons: Readonly<Record<string, boolean>> | undefined, addon: string): GateVerdict {
  if (!addons) return 'wait';
  return addons[addon] ? 'pass' : { redirect: routes.home.href() };
}

const gateRules: Record<SignedInGate, (pathname: string, facts: GateFacts) => GateVerdict> = {
  activeWorkspace: (_pathname, facts) => activeWorkspaceGate(facts),
  subscription: subscriptionGate,
  onboarding: onboardingGate,
};

/** The verdict of the signed-in gates, in their order: the first that does not let the page through. */
export function signedInGatesVerdict(pathname: string, facts: GateFacts): GateVerdict {
  for (const gate of signedInGates) {
    const verdict = gateRules[gate](pathname, facts);
    if (verdict !== 'pass') return verdict;
  }
  return 'pass';
}
