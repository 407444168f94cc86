import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeAuth, json, ok, withApp } from '@tests/support/app-test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { localCheckoutStore } from './local-billing';
import { SubscribePage } from './subscribe-page';
import { useSubscription } from './use-subscription';

const planItems = [
  {
    kind: 'product',
    slug: 'start',
    price_month: 49,
    price_year: 470,
    month_price_id: 'local_start_month',
    year_price_id: 'local_start_year',
  },
  {
    kind: 'addon',
    slug: 'autopost',
    price_month: 30,
    price_year: 288,
    month_price_id: 'local_autopost_month',
    year_price_id: 'local_autopost_year',
  },
];

let subscription = { active: false, addons: {} as Record<string, boolean> };
const fetchMock = vi.fn<typeof fetch>();

function defaultServer(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const path = String(input);
  if (path === '/api/subscription/products') return Promise.resolve(ok(planItems));
  if (path === '/api/subscription') return Promise.resolve(ok(subscription));
  if (path === '/api/subscription/local-checkout') {
    const { priceIds } = JSON.parse(String(init?.body)) as { priceIds: string[] };
    subscription = {
      active: true,
      addons: priceIds.includes('local_autopost_year') ? { autopost: true } : {},
    };
    return Promise.resolve(ok(subscription));
  }
  return Promise.resolve(
    json(404, { success: false, data: null, error: { message: 'Not found', code: 'not_found' } }),
  );
}

beforeEach(() => {
  subscription = { active: false, addons: {} };
  fetchMock.mockReset();
  fetchMock.mockImplementation(defaultServer);
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  localCheckoutStore.close();
  vi.unstubAllGlobals();
});

function SubscriptionProbe() {
  const { data } = useSubscription();
  return <output aria-label="subscription">{data ? JSON.stringify(data) : 'none'}</output>;
}

function renderPage(onLogOut = vi.fn()) {
  const auth = fakeAuth({ activeWorkspace: null, role: null, memberships: [] });
  const { Wrapper } = withApp('/subscribe', auth);
  render(
    <>
      <SubscribePage onLogOut={onLogOut} />
      <SubscriptionProbe />
    </>,
    { wrapper: Wrapper },
  );
  return { onLogOut };
}

function card(name: string): HTMLElement {
  return screen.getByRole('group', { name });
}

describe('subscribe screen', () => {
  it('shows the title, the text, Log out, the period toggle and both plans with their monthly prices', async () => {
    const { onLogOut } = renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Start Growing Today' })).toBeTruthy();
    expect(screen.getByText('Choose the plan that works best for you')).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Pay Monthly' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('radio', { name: 'Pay Yearly save 20%' })).toBeTruthy();

    const manual = await screen.findByRole('group', { name: 'Manual' });
    expect(within(manual).getByText('$49')).toBeTruthy();
    expect(within(manual).getByText('/ month')).toBeTruthy();
    expect(within(manual).getByText('You review and post replies yourself.')).toBeTruthy();
    expect(within(manual).getByRole('button', { name: 'Get started' })).toBeTruthy();
    expect(within(manual).getByText('Up to 50-100 leads monthly')).toBeTruthy();
    expect(within(manual).getAllByRole('listitem')).toHaveLength(8);

    const autopilot = card('Autopilot');
    expect(within(autopilot).getByText('$79')).toBeTruthy();
    expect(within(autopilot).getByText('Approved replies are published automatically.')).toBeTruthy();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Log out' }));
    expect(onLogOut).toHaveBeenCalled();
  });

  it('shows yearly prices once Pay Yearly is chosen', async () => {
    renderPage();
    await screen.findByRole('group', { name: 'Manual' });
    await userEvent.setup().click(screen.getByRole('radio', { name: 'Pay Yearly save 20%' }));
    expect(within(card('Manual')).getByText('$470')).toBeTruthy();
    expect(within(card('Manual')).getByText('/ year')).toBeTruthy();
    expect(within(card('Autopilot')).getByText('$758')).toBeTruthy();
  });

  it('offers to try again when the plans cannot be loaded', async () => {
    let fail = true;
    fetchMock.mockImplementation((input, init) =>
      String(input) === '/api/subscription/products' && fail
        ? Promise.resolve(
            json(500, { success: false, data: null, error: { message: 'Boom', code: 'internal_error' } }),
          )
        : defaultServer(input, init),
    );
    renderPage();
    expect(await screen.findByText('The plans could not be loaded.')).toBeTruthy();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('group', { name: 'Manual' })).toBeTruthy();
  });

  it('checks Autopilot yearly out locally: items, total, Confirm; then the subscription is active with its add-on', async () => {
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByLabelText('subscription')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByLabelText('subscription').textContent).toContain('"active":false'),
    );
    await user.click(screen.getByRole('radio', { name: 'Pay Yearly save 20%' }));
    await user.click(within(card('Autopilot')).getByRole('button', { name: 'Get started' }));

    const dialog = await screen.findByRole('dialog', { name: 'Checkout' });
    expect(within(dialog).getByText('Essential Growth Autopilot, yearly')).toBeTruthy();
    expect(within(dialog).getByText('$470')).toBeTruthy();
    expect(within(dialog).getByText('Autopost, yearly')).toBeTruthy();
    expect(within(dialog).getByText('$288')).toBeTruthy();
    expect(within(dialog).getByText('$758 / year')).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const checkout = fetchMock.mock.calls.find(([url]) => String(url) === '/api/subscription/local-checkout');
    expect(JSON.parse(String(checkout?.[1]?.body))).toEqual({
      priceIds: ['local_start_year', 'local_autopost_year'],
    });
    await waitFor(() =>
      expect(screen.getByLabelText('subscription').textContent).toBe(
        '{"active":true,"addons":{"autopost":true}}',
      ),
    );
  });

  it('keeps the plan inactive when Cancel is chosen in the local checkout', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(
      within(await screen.findByRole('group', { name: 'Manual' })).getByRole('button', {
        name: 'Get started',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Checkout' });
    expect(within(dialog).getByText('Essential Growth Manual, monthly')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/subscription/local-checkout')).toBe(
      false,
    );
  });

  it('shows the server refusing the local checkout in the dialog', async () => {
    const user = userEvent.setup();
    fetchMock.mockImplementation((input, init) =>
      String(input) === '/api/subscription/local-checkout'
        ? Promise.resolve(
            json(404, {
              success: false,
              data: null,
              error: { message: 'Local billing is off', code: 'not_found' },
            }),
          )
        : defaultServer(input, init),
    );
    renderPage();
    await user.click(
      within(await screen.findByRole('group', { name: 'Manual' })).getByRole('button', {
        name: 'Get started',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Checkout' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('Local billing is off')).toBeTruthy();
  });
});
