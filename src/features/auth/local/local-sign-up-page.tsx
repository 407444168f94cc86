import { credentialsSchema } from '@contract/auth';
import { Link, useLocation } from 'wouter';
import { routes } from '@/app/routes';
import { Button } from '@/components/ui/button';
import { CredentialsForm } from './credentials-form';
import { useLocalSession } from './local-session-context';

/** Make a local account, worded as Clerk's screen is. */
export function LocalSignUpPage() {
  const session = useLocalSession();
  const [, navigate] = useLocation();
  return (
    <CredentialsForm
      title="Create your account"
      schema={credentialsSchema}
      passwordAutoComplete="new-password"
      onSubmit={async (credentials) => {
        await session.signUp(credentials);
        navigate(routes.home.href(), { replace: true });
      }}
      footer={
        <>
          Already have an account?{' '}
          <Button asChild variant="primary" shape="link" size="sm">
            <Link href={routes.signIn.href()}>Sign in</Link>
          </Button>
        </>
      }
    />
  );
}
