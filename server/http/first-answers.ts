import { api, buildPath, type RouteData, type RouteName } from '@contract/api';
import {
  isPublicPath,
  isUnder,
  type MentionsSearch,
  parseMentionsSearch,
  routes,
} from '@contract/app-routes';
import { buildQuery, type FirstAnswer, type FirstAnswers } from '@contract/first-answers';

/** Answers a request the way the API does (the app's own `fetch`, called in-process). */
export type ApiFetch = (request: Request) => Response | Promise<Response>;

interface Caller {
  /** The session cookie the page request came with. */
  cookie?: string;
  token?: string;
  /** Sent as `project-id`; `scoped` says the answer is this project's (only then is it recorded so). */
  projectId?: string;
  scoped?: boolean;
}

interface CallArgs {
  params?: Record<string, string>;
  query?: Record<string, string | undefined>;
}

/** The query without its unset parameters (the app leaves them out of its calls too). */
function definedOnly(query: Record<string, string | undefined>): Record<string, string> {
  const defined: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) if (value !== undefined) defined[key] = value;
  return defined;
}

/** The mentions screen a path shows: its social (null: the first one) and its search parameters. */
function mentionsScreenOf(page: URL): { social: string | null; search: MentionsSearch } | null {
  const path = page.pathname;
  if (path === routes.home.path || path === routes.mentions.path) return { social: null, search: {} };
  if (!isUnder(path, routes.mentions.path)) return null;
  const social = decodeURIComponent(path.slice(routes.mentions.path.length + 1));
  if (social === '' || social.includes('/')) return null;
  return { social, search: parseMentionsSearch(page.search) };
}

/** The page shows mentions (home and the mentions routes lead there). */
export function isMentionsScreen(page: URL): boolean {
  return mentionsScreenOf(page) !== null;
}

/**
 * The answers to the calls the first screen of `page` makes, asked of the API in-process with the
 * request's session cookie, in the order the app asks them: the session; the subscription and the
 * projects; and on the mentions screens the socials and found dates, then the chosen date's keywords
 * and posts. It stops where the app would stop (signed out, no workspace, no subscription, a project not
 * reviewed); a call that fails is left out, and the app asks it again itself.
 */
export async function firstAnswersFor(
  fetchApi: ApiFetch,
  page: URL,
  cookie: string | undefined,
  /** Told as soon as the session's answer is in: whether someone is signed in. */
  onSession?: (signedIn: boolean) => void,
): Promise<FirstAnswers> {
  // In the order the calls were made, whichever answered first; a failed call leaves its slot empty.
  const slots: (FirstAnswer | null)[] = [];
  let location: string | undefined;
  const done = (): FirstAnswers => ({
    answers: slots.filter((answer) => answer !== null),
    ...(location ? { location } : {}),
  });

  async function ask<N extends RouteName>(
    name: N,
    args: CallArgs,
    caller: Caller,
  ): Promise<RouteData<N> | null> {
    const route = api[name];
    const url = buildPath(route.path, args.params) + buildQuery(args.query);
    const slot = slots.push(null) - 1;
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (caller.cookie) headers.Cookie = caller.cookie;
    if (caller.token) headers.Authorization = caller.token;
    if (caller.projectId) headers['project-id'] = caller.projectId;
    const response = await fetchApi(
      new Request(new URL(url, page), {
        method: route.method,
        headers,
        ...(route.method === 'GET' ? {} : { body: '{}' }),
      }),
    );
    if (response.status !== 200) return null;
    const body = (await response.json()) as { data: RouteData<N> | null };
    slots[slot] = {
      name,
      ...(args.params ? { params: args.params } : {}),
      ...(args.query ? { query: definedOnly(args.query) } : {}),
      method: route.method,
      url,
      projectId: caller.scoped && caller.projectId ? caller.projectId : null,
      status: response.status,
      body,
    };
    return body.data;
  }

  const session = await ask('refreshSession', {}, cookie ? { cookie } : {});
  onSession?.(session !== null);
  const onPublicPage = isPublicPath(page.pathname);
  if (!session) {
    // The auth gate sends a visitor to sign in (the page asked for is not kept).
    if (!onPublicPage && slots.some((answer) => answer !== null)) location = routes.signIn.href();
    return done();
  }
  // …and a signed-in person on sign in or sign up home, which leads to the mentions.
  const screen = onPublicPage ? { social: null, search: {} } : mentionsScreenOf(page);
  if (!session.activeWorkspaceId) return done();

  const signedIn = { token: session.token };
  const [subscription, projects] = await Promise.all([
    ask('getSubscription', {}, signedIn),
    ask('listProjects', {}, signedIn),
  ]);
  const project = projects?.[0];
  if (!subscription?.active || !project?.reviewed || !screen) return done();

  const ofProject = { ...signedIn, projectId: project.id, scoped: true };
  const [socials, dates] = await Promise.all([
    ask('listSocials', {}, { ...ofProject, scoped: false }),
    ask('listFoundDates', {}, ofProject),
  ]);
  const social =
    screen.social !== null && socials?.some((candidate) => candidate.slug === screen.social)
      ? screen.social
      : socials?.[0]?.slug;
  // The app picks the newest date when the path names none (dates are ISO days, so the largest).
  const foundDate = screen.search.found_date ?? [...(dates?.foundDates ?? [])].sort().at(-1);
  if (!social || !foundDate) return done();

  const { keyword } = screen.social === social ? screen.search : {};
  const [keywords] = await Promise.all([
    ask('listKeywordsForDate', { query: { found_date: foundDate } }, ofProject),
    ask('listPosts', { params: { social }, query: { found_date: foundDate, keyword } }, ofProject),
  ]);
  // The app drops a keyword the date does not have (once its keywords are in).
  const keptKeyword = keywords && !keywords.keywords.some((k) => k.name === keyword) ? undefined : keyword;
  const settled = routes.mentionsBySocial.href({ social }, { keyword: keptKeyword, found_date: foundDate });
  if (settled !== page.pathname + page.search) location = settled;
  return done();
}
