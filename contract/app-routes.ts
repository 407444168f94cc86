/**
 * The one route map: every route of the specification by name, its path (and the pattern the router
 * matches), and a function that builds its href. Nothing else in the app writes a literal path. The app
 * imports it as `@/app/routes`; the server reads it to know which screen a page shows (its first answers).
 */

function withSearch(path: string, search: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (value !== undefined && value !== '') params.set(key, value);
  }
  const query = params.toString();
  return query === '' ? path : `${path}?${query}`;
}

/** A route with no parameters: its path is its pattern and its href. */
function page<P extends string>(path: P) {
  return { path, pattern: path, href: (): string => path };
}

export interface MentionsSearch {
  keyword?: string | undefined;
  found_date?: string | undefined;
}

export interface ProjectSearch {
  preview?: boolean | undefined;
}

export const routes = {
  /** Public; the hosted provider's screens live under this path too, hence the wildcard pattern. */
  signIn: { path: '/sign-in', pattern: '/sign-in/*?', href: () => '/sign-in' },
  signUp: { path: '/sign-up', pattern: '/sign-up/*?', href: () => '/sign-up' },
  subscribe: page('/subscribe'),
  onboardingWorkspace: page('/onboarding/workspace'),
  onboardingProject: page('/onboarding/project'),
  project: {
    path: '/project',
    pattern: '/project',
    href: (search: ProjectSearch = {}) =>
      withSearch('/project', { preview: search.preview === undefined ? undefined : String(search.preview) }),
  },
  home: page('/'),
  mentions: page('/mentions'),
  mentionsBySocial: {
    path: '/mentions/:social',
    pattern: '/mentions/:social',
    href: ({ social }: { social: string }, search: MentionsSearch = {}) =>
      withSearch(`/mentions/${encodeURIComponent(social)}`, {
        keyword: search.keyword,
        found_date: search.found_date,
      }),
  },
  replies: page('/replies'),
  /** Addition: the local billing page ('Subscription settings' when billing is local). */
  billing: page('/billing'),
} as const;

export type RouteKey = keyof typeof routes;

/** The routes a visitor who is not signed in may see. */
export const publicRoutes = [routes.signIn, routes.signUp] as const;

/** True when `pathname` is `path` itself or a page below it (`/mentions/reddit` is under `/mentions`). */
export function isUnder(pathname: string, path: string): boolean {
  if (path === '/') return pathname === '/';
  return pathname === path || pathname.startsWith(`${path}/`);
}

/** True on sign in and sign up, including the hosted provider's steps below them. */
export function isPublicPath(pathname: string): boolean {
  return publicRoutes.some((route) => isUnder(pathname, route.path));
}

/** Reads the project route's `preview` search parameter. */
export function parseProjectSearch(search: string): ProjectSearch {
  const value = new URLSearchParams(search).get('preview');
  return value === null ? {} : { preview: value === 'true' };
}

/** Reads the mentions route's `keyword` and `found_date` search parameters. */
export function parseMentionsSearch(search: string): MentionsSearch {
  const params = new URLSearchParams(search);
  const result: MentionsSearch = {};
  const keyword = params.get('keyword');
  const foundDate = params.get('found_date');
  if (keyword) result.keyword = keyword;
  if (foundDate) result.found_date = foundDate;
  return result;
}
