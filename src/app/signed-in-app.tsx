import { useCallback, useState } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { onDemandDialog } from '@/components/on-demand-dialog';
import { useScreenSubscription, useSubscriptionUpdates } from '@/features/billing/use-subscription';
import { AddonGate } from './gates/addon-gate';
import { SignedInGates } from './gates/signed-in-gates';
import { FocusedLayout } from './layouts/focused-layout';
import { LogOutProvider } from './log-out-provider';
import {
  LocalBillingPage,
  MentionsIndexPage,
  MentionsPage,
  PendingInvitations,
  ProjectOnboardingPage,
  ProjectPage,
  RepliesPage,
  SubscribePage,
  WorkspaceOnboardingPage,
} from './pages';
import { routes } from './routes';
import { AppShell } from './shell/app-shell';
import { SyncEngineProvider } from './sync-engine-provider';
import { useLogOut } from './use-log-out';

/** Workspace onboarding, with the pending invitations above its form and the app's subscription refetch. */
function WorkspaceOnboardingRoute() {
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
function MentionsRoute() {
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

/**
 * Everything behind sign-in: the sync engine (one, run while signed in) and the log out that flushes it,
 * then the gates, the screens before the app, and the app in its shell.
 */
export function SignedInApp() {
  return (
    <SyncEngineProvider>
      <LogOutProvider>
        <SignedInRoutes />
      </LogOutProvider>
    </SyncEngineProvider>
  );
}

function SignedInRoutes() {
  const logOut = useLogOut();
  return (
    <SignedInGates>
      <Switch>
        <Route path={routes.subscribe.pattern}>
          <FocusedLayout>
            {/* An invited person without a subscription of their own joins the workspace from here. */}
            <SubscribePage onLogOut={() => void logOut()} invitations={<PendingInvitations />} />
          </FocusedLayout>
        </Route>
        <Route path={routes.onboardingWorkspace.pattern}>
          <FocusedLayout>
            <WorkspaceOnboardingRoute />
          </FocusedLayout>
        </Route>
        <Route path={routes.onboardingProject.pattern}>
          <FocusedLayout>
            <ProjectOnboardingPage />
          </FocusedLayout>
        </Route>
        <Route>
          <AppShell>
            <Switch>
              <Route path={routes.home.pattern}>
                <Redirect to={routes.mentions.href()} replace />
              </Route>
              <Route path={routes.project.pattern} component={ProjectPage} />
              <Route path={routes.mentions.pattern} component={MentionsIndexPage} />
              <Route path={routes.mentionsBySocial.pattern} component={MentionsRoute} />
              <Route path={routes.replies.pattern}>
                <AddonGate addon="autopost">
                  <RepliesPage />
                </AddonGate>
              </Route>
              <Route path={routes.billing.pattern} component={LocalBillingPage} />
              <Route>
                <Redirect to={routes.home.href()} replace />
              </Route>
            </Switch>
          </AppShell>
        </Route>
      </Switch>
    </SignedInGates>
  );
}
