import { lazyScreen } from '@/lib/lazy-screen';
import { isUnder, routes } from './routes';

// Every page is its own chunk, loaded when its route is first shown (or, for the page a load opens on,
// before the first render: see `loadFirstScreen`).

export const SubscribePage = lazyScreen(() =>
  import('@/features/billing/subscribe-page').then((m) => m.SubscribePage),
);
export const WorkspaceOnboardingPage = lazyScreen(() =>
  import('@/features/onboarding/workspace-onboarding-page').then((m) => m.WorkspaceOnboardingPage),
);
export const ProjectOnboardingPage = lazyScreen(() =>
  import('@/features/onboarding/project-onboarding-page').then((m) => m.ProjectOnboardingPage),
);
export const ProjectPage = lazyScreen(() =>
  import('@/features/project/project-page').then((m) => m.ProjectPage),
);
export const MentionsIndexPage = lazyScreen(() =>
  import('@/features/mentions/mentions-index-page').then((m) => m.MentionsIndexPage),
);
export const MentionsPage = lazyScreen(() =>
  import('@/features/mentions/mentions-page').then((m) => m.MentionsPage),
);
export const RepliesPage = lazyScreen(() =>
  import('@/features/replies/replies-page').then((m) => m.RepliesPage),
);
/** The invitations above the subscribe and workspace onboarding pages: loaded with those pages only. */
export const PendingInvitations = lazyScreen(() =>
  import('@/features/team/pending-invitations').then((m) => m.PendingInvitations),
);
export const LocalBillingPage = lazyScreen(() =>
  import('@/features/billing/local-billing-page').then((m) => m.LocalBillingPage),
);

/** Loads the page at `pathname` (home and mentions lead to the mentions page). */
export function loadPage(pathname: string): Promise<void> {
  if (pathname === routes.home.path || pathname === routes.mentions.path)
    return Promise.all([MentionsIndexPage.load(), MentionsPage.load()]).then(() => undefined);
  if (isUnder(pathname, routes.mentions.path)) return MentionsPage.load();
  if (isUnder(pathname, routes.replies.path)) return RepliesPage.load();
  if (isUnder(pathname, routes.project.path)) return ProjectPage.load();
  if (isUnder(pathname, routes.billing.path)) return LocalBillingPage.load();
  if (isUnder(pathname, routes.subscribe.path))
    return Promise.all([SubscribePage.load(), PendingInvitations.load()]).then(() => undefined);
  if (isUnder(pathname, routes.onboardingWorkspace.path))
    return Promise.all([WorkspaceOnboardingPage.load(), PendingInvitations.load()]).then(() => undefined);
  if (isUnder(pathname, routes.onboardingProject.path)) return ProjectOnboardingPage.load();
  return Promise.resolve();
}
