import type { RouteEntry, SignedInRouteKey } from '@contract/route-table';
import { Redirect, Route, Switch } from 'wouter';
import { AddonGate } from './gates/addon-gate';
import { SignedInGates } from './gates/signed-in-gates';
import { FocusedLayout } from './layouts/focused-layout';
import { LogOutProvider } from './log-out-provider';
import { routeKeys, routeTable } from './route-table';
import { routes } from './routes';
import { signedInScreens } from './screens';
import { AppShell } from './shell/app-shell';
import { SyncEngineProvider } from './sync-engine-provider';

export { loadSignedInScreen } from './screens';

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

const signedInKeys = routeKeys.filter((key): key is SignedInRouteKey => routeTable[key].layout !== 'public');
const inLayout = (layout: 'focused' | 'shell') =>
  signedInKeys.filter((key) => routeTable[key].layout === layout);

/** The route's screen, behind the add-on gate when its entry names an add-on. */
function RoutedScreen({ route }: { route: SignedInRouteKey }) {
  const { Screen } = signedInScreens[route];
  const entry: RouteEntry = routeTable[route];
  return entry.addon ? (
    <AddonGate addon={entry.addon}>
      <Screen />
    </AddonGate>
  ) : (
    <Screen />
  );
}

/** The routes of the route table behind the signed-in gates: the focused screens, then the shell's. */
function SignedInRoutes() {
  return (
    <SignedInGates>
      <Switch>
        {inLayout('focused').map((key) => (
          <Route key={key} path={routes[key].pattern}>
            <FocusedLayout>
              <RoutedScreen route={key} />
            </FocusedLayout>
          </Route>
        ))}
        <Route>
          <AppShell>
            <Switch>
              {inLayout('shell').map((key) => (
                <Route key={key} path={routes[key].pattern}>
                  <RoutedScreen route={key} />
                </Route>
              ))}
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
