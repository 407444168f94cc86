import type { RouteData, RouteName } from './api';
import { type MentionsSearch, parseMentionsSearch, routes } from './app-routes';
import { activeWorkspaceGate, addonGate, authGate, type GateFacts, signedInGatesVerdict } from './gates';
import { correctedSearch, shownSocial } from './mentions-search';
import { planOf, type RouteEntry, routeAt, routeTable } from './route-table';

/**
 * A page's first screen as calls: which the app makes first, with which parameters, in which order, and
 * where the screen settles. The server asks them to put their answers in the page (first answers,
 * decision 017); it stops where the app's gates would stop, and derives the mentions screen's parameters
 * with the same rules the app's mentions page corrects its address with (`mentions-search.ts`).
 */

export interface CallArgs {
  params?: Record<string, string>;
  query?: Record<string, string | undefined>;
}

/**
 * Who asks: a visitor (with the page request's session cookie, for the session call), or the signed-in
 * person (their token), with the project the call is about when it is one's (`scoped`: the answer is
 * that project's; the socials are sent the project but are nobody's).
 */
export type Caller = 'visitor' | { token: string; projectId?: string; scoped?: boolean };

/** Asks one call; its data, or null when it failed (the app then asks it again itself). */
export type Ask = <N extends RouteName>(
  name: N,
  args: CallArgs,
  caller: Caller,
) => Promise<{ data: RouteData<N> } | null>;

/**
 * Asks the calls the first screen at `page` makes, in the order the app asks them: the session; with an
 * active workspace, the subscription and the projects; and, when the gates let the screen through and it
 * is a mentions screen, the socials and found dates, then the chosen date's keywords and posts. Returns
 * where the first screen settles when it is not `page` (path and query). `onSession` is told as soon as
 * the session's answer is in whether someone is signed in.
 */
export async function askFirstScreen(
  page: { pathname: string; search: string },
  ask: Ask,
  onSession?: (signedIn: boolean) => void,
): Promise<{ location?: string }> {
  const session = await ask('refreshSession', {}, 'visitor');
  onSession?.(session?.data != null);
  if (!session) return {};
  const auth = authGate(page.pathname, session.data !== null);
  if (!session.data) return auth === 'pass' ? {} : { location: auth.redirect };
  // A signed-in person on sign in or sign up goes home, which leads to the mentions.
  const shownPath = auth === 'pass' ? page.pathname : auth.redirect;
  const facts: GateFacts = {
    activeWorkspace: session.data.activeWorkspaceId !== null,
    hasMemberships: session.data.memberships.length > 0,
    pendingInvitations: session.data.invitations.length,
  };
  // A person with workspaces but none active waits while the app makes the first one active.
  if (activeWorkspaceGate(facts) !== 'pass') return {};

  // The subscription gate asks the subscription; the projects are the active workspace's.
  const signedIn = { token: session.data.token };
  const [subscription, projects] = await Promise.all([
    ask('getSubscription', {}, signedIn),
    facts.activeWorkspace ? ask('listProjects', {}, signedIn) : null,
  ]);
  facts.subscriptionActive = subscription?.data.active;
  facts.hasProject = projects ? projects.data.length > 0 : undefined;
  const route = routeAt(shownPath);
  if (!route || signedInGatesVerdict(shownPath, facts) !== 'pass') return {};
  const entry: RouteEntry = routeTable[route.key];
  if (entry.addon && addonGate(subscription?.data.addons, entry.addon) !== 'pass') return {};
  const project = projects?.data[0];
  if (planOf(entry) !== 'mentions' || !project) return {};

  const named = route.params.social ?? null;
  // The mentions index and home lead to the first social with no search of their own.
  const search = named === null ? {} : parseMentionsSearch(page.search);
  const settled = await askMentions(
    ask,
    { ...signedIn, projectId: project.id, reviewed: project.reviewed },
    named,
    search,
  );
  if (!settled) return {};
  return settled === page.pathname + page.search ? {} : { location: settled };
}

/**
 * The mentions screen's calls: the socials, and once the project is reviewed the found dates, then the
 * keywords and posts of the date the address names, or else the newest. Returns the address the screen
 * settles at (the social shown, the date named, no keyword the date does not have), or null when there
 * is no social or no date yet.
 */
async function askMentions(
  ask: Ask,
  person: { token: string; projectId: string; reviewed: boolean },
  named: string | null,
  search: MentionsSearch,
): Promise<string | null> {
  const ofProject = { token: person.token, projectId: person.projectId, scoped: true };
  const [socials, dates] = await Promise.all([
    ask('listSocials', {}, { ...ofProject, scoped: false }),
    person.reviewed ? ask('listFoundDates', {}, ofProject) : null,
  ]);
  const social = shownSocial(socials?.data.map((candidate) => candidate.slug) ?? [], named);
  // Before the review the page asks for no day, and keeps its address but for the social.
  if (!person.reviewed) return social === null ? null : routes.mentionsBySocial.href({ social }, search);
  const foundDates = dates?.data.foundDates ?? null;
  const dated = correctedSearch(search, foundDates, null) ?? search;
  const foundDate = dated.found_date;
  if (social === null || !foundDate) return null;

  const [keywords] = await Promise.all([
    ask('listKeywordsForDate', { query: { found_date: foundDate } }, ofProject),
    ask(
      'listPosts',
      { params: { social }, query: { found_date: foundDate, keyword: dated.keyword } },
      ofProject,
    ),
  ]);
  const keywordNames = keywords?.data.keywords.map((keyword) => keyword.name) ?? null;
  const shown = correctedSearch(dated, foundDates, keywordNames) ?? dated;
  return routes.mentionsBySocial.href({ social }, shown);
}
