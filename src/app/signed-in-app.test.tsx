import 'fake-indexeddb/auto';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { projectFixture } from '@tests/support/api-fixtures';
import { serverPost } from '@tests/support/fake-api-server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api-client';
import { fakeAuth, json, ok, withApp } from '../../tests/support/app-test-utils';
import { ApiClientWiring, currentProjectHeader } from './api-client-wiring';
import { SignedInApp } from './signed-in-app';

const project = projectFixture();

let answers: Record<string, unknown>;
const fetchMock = vi.fn<typeof fetch>(async (input) => {
  const path = String(input);
  if (path in answers) return ok(answers[path]);
  return json(404, { success: false, data: null, error: { message: 'Not found', code: 'not_found' } });
});

function requestHeaders(path: string): Record<string, string>[] {
  return fetchMock.mock.calls
    .filter(([url]) => String(url) === path)
    .map(([, init]) => ({ ...(init?.headers as Record<string, string>) }));
}

beforeEach(() => {
  answers = {
    '/api/subscription': { active: true, addons: {} },
    '/api/projects': [project],
    '/api/socials': [
      { id: 's1', slug: 'reddit', name: 'Reddit' },
      { id: 's2', slug: 'hacker-news', name: 'Hacker News' },
    ],
  };
  fetchMock.mockClear();
  currentProjectHeader.set(null);
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderAt(path: string, auth = fakeAuth()) {
  const app = withApp(path, auth);
  render(
    <>
      <ApiClientWiring />
      <SignedInApp />
    </>,
    { wrapper: app.Wrapper },
  );
  return app;
}

describe('signed-in app', () => {
  it('takes a subscribed person from home to the mentions of the first social', async () => {
    const { location } = renderAt('/');
    // The first test of the file waits for the mentions page's code to be transformed on demand.
    expect(await screen.findByRole('heading', { level: 1, name: 'Mentions' })).toBeTruthy();
    expect(location.history.at(-1)).toBe('/mentions/reddit');
    expect(screen.getByRole('link', { name: 'Mentions' }).getAttribute('aria-current')).toBe('page');
  });

  it('sends the token on every call and the current project as project-id once the list has loaded', async () => {
    renderAt('/mentions');
    await screen.findByRole('heading', { level: 1, name: 'Mentions' });
    expect(requestHeaders('/api/subscription')[0]).toMatchObject({ Authorization: 'token' });
    expect(requestHeaders('/api/subscription')[0]?.['project-id']).toBeUndefined();
    await waitFor(() => expect(currentProjectHeader.get()).toBe('p1'));
    await apiClient.call('listSocials');
    expect(requestHeaders('/api/socials').at(-1)).toEqual({
      'Content-Type': 'application/json',
      Authorization: 'token',
      'project-id': 'p1',
    });
  });

  it('sends a person without a subscription to subscribe, which offers Log out', async () => {
    answers['/api/subscription'] = { active: false, addons: {} };
    const auth = fakeAuth();
    const { location } = renderAt('/project', auth);
    expect(await screen.findByRole('heading', { level: 1, name: 'Start Growing Today' })).toBeTruthy();
    expect(location.history.at(-1)).toBe('/subscribe');
    expect(requestHeaders('/api/projects')).toHaveLength(0);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Log out' }));
    // Log out sends the waiting changes first, so signing out follows a moment later.
    await waitFor(() => expect(auth.signOut).toHaveBeenCalled());
  });

  it('titles the project page by whether the project has been reviewed', async () => {
    renderAt('/project');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Review suggested information' }),
    ).toBeTruthy();
  });

  it('titles a reviewed project Project', async () => {
    answers['/api/projects'] = [{ ...project, reviewed: true }];
    renderAt('/project');
    expect(await screen.findByRole('heading', { level: 1, name: 'Project' })).toBeTruthy();
  });

  it('shows workspace onboarding to a subscribed person without a workspace', async () => {
    const { location } = renderAt(
      '/project',
      fakeAuth({ activeWorkspace: null, role: null, memberships: [] }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Set up your workspace' })).toBeTruthy();
    expect(location.history).toEqual(['/onboarding/workspace']);
    expect(requestHeaders('/api/projects')).toHaveLength(0);
  });

  it('takes a person with a workspace and a project from onboarding to mentions', async () => {
    const { location } = renderAt('/onboarding/workspace');
    expect(await screen.findByRole('heading', { level: 1, name: 'Mentions' })).toBeTruthy();
    expect(location.history).toEqual(['/mentions/reddit']);
  });

  it('sends a person whose subscription lacks autopost from replies home', async () => {
    const { location } = renderAt('/replies');
    // Home redirects on to mentions; every redirect replaces, so nothing is left to go back to.
    expect(await screen.findByRole('heading', { level: 1, name: 'Mentions' })).toBeTruthy();
    expect(location.history).toEqual(['/mentions/reddit']);
  });

  it('shows replies with the autopost add-on', async () => {
    answers['/api/subscription'] = { active: true, addons: { autopost: true } };
    renderAt('/replies');
    expect(await screen.findByRole('heading', { level: 1, name: 'Replies' })).toBeTruthy();
  });

  it("opens the setup-autoposting modal from a card's 'Publish' before setup, and from 'Autopilot'", async () => {
    answers['/api/subscription'] = { active: true, addons: { autopost: true } };
    answers['/api/projects'] = [projectFixture({ reviewed: true, autopostingSetup: false })];
    answers['/api/posts/meta/dates'] = { foundDates: ['2025-03-05'], running: false };
    answers['/api/posts/meta/keywords?found_date=2025-03-05'] = { keywords: [{ name: 'crm' }] };
    answers['/api/posts/reddit?found_date=2025-03-05'] = [serverPost({ id: 'a', keyword: 'crm' })];
    answers['/api/setup-autoposting'] = { step: 'initial', socialsResponse: {} };
    const user = userEvent.setup();
    renderAt('/mentions/reddit?found_date=2025-03-05');
    const publish = await screen.findByRole('checkbox', { name: 'Publish' });
    await waitFor(() => expect(publish.hasAttribute('disabled')).toBe(false));
    await user.click(publish);
    const modal = await screen.findByRole('dialog', { name: 'Setup autoposting' });
    expect(await within(modal).findByRole('button', { name: 'Get Started' })).toBeTruthy();
    expect((publish as HTMLInputElement).checked).toBe(false);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Autopilot' }));
    expect(await screen.findByRole('dialog', { name: 'Setup autoposting' })).toBeTruthy();
  });
});
