import { api, buildPath, type RouteData, type RouteName } from '@contract/api';
import { buildQuery, type FirstAnswer, type FirstAnswers } from '@contract/first-answers';
import { type Ask, askFirstScreen, type CallArgs } from '@contract/first-screen-plan';
import { type RouteEntry, routeAt, routeTable } from '@contract/route-table';

/** Answers a request the way the API does (the app's own `fetch`, called in-process). */
export type ApiFetch = (request: Request) => Response | Promise<Response>;

/** The query without its unset parameters (the app leaves them out of its calls too). */
function definedOnly(query: Record<string, string | undefined>): Record<string, string> {
  const defined: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) if (value !== undefined) defined[key] = value;
  return defined;
}

/** The page opens on a screen whose scripts the page names as the mentions screen's (the route table says). */
export function isMentionsScreen(page: URL): boolean {
  const route = routeAt(page.pathname);
  if (!route) return false;
  const entry: RouteEntry = routeTable[route.key];
  return entry.firstScripts?.set === 'mentions';
}

/**
 * The answers to the calls the first screen of `page` makes (`askFirstScreen` says which, in which order,
 * and where the screen settles), asked of the API in-process with the request's session cookie. A call
 * that fails is left out, and the app asks it again itself.
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

  const ask: Ask = async <N extends RouteName>(name: N, args: CallArgs, caller: Parameters<Ask>[2]) => {
    const route = api[name];
    const url = buildPath(route.path, args.params) + buildQuery(args.query);
    const slot = slots.push(null) - 1;
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (caller === 'visitor') {
      if (cookie) headers.Cookie = cookie;
    } else {
      headers.Authorization = caller.token;
      if (caller.projectId) headers['project-id'] = caller.projectId;
    }
    const response = await fetchApi(
      new Request(new URL(url, page), {
        method: route.method,
        headers,
        ...(route.method === 'GET' ? {} : { body: '{}' }),
      }),
    );
    if (response.status !== 200) return null;
    const body = (await response.json()) as { data: RouteData<N> };
    slots[slot] = {
      name,
      ...(args.params ? { params: args.params } : {}),
      ...(args.query ? { query: definedOnly(args.query) } : {}),
      method: route.method,
      url,
      projectId: caller !== 'visitor' && caller.scoped && caller.projectId ? caller.projectId : null,
      status: response.status,
      body,
    };
    return { data: body.data };
  };

  const { location } = await askFirstScreen(page, ask, onSession);
  return {
    answers: slots.filter((answer) => answer !== null),
    ...(location ? { location } : {}),
  };
}
