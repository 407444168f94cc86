/**
 * The one route map: every route of the specification by name, its path (and the pattern the router
 * matches), a function that builds its href, and its entry of the route table (layout, add-on gate,
 * first screen). Nothing else in the app writes a literal path. The app imports it as `@/app/routes`; the
 * server and the build read it too (`route-table.ts`).
 */

import { queryString } from './query-string';

function withSearch(path: string, search: Record<string, string | undefined>): string {
  return `${path}${queryString(search)}`;
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

/**
 * Where a screen shows: the public pages' frame (sign in and sign up: for visitors who are not signed in,
 * and only them, with no signed-in gate in front), the focused pages before the app, or the app's shell.
 */
export type Layout = 'public' | 'focused' | 'shell';

/** A route: its path, the pattern the router matches, its href, and how its screen is reached. */
export interface RouteEntry {
  path: string;
  pattern: string;
  /** Each route's href takes its own parameters. */
  href: (...args: never[]) => string;
  layout: Layout;
  /** The add-on the workspace's subscription must have (the add-on gate), if any. */
  addon?: string;
  /** 'mentions' on the mentions screens; the others' first answers follow from their layout (`planOf`). */
  plan?: 'mentions';
  /**
   * The modules the screen shows (paths from the project root), when a page load can open on it with its
   * scripts named in the page: 'signedOut' (anyone not signed in lands on sign in) or 'mentions'.
   */
  firstScripts?: { set: 'signedOut' | 'mentions'; modules: readonly string[] };
}

const mentionsModules = [
  'src/features/mentions/mentions-index-page.tsx',
  'src/features/mentions/mentions-page.tsx',
] as const;

/**
 * The route table, in the order the router matches it (the first entry whose pattern matches a path
 * shows). Adding a screen is one entry here and its lazy screen in the app (`src/app/screens.tsx`, whose
 * type asks for one per signed-in entry). See `route-table.ts` for who reads it.
 */
export const routes = {
  /** Public; the hosted provider's screens live under this path too, hence the wildcard pattern. */
  signIn: {
    path: '/sign-in',
    pattern: '/sign-in/*?',
    href: () => '/sign-in',
    layout: 'public',
    firstScripts: { set: 'signedOut', modules: ['src/features/auth/local/local-sign-in-page.tsx'] },
  },
  signUp: { path: '/sign-up', pattern: '/sign-up/*?', href: () => '/sign-up', layout: 'public' },
  subscribe: { ...page('/subscribe'), layout: 'focused' },
  onboardingWorkspace: { ...page('/onboarding/workspace'), layout: 'focused' },
  onboardingProject: { ...page('/onboarding/project'), layout: 'focused' },
  project: {
    path: '/project',
    pattern: '/project',
    href: (search: ProjectSearch = {}) =>
      withSearch('/project', { preview: search.preview === undefined ? undefined : String(search.preview) }),
    layout: 'shell',
  },
  // Home is the mentions of the first social.
  home: {
    ...page('/'),
    layout: 'shell',
    plan: 'mentions',
    firstScripts: { set: 'mentions', modules: mentionsModules },
  },
  mentions: {
    ...page('/mentions'),
    layout: 'shell',
    plan: 'mentions',
    firstScripts: { set: 'mentions', modules: mentionsModules },
  },
  mentionsBySocial: {
    path: '/mentions/:social',
    pattern: '/mentions/:social',
    href: ({ social }: { social: string }, search: MentionsSearch = {}) =>
      withSearch(`/mentions/${encodeURIComponent(social)}`, {
        keyword: search.keyword,
        found_date: search.found_date,
      }),
    layout: 'shell',
    plan: 'mentions',
    firstScripts: { set: 'mentions', modules: [mentionsModules[1]] },
  },
  replies: { ...page('/replies'), layout: 'shell', addon: 'autopost' },
  /** Addition: the local billing page ('Subscription settings' when billing is local). */
  billing: { ...page('/billing'), layout: 'shell' },
} as const satisfies Record<string, RouteEntry>;

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
