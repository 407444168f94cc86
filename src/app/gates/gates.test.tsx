import { act, render, screen, waitFor } from '@testing-library/react';
import { failureResponse } from '@tests/support/api-fixtures';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api-client';
import { fakeAuth, ok, withApp } from '../../../tests/support/app-test-utils';
import { AddonGate } from './addon-gate';
import { AuthGate } from './auth-gate';
import { SubscriptionGate } from './subscription-gate';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function subscriptionRequests(): number {
  return fetchMock.mock.calls.filter(([url]) => String(url) === '/api/subscription').length;
}

describe('auth gate', () => {
  it('shows a spinner until auth has loaded', () => {
    const { Wrapper, location } = withApp('/project', fakeAuth({ isLoaded: false, isSignedIn: false }));
    render(<AuthGate>page</AuthGate>, { wrapper: Wrapper });
    expect(screen.getByRole('status').textContent).toBe('Loading');
    expect(screen.queryByText('page')).toBeNull();
    expect(location.history).toEqual(['/project']);
  });

  it('sends a visitor who is not signed in to sign in, replacing the page asked for', async () => {
    const { Wrapper, location } = withApp(
      '/project?preview=true',
      fakeAuth({ isSignedIn: false, user: null }),
    );
    render(<AuthGate>page</AuthGate>, { wrapper: Wrapper });
    await waitFor(() => expect(location.history).toEqual(['/sign-in']));
  });

  it('lets a visitor see sign in, sign up and the provider steps below them', () => {
    for (const path of ['/sign-in', '/sign-up', '/sign-in/factor-one']) {
      const { Wrapper, location } = withApp(path, fakeAuth({ isSignedIn: false, user: null }));
      const { unmount } = render(<AuthGate>public page</AuthGate>, { wrapper: Wrapper });
      expect(screen.getByText('public page')).toBeTruthy();
      expect(location.history).toEqual([path]);
      unmount();
    }
  });

  it('sends a signed-in person on sign in or sign up home', async () => {
    const { Wrapper, location } = withApp('/sign-up', fakeAuth());
    render(<AuthGate>page</AuthGate>, { wrapper: Wrapper });
    await waitFor(() => expect(location.history).toEqual(['/']));
  });

  it('shows the page to a signed-in person', () => {
    const { Wrapper } = withApp('/project', fakeAuth());
    render(<AuthGate>page</AuthGate>, { wrapper: Wrapper });
    expect(screen.getByText('page')).toBeTruthy();
  });
});

describe('subscription gate', () => {
  it('shows a spinner while the subscription loads, then sends a person without one to subscribe', async () => {
    let answer: (response: Response) => void = () => undefined;
    fetchMock.mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)));
    const { Wrapper, location } = withApp('/mentions', fakeAuth());
    render(<SubscriptionGate>page</SubscriptionGate>, { wrapper: Wrapper });
    expect(screen.getByRole('status')).toBeTruthy();
    await waitFor(() => expect(subscriptionRequests()).toBe(1));
    answer(ok({ active: false, addons: {} }));
    await waitFor(() => expect(location.history).toEqual(['/subscribe']));
  });

  it('shows subscribe to a person without a subscription', async () => {
    fetchMock.mockImplementation(async () => ok({ active: false, addons: {} }));
    const { Wrapper, location } = withApp('/subscribe', fakeAuth());
    render(<SubscriptionGate>plans</SubscriptionGate>, { wrapper: Wrapper });
    expect(await screen.findByText('plans')).toBeTruthy();
    expect(location.history).toEqual(['/subscribe']);
  });

  it('sends a subscribed person who visits subscribe home', async () => {
    fetchMock.mockImplementation(async () => ok({ active: true, addons: {} }));
    const { Wrapper, location } = withApp('/subscribe', fakeAuth());
    render(<SubscriptionGate>plans</SubscriptionGate>, { wrapper: Wrapper });
    await waitFor(() => expect(location.history).toEqual(['/']));
  });

  it('sends a person whose plan ended while the app was open to subscribe once the server answers 402', async () => {
    fetchMock.mockImplementation(async (url) =>
      String(url) === '/api/subscription'
        ? ok({ active: true, addons: {} })
        : failureResponse(402, 'An active subscription is required', 'subscription_required'),
    );
    const { Wrapper, location } = withApp('/mentions', fakeAuth());
    render(
      <SubscriptionGate>
        <button type="button" onClick={() => void apiClient.call('listProjects').catch(() => undefined)}>
          Check for Results
        </button>
      </SubscriptionGate>,
      { wrapper: Wrapper },
    );
    (await screen.findByRole('button', { name: 'Check for Results' })).click();
    await waitFor(() => expect(location.history).toEqual(['/subscribe']));
    expect(subscriptionRequests()).toBe(1);
  });

  it('does not fetch the subscription again on focus, reconnect or a new mount', async () => {
    fetchMock.mockImplementation(async () => ok({ active: true, addons: {} }));
    const { Wrapper } = withApp('/mentions', fakeAuth());
    const first = render(<SubscriptionGate>page</SubscriptionGate>, { wrapper: Wrapper });
    expect(await screen.findByText('page')).toBeTruthy();
    await act(async () => {
      window.dispatchEvent(new Event('focus'));
      document.dispatchEvent(new Event('visibilitychange'));
      window.dispatchEvent(new Event('online'));
    });
    first.rerender(
      <>
        <SubscriptionGate>
          <span>page</span>
        </SubscriptionGate>
        <SubscriptionGate>
          <span>again</span>
        </SubscriptionGate>
      </>,
    );
    expect(screen.getByText('again')).toBeTruthy();
    expect(subscriptionRequests()).toBe(1);
  });
});

describe('add-on gate', () => {
  it('sends a subscription without the add-on home', async () => {
    fetchMock.mockImplementation(async () => ok({ active: true, addons: { autopost: false } }));
    const { Wrapper, location } = withApp('/replies', fakeAuth());
    render(<AddonGate addon="autopost">replies</AddonGate>, { wrapper: Wrapper });
    await waitFor(() => expect(location.history).toEqual(['/']));
  });

  it('shows the page when the subscription has the add-on', async () => {
    fetchMock.mockImplementation(async () => ok({ active: true, addons: { autopost: true } }));
    const { Wrapper } = withApp('/replies', fakeAuth());
    render(<AddonGate addon="autopost">replies</AddonGate>, { wrapper: Wrapper });
    expect(await screen.findByText('replies')).toBeTruthy();
  });
});
