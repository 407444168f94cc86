import type { SignedInRouteKey } from '@contract/route-table';
import { type ComponentType, useCallback, useState } from 'react';
import { Redirect } from 'wouter';
import { onDemandDialog } from '@/components/on-demand-dialog';
import { getMirrorDb } from '@/db/mirror';
import { useScreenSubscription, useSubscriptionUpdates } from '@/features/billing/use-subscription';
import { nextTask } from '@/first-screen/next-task';
import { type LazyScreen, lazyScreen } from '@/lib/lazy-screen';
import { routeAt } from './route-table';
import { routes } from './routes';
import { useLogOut } from './use-log-out';

// The signed-in screens of the route table (`contract/route-table.ts`): each route's screen, and the code
// it loads. Every page is its own chunk, loaded when its route is first shown (or, for the page a load
// opens on, before the first render: see `loadFirstScreen`).

const SubscribePage = lazyScreen(() =>
  import('@/features/billing/subscribe-page').then((m) => m.SubscribePage),
);
const WorkspaceOnboardingPage = lazyScreen(() =>
  import('@/features/onboarding/workspace-onboarding-page').then((m) => m.WorkspaceOnboardingPage),
);
const ProjectOnboardingPage = lazyScreen(() =>
  import('@/features/onboarding/project-onboarding-page').then((m) => m.ProjectOnboardingPage),
);
const ProjectPage = lazyScreen(() => import('@/features/project/project-page').then((m) => m.ProjectPage));
const MentionsIndexPage = lazyScreen(() =>
  import('@/features/mentions/mentions-index-page').then((m) => m.MentionsIndexPage),
);
const MentionsPage = lazyScreen(() =>
  import('@/features/mentions/mentions-page').then((m) => m.MentionsPage),
);
const RepliesPage = lazyScreen(() => import('@/features/replies/replies-page').then((m) => m.RepliesPage));
/** The invitations above the subscribe and workspace onboarding pages: loaded with those pages only. */
const PendingInvitations = lazyScreen(() =>
  import('@/features/team/pending-invitations').then((m) => m.PendingInvitations),
);
const LocalBillingPage = lazyScreen(() =>
  import('@/features/billing/local-billing-page').then((m) => m.LocalBillingPage),
);

/** Subscribe, with the pending invitations an invited person without a subscription joins from. */
function SubscribeScreen() {
  const logOut = useLogOut();
  return <SubscribePage onLogOut={() => void logOut()} invitations={<PendingInvitations />} />;
}

/** Workspace onboarding, with the pending invitations above its form and the app's subscription refetch. */
function WorkspaceOnboardingScreen() {
  const { refetch } = useSubscriptionUpdates();
  return <WorkspaceOnboardingPage invitations={<PendingInvitations />} refetchSubscription={refetch} />;
}

// The wizard, its form and its Radix dialog load when the person first opens Autopilot.
const SetupAutopostingModal = onDemandDialog(() =>
  import('@/features/autoposting/setup-autoposting-modal').then((m) => m.SetupAutopostingModal),
);

/**
 * The mentions of one social, told whether the workspace has the autopost add-on, and Autopilot's modal
 * (its setup, then its settings), which the page's 'Autopilot' and a card's 'Publish' before setup open.
 */
function MentionsScreen() {
  const subscription = useScreenSubscription();
  const autopost = subscription?.addons.autopost === true;
  const [autopilot, setAutopilot] = useState(false);
  const openAutopilot = useCallback(() => setAutopilot(true), []);
  return (
    <>
      <MentionsPage autopost={autopost} onOpenAutopilot={openAutopilot} />
      {autopost ? <SetupAutopostingModal open={autopilot} onOpenChange={setAutopilot} /> : null}
    </>
  );
}

/** Home is the mentions. */
function HomeScreen() {
  return <Redirect to={routes.mentions.href()} replace />;
}

/** A route's screen, and the lazily loaded code it shows (loaded ahead of a page load's first render). */
export interface AppScreen {
  Screen: ComponentType;
  loads: readonly LazyScreen<never>[];
}

const screen = (Screen: ComponentType, ...loads: LazyScreen<never>[]): AppScreen => ({ Screen, loads });

/** Each signed-in route's screen (the public ones are in `router.tsx`). */
export const signedInScreens: Record<SignedInRouteKey, AppScreen> = {
  subscribe: screen(SubscribeScreen, SubscribePage, PendingInvitations),
  onboardingWorkspace: screen(WorkspaceOnboardingScreen, WorkspaceOnboardingPage, PendingInvitations),
  onboardingProject: screen(ProjectOnboardingPage, ProjectOnboardingPage),
  // Home leads to the mentions index, which leads to the mentions of the first social.
  home: screen(HomeScreen, MentionsIndexPage, MentionsPage),
  project: screen(ProjectPage, ProjectPage),
  mentions: screen(MentionsIndexPage, MentionsIndexPage, MentionsPage),
  mentionsBySocial: screen(MentionsScreen, MentionsPage),
  replies: screen(RepliesPage, RepliesPage),
  billing: screen(LocalBillingPage, LocalBillingPage),
};

/**
 * Loads the code of the signed-in screen at `pathname` (none for a path no route matches), and makes the
 * mirror its screens read, in a task of its own: made while the first render draws, the mirror's set-up
 * (Dexie's reading of the schema) would lengthen one of its slices.
 */
export function loadSignedInScreen(pathname: string): Promise<void> {
  const route = routeAt(pathname);
  const { loads } =
    route && route.key in signedInScreens ? signedInScreens[route.key as SignedInRouteKey] : { loads: [] };
  return Promise.all(loads.map((part) => part.load()))
    .then(nextTask)
    .then(() => {
      getMirrorDb();
    });
}
