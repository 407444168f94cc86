import { Redirect, Route, Switch } from 'wouter';
import { AddonGate } from './gates/addon-gate';
import { SignedInGates } from './gates/signed-in-gates';
import { FocusedLayout } from './layouts/focused-layout';
import {
  MentionsIndexPage,
  MentionsPage,
  ProjectOnboardingPage,
  ProjectPage,
  RepliesPage,
  SubscribePage,
  WorkspaceOnboardingPage,
} from './pages';
import { routes } from './routes';
import { AppShell } from './shell/app-shell';
import { useLogOut } from './use-log-out';

/** Everything behind sign-in: the gates, then the screens before the app, then the app in its shell. */
export function SignedInApp() {
  const logOut = useLogOut();
  return (
    <SignedInGates>
      <Switch>
        <Route path={routes.subscribe.pattern}>
          <FocusedLayout>
            <SubscribePage onLogOut={() => void logOut()} />
          </FocusedLayout>
        </Route>
        <Route path={routes.onboardingWorkspace.pattern}>
          <FocusedLayout>
            <WorkspaceOnboardingPage />
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
              <Route path={routes.mentionsBySocial.pattern} component={MentionsPage} />
              <Route path={routes.replies.pattern}>
                <AddonGate addon="autopost">
                  <RepliesPage />
                </AddonGate>
              </Route>
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
