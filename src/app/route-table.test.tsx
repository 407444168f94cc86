import 'fake-indexeddb/auto';
import { api, buildPath } from '@contract/api';
import type { Project, Social } from '@contract/entities';
import { buildQuery } from '@contract/first-answers';
import { type Ask, askFirstScreen } from '@contract/first-screen-plan';
import { render, waitFor } from '@testing-library/react';
import { failureResponse, okResponse, projectFixture, sessionFixture } from '@tests/support/api-fixtures';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAll, getMirrorDb } from '@/db/mirror';
import { fakeAuth, withApp } from '../../tests/support/app-test-utils';
import { ApiClientWiring, currentProjectHeader } from './api-client-wiring';
import { planOf, routeAt, routeKeys, routeTable } from './route-table';
import { AppRouter } from './router';
import { routes } from './routes';

/** What the server knows of the person and their workspace, which both sides read. */
interface World {
  signedIn: boolean;
  workspace: boolean;
  subscription: { active: boolean; addons: Record<string, boolean> };
  projects: Project[];
  socials: Social[];
  /** Each found date's keywords. */
  days: Record<string, string[]>;
}

const world = (overrides: Partial<World> = {}): World => ({
  signedIn: true,
  workspace: true,
  subscription: { active: true, addons: { autopost: true } },
  projects: [projectFixture({ reviewed: true })],
  socials: [
    { id: 's1', slug: 'reddit', name: 'Reddit' },
    { id: 's2', slug: 'hacker-news', name: 'Hacker News' },
  ],
  days: { '2025-03-04': ['crm'], '2025-03-05': ['crm', 'sales'] },
  ...overrides,
});

/** The API's answer to a GET at `url` in `w`: its data, or undefined where it answers with an error. */
function dataAt(w: World, url: string): unknown {
  const { pathname, searchParams } = new URL(url, 'http://localhost');
  // The subscription is the person's when no workspace is active.
  if (pathname === '/api/subscription') return w.subscription;
  // Every other call answers 402 without an active subscription.
  if (!w.workspace || !w.subscription.active) return undefined;
  if (pathname === '/api/projects') return w.projects;
  if (pathname === '/api/socials') return w.socials;
  if (pathname === '/api/posts/meta/dates') return { foundDates: Object.keys(w.days), running: false };
  if (pathname === '/api/posts/meta/keywords')
    return { keywords: (w.days[searchParams.get('found_date') ?? ''] ?? []).map((name) => ({ name })) };
  if (pathname.startsWith('/api/posts/') && !pathname.startsWith('/api/posts/meta/')) return [];
  return undefined;
}

/** A call as both sides make it: its path and its query, in a fixed order. */
function callOf(url: string): string {
  const { pathname, searchParams } = new URL(url, 'http://localhost');
  const query = [...searchParams].sort(([a], [b]) => a.localeCompare(b));
  return `${pathname}${buildQuery(Object.fromEntries(query))}`;
}

/** The server's side: the calls `askFirstScreen` answers in the page (a failed one is left out), and where it settles. */
async function serverSide(w: World, path: string) {
  const answered: string[] = [];
  const ask = (async (name: Parameters<Ask>[0], args: Parameters<Ask>[1]) => {
    if (name === 'refreshSession') {
      const session = w.signedIn
        ? sessionFixture({
            activeWorkspaceId: w.workspace ? 'w1' : null,
            memberships: w.workspace ? [{ workspace: { id: 'w1', name: 'Acme' }, role: 'org:admin' }] : [],
          })
        : null;
      return { data: session };
    }
    const query = Object.fromEntries(Object.entries(args.query ?? {}).filter(([, v]) => v !== undefined));
    const url = buildPath(api[name].path, args.params) + buildQuery(query);
    const data = dataAt(w, url);
    if (data === undefined) return null;
    answered.push(callOf(url));
    return { data };
  }) as Ask;
  const page = new URL(path, 'http://localhost');
  const { location } = await askFirstScreen({ pathname: page.pathname, search: page.search }, ask);
  return { answered, settled: location ?? path };
}

const fetchMock = vi.fn<typeof fetch>();

function appCalls(): string[] {
  return fetchMock.mock.calls.map(([url]) => callOf(String(url)));
}

/** The app's side: the app rendered at `path` in `w`, asking the API through `fetch`. */
function appSide(w: World, path: string) {
  fetchMock.mockImplementation(async (input) => {
    const data = dataAt(w, String(input));
    return data === undefined
      ? failureResponse(402, 'An active subscription is required', 'subscription_required')
      : okResponse(data);
  });
  const auth = w.signedIn
    ? fakeAuth(w.workspace ? {} : { activeWorkspace: null, role: null, memberships: [] })
    : fakeAuth({ isSignedIn: false, user: null, activeWorkspace: null, memberships: [] });
  const app = withApp(path, auth);
  render(
    <>
      <ApiClientWiring />
      <AppRouter />
    </>,
    { wrapper: app.Wrapper },
  );
  return app;
}

beforeEach(() => {
  fetchMock.mockReset();
  currentProjectHeader.set(null);
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(async () => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  await clearAll(getMirrorDb());
});

/** Pages of the route table's entries (and a few more), in the world each is opened in. */
const chosenPages: [string, World][] = [
  ['/sign-in', world({ signedIn: false })],
  ['/sign-in', world()],
  ['/sign-up', world({ signedIn: false })],
  ['/subscribe', world({ subscription: { active: false, addons: {} } })],
  ['/onboarding/workspace', world({ workspace: false })],
  ['/onboarding/project', world({ projects: [] })],
  ['/', world()],
  ['/project', world()],
  ['/mentions', world()],
  ['/mentions/reddit', world()],
  ['/mentions/hacker-news?keyword=crm&found_date=2025-03-04', world()],
  ['/mentions/unknown?keyword=sales', world()],
  ['/mentions/reddit', world({ projects: [projectFixture({ reviewed: false })] })],
  ['/replies', world()],
  ['/billing', world()],
  ['/project', world({ signedIn: false })],
];

const pathOf = (page: string) => new URL(page, 'http://localhost').pathname;

/** Every entry is walked: one the list above leaves out is opened at its path, by a subscribed person. */
const pages: [string, World][] = [
  ...chosenPages,
  ...routeKeys
    .filter((key) => !chosenPages.some(([page]) => routeAt(pathOf(page))?.key === key))
    .map((key): [string, World] => [routes[key].path, world()]),
];

describe('the route table, walked through the app and the server', () => {
  it('has a page for every entry', () => {
    // A route with parameters needs a page of its own in the list above.
    const walked = new Set(pages.map(([page]) => routeAt(pathOf(page))?.key));
    expect([...walked].sort()).toEqual([...routeKeys].sort());
  });

  it.each(pages)(
    '%s: the server answers calls the app makes, and both settle at one address',
    async (path, w) => {
      const server = await serverSide(w, path);
      const { location } = appSide(w, path);
      const settled = new URL(server.settled, 'http://localhost');
      // The app goes where the server says the first screen settles…
      await waitFor(() => expect(location.history.at(-1)).toBe(settled.pathname + settled.search), {
        timeout: 10_000,
      });
      // …and asks every call the server answered in the page, with the same parameters.
      await waitFor(() => expect(appCalls()).toEqual(expect.arrayContaining(server.answered)), {
        timeout: 10_000,
      });
      // On a page that is where it settles, the server left out none of the app's calls it knows how to answer.
      if (server.settled === path) {
        const screen = routeAt(settled.pathname);
        const plan = screen ? planOf(routeTable[screen.key]) : 'session';
        const answerable = new Set(
          [...server.answered, ...appCalls()].filter((call) =>
            plan === 'mentions'
              ? /^\/api\/(subscription|projects|socials|posts)/.test(call)
              : /^\/api\/(subscription|projects)$/.test(call),
          ),
        );
        expect(server.answered.filter((call) => answerable.has(call)).sort()).toEqual([...answerable].sort());
      }
    },
    30_000,
  );
});
