// With its extension: the build's config (vite.config.ts) loads this module as it is.
import { type RouteEntry, type RouteKey, routes } from './app-routes.ts';

/**
 * The route table's readers' side: each route's entry is in the route map (`app-routes.ts`: path, layout,
 * add-on gate, first-screen plan, first scripts), and its lazy screen in the app (`src/app/screens.tsx`).
 * Read by:
 *
 * - the app's router (`src/app/router.tsx`, `src/app/signed-in-app.tsx`): which layout, which gates;
 * - the app's first screen loader (`loadFirstScreen`): which screen's code to load before the first render;
 * - the server's first answers (`server/http/first-answers.ts`, through `first-screen-plan.ts`): which
 *   calls the screen makes first, and which scripts to name in the page;
 * - the build (`vite.config.ts`): which modules go in the first screens' scripts.
 *
 * It holds data only (no React), so the server and the build read it as the app does.
 */

export type { Layout, RouteEntry } from './app-routes.ts';

/** The route table: the route map, whose entries say how each screen is reached. */
export const routeTable = routes;

/**
 * What a screen's first answers are: the session only (a public screen), the answers the signed-in gates
 * need (the session, the subscription, the projects), or those and the mentions screen's.
 */
export type FirstScreenPlan = 'session' | 'gates' | 'mentions';

export type PublicRouteKey = {
  [K in RouteKey]: (typeof routes)[K]['layout'] extends 'public' ? K : never;
}[RouteKey];
export type SignedInRouteKey = Exclude<RouteKey, PublicRouteKey>;

/** What the first answers of the route's screen are (see `FirstScreenPlan`). */
export function planOf(entry: RouteEntry): FirstScreenPlan {
  return entry.plan ?? (entry.layout === 'public' ? 'session' : 'gates');
}

/** The table's routes in its order (the order the router matches them in). */
export const routeKeys = Object.keys(routeTable) as RouteKey[];

/** Each pattern's regular expression, made once: a page load matches its path against every route. */
const patternExpressions = new Map<string, RegExp>();

function expressionOf(pattern: string): RegExp {
  let expression = patternExpressions.get(pattern);
  if (!expression) {
    const source = pattern.replace(/\/\*\?$/, '(?:/.*)?').replace(/:(\w+)/g, '(?<$1>[^/]+)');
    expression = new RegExp(`^${source}$`);
    patternExpressions.set(pattern, expression);
  }
  return expression;
}

/** The path's parameters when `pattern` matches it ('/mentions/:social', '/sign-in/*?'), else null. */
export function matchPattern(pattern: string, pathname: string): Record<string, string> | null {
  const match = expressionOf(pattern).exec(pathname);
  if (!match) return null;
  return Object.fromEntries(
    Object.entries(match.groups ?? {}).map(([name, value]) => [name, decodeURIComponent(value)]),
  );
}

/** The route whose screen `pathname` shows, and its parameters; null for a path no route matches. */
export function routeAt(pathname: string): { key: RouteKey; params: Record<string, string> } | null {
  for (const key of routeKeys) {
    const params = matchPattern(routes[key].pattern, pathname);
    if (params) return { key, params };
  }
  return null;
}

/** The modules of each set of first-screen scripts (for the build to cut and name them). */
export function firstScriptModules(set: 'signedOut' | 'mentions'): string[] {
  const modules = new Set<string>();
  for (const key of routeKeys) {
    const entry: RouteEntry = routeTable[key];
    if (entry.firstScripts?.set === set) for (const module of entry.firstScripts.modules) modules.add(module);
  }
  return [...modules];
}
