import { lazy } from 'react';
import { isUnder, routes } from './routes';

// Every page is its own chunk, loaded when its route is first shown.

export const SubscribePage = lazy(() =>
  import('@/features/billing/subscribe-page').then((m) => ({ default: m.SubscribePage })),
);
export const WorkspaceOnboardingPage = lazy(() =>
  import('@/features/onboarding/workspace-onboarding-page').then((m) => ({
    default: m.WorkspaceOnboardingPage,
  })),
);
export const ProjectOnboardingPage = lazy(() =>
  import('@/features/onboarding/project-onboarding-page').then((m) => ({ default: m.ProjectOnboardingPage })),
);
const loadProjectPage = () => import('@/features/project/project-page');
const loadMentionsIndexPage = () => import('@/features/mentions/mentions-index-page');
const loadMentionsPage = () => import('@/features/mentions/mentions-page');
const loadRepliesPage = () => import('@/features/replies/replies-page');

export const ProjectPage = lazy(() => loadProjectPage().then((m) => ({ default: m.ProjectPage })));
export const MentionsIndexPage = lazy(() =>
  loadMentionsIndexPage().then((m) => ({ default: m.MentionsIndexPage })),
);
export const MentionsPage = lazy(() => loadMentionsPage().then((m) => ({ default: m.MentionsPage })));
export const RepliesPage = lazy(() => loadRepliesPage().then((m) => ({ default: m.RepliesPage })));
export const LocalBillingPage = lazy(() =>
  import('@/features/billing/local-billing-page').then((m) => ({ default: m.LocalBillingPage })),
);

/** Starts fetching the chunk of the page at `pathname` (home and mentions lead to the mentions page). */
export function preloadPage(pathname: string): void {
  const failed = (error: unknown) => console.error('Could not preload the page', error);
  if (pathname === routes.home.path || pathname === routes.mentions.path) {
    loadMentionsIndexPage().catch(failed);
    loadMentionsPage().catch(failed);
  } else if (isUnder(pathname, routes.mentions.path)) loadMentionsPage().catch(failed);
  else if (isUnder(pathname, routes.replies.path)) loadRepliesPage().catch(failed);
  else if (isUnder(pathname, routes.project.path)) loadProjectPage().catch(failed);
}
