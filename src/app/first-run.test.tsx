import 'fake-indexeddb/auto';
import type { AuthSession } from '@contract/auth';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { failureResponse, projectFixture, sessionFixture } from '@tests/support/api-fixtures';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ok } from '../../tests/support/app-test-utils';
import { currentProjectHeader } from './api-client-wiring';
import { App } from './app';

const planItems = [
  {
    kind: 'product',
    slug: 'start',
    price_month: 49,
    price_year: 470,
    month_price_id: 'sm',
    year_price_id: 'sy',
  },
  {
    kind: 'addon',
    slug: 'autopost',
    price_month: 30,
    price_year: 288,
    month_price_id: 'am',
    year_price_id: 'ay',
  },
];

/**
 * A stand-in for the server in local mode: accounts, workspaces, invitations and local billing, enough for
 * the first-run journeys. Subscriptions belong to the buyer until workspace-created attaches them.
 */
function fakeServer({ invitedTo }: { invitedTo?: { id: string; name: string } } = {}) {
  let session: AuthSession | null = null;
  let buyerSubscription = { active: false, addons: {} as Record<string, boolean> };
  const workspaceSubscriptions = new Map<string, { active: boolean; addons: Record<string, boolean> }>();
  if (invitedTo) workspaceSubscriptions.set(invitedTo.id, { active: true, addons: { autopost: true } });
  const projects = new Map<string, unknown[]>();
  if (invitedTo) projects.set(invitedTo.id, [projectFixture({ reviewed: true })]);
  const calls: string[] = [];

  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const path = String(input);
    const body = init?.body ? JSON.parse(String(init.body)) : {};
    calls.push(`${init?.method ?? 'GET'} ${path}`);
    const active = session?.activeWorkspaceId ?? null;
    switch (path) {
      case '/api/auth/token':
        return session ? ok(session) : failureResponse(401, 'Not signed in', 'unauthorized');
      case '/api/auth/sign-up':
        session = sessionFixture({
          invitations: invitedTo
            ? [{ id: 'i1', workspace: invitedTo, email: 'ada@example.com', role: 'org:member' }]
            : [],
        });
        return ok(session);
      case '/api/subscription':
        return ok((active && workspaceSubscriptions.get(active)) || buyerSubscription);
      case '/api/subscription/products':
        return ok(planItems);
      case '/api/subscription/local-checkout':
        buyerSubscription = { active: true, addons: body.priceIds.includes('ay') ? { autopost: true } : {} };
        return ok(buyerSubscription);
      case '/api/auth/workspaces':
        return ok({ id: 'w1', name: body.name });
      case '/api/auth/active-workspace':
        if (!session) return failureResponse(401, 'Not signed in', 'unauthorized');
        session = {
          ...session,
          activeWorkspaceId: body.workspaceId,
          memberships: [{ workspace: { id: 'w1', name: 'Acme' }, role: 'org:admin' }],
        };
        return ok(session);
      case '/api/subscription/workspace-created':
        if (active) workspaceSubscriptions.set(active, buyerSubscription);
        return ok(buyerSubscription);
      case '/api/auth/invitations/i1/accept':
        if (!session || !invitedTo) return failureResponse(404, 'Not found', 'not_found');
        session = {
          ...session,
          activeWorkspaceId: invitedTo.id,
          memberships: [{ workspace: invitedTo, role: 'org:member' }],
          invitations: [],
        };
        return ok(session);
      case '/api/projects':
        return ok((active && projects.get(active)) || []);
      case '/api/socials':
        return ok([{ id: 's1', slug: 'reddit', name: 'Reddit' }]);
      default:
        return failureResponse(404, 'Not found', 'not_found');
    }
  });
  return { fetchMock, calls };
}

beforeEach(() => {
  window.history.replaceState(null, '', '/');
  currentProjectHeader.set(null);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

async function signUp() {
  const user = userEvent.setup();
  render(<App />);
  await user.click(await screen.findByRole('link', { name: 'Sign up' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Create your account' })).toBeTruthy();
  await user.type(screen.getByLabelText('Email address'), 'ada@example.com');
  await user.type(screen.getByLabelText('Password'), 'correct-horse');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Start Growing Today' })).toBeTruthy();
  return user;
}

describe('first run (local accounts, local billing)', () => {
  it('subscribes to Autopilot yearly, sets up a workspace and arrives at project onboarding', async () => {
    const server = fakeServer();
    vi.stubGlobal('fetch', server.fetchMock);
    const user = await signUp();

    await user.click(screen.getByRole('radio', { name: 'Pay Yearly save 20%' }));
    await user.click(
      within(await screen.findByRole('group', { name: 'Autopilot' })).getByRole('button', {
        name: 'Get started',
      }),
    );
    const checkout = await screen.findByRole('dialog', { name: 'Checkout' });
    await user.click(within(checkout).getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Set up your workspace' })).toBeTruthy();
    expect(window.location.pathname).toBe('/onboarding/workspace');

    await user.type(screen.getByLabelText('Workspace name'), 'Ac');
    expect(screen.getByText('Workspace name should be longer then 3 symbols')).toBeTruthy();
    await user.type(screen.getByLabelText('Workspace name'), 'me');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Add information about your project for finding relevance posts',
      }),
    ).toBeTruthy();
    expect(window.location.pathname).toBe('/onboarding/project');
    await waitFor(() => expect(server.calls).toContain('POST /api/subscription/workspace-created'));
    const order = server.calls.filter((call) =>
      [
        'POST /api/auth/workspaces',
        'POST /api/auth/active-workspace',
        'POST /api/subscription/workspace-created',
      ].includes(call),
    );
    expect(order).toEqual([
      'POST /api/auth/workspaces',
      'POST /api/auth/active-workspace',
      'POST /api/subscription/workspace-created',
    ]);
  });

  it('lets an invited person join from subscribe and land on mentions', async () => {
    const server = fakeServer({ invitedTo: { id: 'w9', name: 'Zeta' } });
    vi.stubGlobal('fetch', server.fetchMock);
    const user = await signUp();

    expect(screen.getByText('You have been invited to join Zeta')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Accept' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Mentions' })).toBeTruthy();
    expect(window.location.pathname).toBe('/mentions/reddit');
    expect(server.calls).not.toContain('POST /api/subscription/local-checkout');
  });
});
