import { act, renderHook, waitFor } from '@testing-library/react';
import { fakeAuth, ok, withApp } from '@tests/support/app-test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSubscription, useSubscriptionUpdates } from './use-subscription';

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

function renderSubscription() {
  const { Wrapper } = withApp('/subscribe', fakeAuth({ activeWorkspace: null }));
  return renderHook(() => ({ subscription: useSubscription(), updates: useSubscriptionUpdates() }), {
    wrapper: Wrapper,
  });
}

describe('subscription after a checkout', () => {
  it('is set locally to active with no add-ons, then asked for once so the add-on appears', async () => {
    fetchMock.mockResolvedValueOnce(ok({ active: false, addons: {} }));
    const { result } = renderSubscription();
    await waitFor(() => expect(result.current.subscription.data).toEqual({ active: false, addons: {} }));

    let answer: (response: Response) => void = () => undefined;
    fetchMock.mockImplementationOnce(() => new Promise<Response>((resolve) => (answer = resolve)));
    act(() => void result.current.updates.activated());
    await waitFor(() => expect(result.current.subscription.data).toEqual({ active: true, addons: {} }));
    answer(ok({ active: true, addons: { autopost: true } }));
    await waitFor(() =>
      expect(result.current.subscription.data).toEqual({ active: true, addons: { autopost: true } }),
    );
    expect(subscriptionRequests()).toBe(2);
  });

  it('stays active when the server has not heard of the payment yet', async () => {
    fetchMock.mockResolvedValueOnce(ok({ active: false, addons: {} }));
    const { result } = renderSubscription();
    await waitFor(() => expect(result.current.subscription.data?.active).toBe(false));
    fetchMock.mockResolvedValueOnce(ok({ active: false, addons: {} }));
    await act(() => result.current.updates.activated());
    expect(result.current.subscription.data).toEqual({ active: true, addons: {} });
  });
});
