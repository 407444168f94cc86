import type { PublicRouteKey } from '@contract/route-table';
import { Route, Switch } from 'wouter';
import { SignInPage } from '@/features/auth/sign-in-page';
import { SignUpPage } from '@/features/auth/sign-up-page';
import { type LazyScreen, lazyScreen } from '@/lib/lazy-screen';
import { AuthGate } from './gates/auth-gate';
import { authGate } from './gates/gate-rules';
import { PublicLayout } from './layouts/public-layout';
import { routeAt, routeKeys, routeTable } from './route-table';
import { routes } from './routes';

// The signed-in app (gates, shell, pages) is its own chunk, so sign in loads only what it shows.
const signedInApp = () => import('./signed-in-app');
const SignedInApp = lazyScreen(() => signedInApp().then((m) => m.SignedInApp));

/** The public screens of the route table (the signed-in ones are in `screens.tsx`, in the app's chunk). */
const publicScreens: Record<PublicRouteKey, LazyScreen<object>> = { signIn: SignInPage, signUp: SignUpPage };
const publicKeys = routeKeys.filter((key): key is PublicRouteKey => routeTable[key].layout === 'public');

/**
 * Loads the code of the screen a page load opens on, so that its first render shows it instead of a
 * spinner: sign in or sign up, or the signed-in app and the page at `pathname`. `signedIn` is what the
 * page's first answers say (null when it has none): a visitor known to be signed out is on their way to
 * sign in whatever the path.
 */
export function loadFirstScreen(pathname: string, signedIn: boolean | null): Promise<void> {
  const auth = signedIn === false ? authGate(pathname, false) : 'pass';
  const shown = routeAt(auth === 'pass' ? pathname : auth.redirect)?.key;
  if (shown && shown in publicScreens) return publicScreens[shown as PublicRouteKey].load();
  return Promise.all([SignedInApp.load(), signedInApp().then((m) => m.loadSignedInScreen(pathname))]).then(
    () => undefined,
  );
}

/** Every route of the route table, behind the auth gate. */
export function AppRouter() {
  return (
    <AuthGate>
      <Switch>
        {publicKeys.map((key) => {
          const Screen = publicScreens[key];
          return (
            <Route key={key} path={routes[key].pattern}>
              <PublicLayout>
                <Screen />
              </PublicLayout>
            </Route>
          );
        })}
        <Route>
          <SignedInApp />
        </Route>
      </Switch>
    </AuthGate>
  );
}
