import { signInSchema } from '@contract/auth';
import { Link, useLocation } from 'wouter';
import { routes } from '@/app/routes';
import { Button } from '@/components/ui/button';
import { CredentialsForm } from './credentials-form';
import { useLocalSession } from './local-session-context';

/** Sign in with a local account, worded as Clerk's screen is. */
export function LocalSignInPage() {
  const session = useLocalSession();
  const [, navigate] = useLocation();
  return (
    <CredentialsForm
      title="Sign in"
      schema={signInSchema}
      passwordAutoComplete="current-password"
      onSubmit={async (credentials) => {
        await session.signIn(credentials);
        navigate(routes.home.href(), { replace: true });
      }}
      footer={
        <>
          Don’t have an account?{' '}
          <Button asChild variant="primary" shape="link" size="sm">
            <Link href={routes.signUp.href()}>Sign up</Link>
          </Button>
        </>
      }
    />
  );
}
