import 'fake-indexeddb/auto';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeAuth, ok, withApp } from '@tests/support/app-test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getMirrorDb } from '@/db/mirror';
import { LocalBillingPage } from './local-billing-page';
import { useSubscription } from './use-subscription';

const items = [
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

const fetchMock = vi.fn<typeof fetch>();

beforeEach(async () => {
  await getMirrorDb().localBilling.clear();
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    switch (String(input)) {
      case '/api/subscription/local-billing':
        return ok({ subscription: { active: true, addons: { autopost: true } }, period: 'year', items });
      case '/api/subscription/local-cancel':
        return ok({ active: false, addons: {} });
      default:
        return ok({ active: true, addons: { autopost: true } });
    }
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function SubscriptionProbe() {
  const { data } = useSubscription();
  return <output aria-label="subscription">{data ? JSON.stringify(data) : 'none'}</output>;
}

function renderPage(auth = fakeAuth()) {
  const { Wrapper } = withApp('/billing', auth);
  render(
    <>
      <LocalBillingPage />
      <SubscriptionProbe />
    </>,
    { wrapper: Wrapper },
  );
}

describe('local billing page', () => {
  it('shows the plan, the period and the add-on', async () => {
    renderPage();
    expect(await screen.findByText('Essential Growth Autopilot')).toBeTruthy();
    expect(screen.getByText('Yearly')).toBeTruthy();
    expect(screen.getByText('Autopost')).toBeTruthy();
    expect(screen.getByText('$758 / year')).toBeTruthy();
  });

  it('opens offline with the plan last seen on this device', async () => {
    renderPage();
    expect(await screen.findByText('Essential Growth Autopilot')).toBeTruthy();
    await waitFor(async () => expect(await getMirrorDb().localBilling.get('w1')).toBeTruthy());
    cleanup();

    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    renderPage();
    expect(await screen.findByText('Essential Growth Autopilot')).toBeTruthy();
    expect(screen.getByText('Yearly')).toBeTruthy();
    expect(screen.queryByText('The plan could not be loaded.')).toBeNull();
  });

  it('lets an admin cancel after confirming; the subscription is then inactive', async () => {
    const user = userEvent.setup();
    renderPage();
    await waitFor(() => expect(screen.getByLabelText('subscription').textContent).toContain('"active":true'));
    await user.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel subscription?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel subscription' }));
    await waitFor(() =>
      expect(screen.getByLabelText('subscription').textContent).toBe('{"active":false,"addons":{}}'),
    );
    const cancel = fetchMock.mock.calls.find(([url]) => String(url) === '/api/subscription/local-cancel');
    expect(cancel?.[1]).toMatchObject({ method: 'POST', body: '{}' });
  });

  it('keeps the subscription when the admin changes their mind', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    await user.click(await screen.findByRole('button', { name: 'Keep subscription' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/subscription/local-cancel')).toBe(
      false,
    );
  });

  it('offers no cancelling to members', async () => {
    renderPage(fakeAuth({ role: 'org:member' }));
    expect(await screen.findByText('Essential Growth Autopilot')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel subscription' })).toBeNull();
  });
});
