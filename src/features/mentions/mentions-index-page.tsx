import { useLiveQuery } from 'dexie-react-hooks';
import { Redirect } from 'wouter';
import { routes } from '@/app/routes';
import { PageLoader } from '@/components/ui/loader';
import { getMirrorDb } from '@/db/mirror';
import { useApi } from '@/lib/use-api';

/**
 * Loads the socials and goes to the mentions of the first one, with a spinner meanwhile. Offline, the first
 * social the mirror kept is used.
 */
export function MentionsIndexPage() {
  const db = getMirrorDb();
  const { data: socials } = useApi('listSocials', {});
  const kept = useLiveQuery(() => db.socials.orderBy('position').first(), [db]);
  const first = socials?.[0] ?? kept;
  if (!first) return <PageLoader />;
  return <Redirect to={routes.mentionsBySocial.href({ social: first.slug })} replace />;
}
