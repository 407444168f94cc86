import { lazy } from 'react';
import { Route, Switch } from 'wouter';
import { loadSignInPage, SignInPage } from '@/features/auth/sign-in-page';
import { loadSignUpPage, SignUpPage } from '@/features/auth/sign-up-page';
import { AuthGate } from './gates/auth-gate';
import { PublicLayout } from './layouts/public-layout';
import { preloadPage } from './pages';
import { isUnder, routes } from './routes';

// The signed-in app (gates, shell, pages) is its own chunk, so sign in loads only what it shows.
const loadSignedInApp = () => import('./signed-in-app');
const SignedInApp = lazy(() => loadSignedInApp().then((m) => ({ default: m.SignedInApp })));

// Fetch the screen of the first page while auth is still being checked instead of after it (and, on a
// signed-in screen, after the gates): each chunk fetched later is another round trip before it shows.
if (isUnder(window.location.pathname, routes.signIn.path)) void loadSignInPage();
else if (isUnder(window.location.pathname, routes.signUp.path)) void loadSignUpPage();
else {
  void loadSignedInApp();
  preloadPage(window.location.pathname);
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
