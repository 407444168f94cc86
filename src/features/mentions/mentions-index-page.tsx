import { Redirect } from 'wouter';
import { routes } from '@/app/routes';
import { PageLoader } from '@/components/ui/loader';
import { keptCopies } from '@/db/kept-copies';
import { getMirrorDb } from '@/db/mirror';
import { useApi } from '@/lib/use-api';

/**
 * Loads the socials and goes to the mentions of the first one, with a spinner meanwhile. Offline, the first
 * social the mirror kept is used.
 */
export function MentionsIndexPage() {
  const first = useApi('listSocials', {}, { kept: keptCopies.socials(getMirrorDb()) }).data?.[0];
  if (!first) return <PageLoader />;
  return <Redirect to={routes.mentionsBySocial.href({ social: first.slug })} replace />;
}
