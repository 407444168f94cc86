import { Redirect } from 'wouter';
import { routes } from '@/app/routes';
import { PageLoader } from '@/components/ui/loader';
import { useApi } from '@/lib/use-api';

/** Loads the socials and goes to the mentions of the first one, with a spinner meanwhile. */
export function MentionsIndexPage() {
  const { data: socials } = useApi('listSocials', {});
  const first = socials?.[0];
  if (!first) return <PageLoader />;
  return <Redirect to={routes.mentionsBySocial.href({ social: first.slug })} replace />;
}
