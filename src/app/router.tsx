import { Route, Switch } from 'wouter';
import { SignInPage } from '@/features/auth/sign-in-page';
import { SignUpPage } from '@/features/auth/sign-up-page';
import { lazyScreen } from '@/lib/lazy-screen';
import { AuthGate } from './gates/auth-gate';
import { PublicLayout } from './layouts/public-layout';
import { loadPage } from './pages';
import { isUnder, routes } from './routes';

// The signed-in app (gates, shell, pages) is its own chunk, so sign in loads only what it shows.
const SignedInApp = lazyScreen(() => import('./signed-in-app').then((m) => m.SignedInApp));

/**
 * Loads the code of the screen a page load opens on, so that its first render shows it instead of a
 * spinner: sign in or sign up, or the signed-in app and the page at `pathname`. `signedIn` is what the
 * page's first answers say (null when it has none): a visitor known to be signed out is on their way to
 * sign in whatever the path.
 */
export function loadFirstScreen(pathname: string, signedIn: boolean | null): Promise<void> {
  if (isUnder(pathname, routes.signUp.path)) return SignUpPage.load();
  if (isUnder(pathname, routes.signIn.path) || signedIn === false) return SignInPage.load();
  return Promise.all([SignedInApp.load(), loadPage(pathname)]).then(() => undefined);
}

/** Every route of the route map, behind the auth gate. */
export function AppRouter() {
  return (
    <AuthGate>
      <Switch>
        <Route path={routes.signIn.pattern}>
          <PublicLayout>
            <SignInPage />
          </PublicLayout>
        </Route>
        <Route path={routes.signUp.pattern}>
          <PublicLayout>
            <SignUpPage />
          </PublicLayout>
        </Route>
        <Route>
          <SignedInApp />
        </Route>
      </Switch>
    </AuthGate>
  );
}
