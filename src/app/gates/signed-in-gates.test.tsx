import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { projectFixture } from '@tests/support/api-fixtures';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthState } from '@/lib/auth';
import { fakeAuth, json, ok, withApp } from '../../../tests/support/app-test-utils';
import { SignedInGates } from './signed-in-gates';

let answers: Record<string, unknown>;
const fetchMock = vi.fn<typeof fetch>();

async function answer(input: RequestInfo | URL): Promise<Response> {
  const path = String(input);
  if (path in answers) return ok(answers[path]);
  return json(404, { success: false, data: null, error: { message: 'Not found', code: 'not_found' } });
}

beforeEach(() => {
  answers = { '/api/subscription': { active: true, addons: {} }, '/api/projects': [projectFixture()] };
  fetchMock.mockReset();
  fetchMock.mockImplementation(answer);
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const noWorkspace: Partial<AuthState> = { activeWorkspace: null, role: null, memberships: [] };
const invitation = {
  id: 'i1',
  workspace: { id: 'w9', name: 'Zeta' },
  email: 'ada@example.com',
  role: 'org:member' as const,
};

function renderAt(path: string, auth: AuthState = fakeAuth()) {
  const app = withApp(path, auth);
  render(
    <SignedInGates>
      <p>the page</p>
    </SignedInGates>,
    { wrapper: app.Wrapper },
  );
  return app;
}

function requestsTo(path: string): number {
  return fetchMock.mock.calls.filter(([url]) => String(url) === path).length;
}

describe('active workspace gate', () => {
  it('makes the first membership active, with a spinner meanwhile', async () => {
    const auth = fakeAuth({
      ...noWorkspace,
      memberships: [
        { workspace: { id: 'w1', name: 'Acme' }, role: 'org:member' },
        { workspace: { id: 'w2', name: 'Beta' }, role: 'org:admin' },
      ],
      setActive: vi.fn(() => new Promise<void>(() => undefined)),
    });
    const { location } = renderAt('/mentions', auth);
    expect(screen.getByRole('status')).toBeTruthy();
    await waitFor(() => expect(auth.setActive).toHaveBeenCalledWith('w1'));
    expect(auth.setActive).toHaveBeenCalledOnce();
    expect(screen.queryByText('the page')).toBeNull();
    expect(location.history).toEqual(['/mentions']);
  });

  it('offers to try again when making it active fails', async () => {
    const errorSpy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const setActive = vi
      .fn()
      .mockRejectedValueOnce(new Error('offline'))
      .mockReturnValue(new Promise(() => undefined));
    const auth = fakeAuth({
      ...noWorkspace,
      memberships: [{ workspace: { id: 'w1', name: 'Acme' }, role: 'org:admin' }],
      setActive,
    });
    renderAt('/mentions', auth);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(setActive).toHaveBeenCalledTimes(2));
    errorSpy.mockRestore();
  });

  it('shows a spinner while the memberships load', () => {
    const { location } = renderAt('/mentions', fakeAuth({ ...noWorkspace, membershipsLoaded: false }));
    expect(screen.getByRole('status')).toBeTruthy();
    expect(location.history).toEqual(['/mentions']);
    expect(requestsTo('/api/subscription')).toBe(0);
  });
});

describe('onboarding gate', () => {
  it('shows a spinner while the invitations load', async () => {
    const { location } = renderAt('/mentions', fakeAuth({ ...noWorkspace, invitationsLoaded: false }));
    await waitFor(() => expect(requestsTo('/api/subscription')).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByRole('status')).toBeTruthy();
    expect(screen.queryByText('the page')).toBeNull();
    expect(location.history).toEqual(['/mentions']);
  });

  it('rule 1: no invitations and no workspace sends the person to onboarding workspace', async () => {
    const { location } = renderAt('/mentions', fakeAuth(noWorkspace));
    await waitFor(() => expect(location.history).toEqual(['/onboarding/workspace']));
  });

  it('rule 1: on onboarding workspace itself, the page shows', async () => {
    const { location } = renderAt('/onboarding/workspace', fakeAuth(noWorkspace));
    expect(await screen.findByText('the page')).toBeTruthy();
    expect(location.history).toEqual(['/onboarding/workspace']);
  });

  it('rule 1: with pending invitations and no workspace, the page the person is on shows', async () => {
    const { location } = renderAt('/mentions', fakeAuth({ ...noWorkspace, invitations: [invitation] }));
    expect(await screen.findByText('the page')).toBeTruthy();
    expect(location.history).toEqual(['/mentions']);
    expect(requestsTo('/api/projects')).toBe(0);
  });

  it('rule 2: a workspace without a project sends the person to onboarding project', async () => {
    answers['/api/projects'] = [];
    const { location } = renderAt('/mentions');
    await waitFor(() => expect(location.history).toEqual(['/onboarding/project']));
  });

  it('rule 2: from onboarding workspace too, once the workspace exists', async () => {
    answers['/api/projects'] = [];
    const { location } = renderAt('/onboarding/workspace');
    await waitFor(() => expect(location.history).toEqual(['/onboarding/project']));
  });

  it('rule 2: on onboarding project without a project, the page shows', async () => {
    answers['/api/projects'] = [];
    const { location } = renderAt('/onboarding/project');
    expect(await screen.findByText('the page')).toBeTruthy();
    expect(location.history).toEqual(['/onboarding/project']);
  });

  it('rule 3: with a project, onboarding project sends the person to the project page', async () => {
    const { location } = renderAt('/onboarding/project');
    await waitFor(() => expect(location.history).toEqual(['/project']));
  });

  it('rule 4: with a workspace and a project, onboarding workspace goes to mentions, replacing history', async () => {
    const { location } = renderAt('/onboarding/workspace');
    // Replaced, not pushed: the onboarding page is not left behind to go back to.
    await waitFor(() => expect(location.history).toEqual(['/mentions']));
  });

  it('rule 5: with a workspace and a project, any other page shows', async () => {
    const { location } = renderAt('/project');
    expect(await screen.findByText('the page')).toBeTruthy();
    expect(location.history).toEqual(['/project']);
  });

  it('shows a spinner while the projects load, except on the workspace form that is finishing', async () => {
    let answer: (response: Response) => void = () => undefined;
    fetchMock.mockImplementation(async (input) =>
      String(input) === '/api/projects'
        ? new Promise<Response>((resolve) => (answer = resolve))
        : ok({ active: true, addons: {} }),
    );
    const { location } = renderAt('/mentions');
    await waitFor(() => expect(requestsTo('/api/projects')).toBe(1));
    expect(screen.getByRole('status')).toBeTruthy();
    expect(screen.queryByText('the page')).toBeNull();
    answer(ok([projectFixture()]));
    expect(await screen.findByText('the page')).toBeTruthy();
    expect(location.history).toEqual(['/mentions']);
  });

  it('leaves subscribe to the subscription gate: a person with neither subscription nor workspace sees it', async () => {
    answers['/api/subscription'] = { active: false, addons: {} };
    const { location } = renderAt('/subscribe', fakeAuth(noWorkspace));
    expect(await screen.findByText('the page')).toBeTruthy();
    expect(location.history).toEqual(['/subscribe']);
  });

  it('puts the subscription first: without one, onboarding is not reached', async () => {
    answers['/api/subscription'] = { active: false, addons: {} };
    const { location } = renderAt('/mentions', fakeAuth(noWorkspace));
    await waitFor(() => expect(location.history).toEqual(['/subscribe']));
  });
});
