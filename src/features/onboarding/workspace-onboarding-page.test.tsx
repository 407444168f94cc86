import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeAuth, json, ok, withApp } from '@tests/support/app-test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthState } from '@/lib/auth';
import { WorkspaceOnboardingPage } from './workspace-onboarding-page';

const fetchMock = vi.fn<typeof fetch>();
let order: string[];

beforeEach(() => {
  order = [];
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    order.push(`${init?.method} ${String(input)} ${String(init?.body)}`);
    return ok({ active: true, addons: {} });
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderPage(
  overrides: Partial<AuthState> = {},
  refetchSubscription = vi.fn(async () => order.push('refetch')),
) {
  const auth = fakeAuth({
    activeWorkspace: null,
    role: null,
    memberships: [],
    createOrganization: vi.fn(async (name: string) => {
      order.push(`create ${name}`);
      return { id: 'w2', name };
    }),
    setActive: vi.fn(async (workspaceId: string | null) => {
      order.push(`active ${workspaceId}`);
    }),
    ...overrides,
  });
  const app = withApp('/onboarding/workspace', auth);
  render(
    <WorkspaceOnboardingPage
      invitations={<p>invitations here</p>}
      refetchSubscription={refetchSubscription}
    />,
    {
      wrapper: app.Wrapper,
    },
  );
  return { auth, location: app.location, refetchSubscription };
}

describe('workspace onboarding', () => {
  it('has the title, the field with its placeholder, Continue, and the invitations above the form', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Set up your workspace' })).toBeTruthy();
    const input = screen.getByLabelText('Workspace name');
    expect(input.getAttribute('placeholder')).toBe('Company name');
    expect(screen.getByRole('button', { name: 'Continue' })).toBeTruthy();
    const invitations = screen.getByText('invitations here');
    expect(invitations.compareDocumentPosition(input) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('says a name of 2 characters is too short while typing, and does not submit it', async () => {
    const user = userEvent.setup();
    const { auth } = renderPage();
    await user.type(screen.getByLabelText('Workspace name'), 'Ac');
    expect(screen.getByRole('alert').textContent).toBe('Workspace name should be longer then 3 symbols');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(auth.createOrganization).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('Workspace name'), 'm');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('creates the workspace, makes it active, calls workspace-created, refetches the subscription, then goes to project onboarding replacing', async () => {
    const user = userEvent.setup();
    const { location } = renderPage();
    await user.type(screen.getByLabelText('Workspace name'), '  Acme Inc ');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(location.history).toEqual(['/onboarding/project']));
    expect(order).toEqual([
      'create Acme Inc',
      'active w2',
      'POST /api/subscription/workspace-created {}',
      'refetch',
    ]);
  });

  it('disables the field while submitting', async () => {
    const user = userEvent.setup();
    renderPage({ createOrganization: vi.fn(() => new Promise<never>(() => undefined)) });
    await user.type(screen.getByLabelText('Workspace name'), 'Acme');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.getByLabelText('Workspace name').hasAttribute('disabled')).toBe(true));
    expect(screen.getByRole('button', { name: 'Continue' }).getAttribute('aria-busy')).toBe('true');
  });

  it("shows the server's error under the form, and a retry does not create the workspace again", async () => {
    const user = userEvent.setup();
    fetchMock.mockImplementationOnce(async () =>
      json(500, {
        success: false,
        data: null,
        error: { message: 'Something went wrong', code: 'internal_error' },
      }),
    );
    const { auth, location } = renderPage();
    await user.type(screen.getByLabelText('Workspace name'), 'Acme');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Something went wrong');
    expect(location.history).toEqual(['/onboarding/workspace']);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(location.history).toEqual(['/onboarding/project']));
    expect(auth.createOrganization).toHaveBeenCalledOnce();
    expect(auth.setActive).toHaveBeenCalledTimes(2);
  });
});
