import { lazy } from 'react';

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
export const ProjectPage = lazy(() =>
  import('@/features/project/project-page').then((m) => ({ default: m.ProjectPage })),
);
export const MentionsIndexPage = lazy(() =>
  import('@/features/mentions/mentions-index-page').then((m) => ({ default: m.MentionsIndexPage })),
);
export const MentionsPage = lazy(() =>
  import('@/features/mentions/mentions-page').then((m) => ({ default: m.MentionsPage })),
);
export const RepliesPage = lazy(() =>
  import('@/features/replies/replies-page').then((m) => ({ default: m.RepliesPage })),
);
export const LocalBillingPage = lazy(() =>
  import('@/features/billing/local-billing-page').then((m) => ({ default: m.LocalBillingPage })),
);
