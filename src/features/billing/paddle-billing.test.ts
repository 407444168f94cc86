// @vitest-environment node
import type { PlanItem } from '@contract/entities';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createPaddleBilling } from './paddle-billing';
import { type BillingPeriod, checkoutLines, type PlanTier } from './plans';

const paddle = vi.hoisted(() => ({
  initializePaddle: vi.fn(),
  instance: {
    Checkout: { open: vi.fn(), close: vi.fn() },
    Update: vi.fn(),
  },
}));

vi.mock('@paddle/paddle-js', () => ({ initializePaddle: paddle.initializePaddle }));

const planItems: PlanItem[] = [
  {
    kind: 'product',
    slug: 'start',
    price_month: 49,
    price_year: 470,
    month_price_id: 'pri_start_month',
    year_price_id: 'pri_start_year',
  },
  {
    kind: 'addon',
    slug: 'autopost',
    price_month: 30,
    price_year: 288,
    month_price_id: 'pri_autopost_month',
    year_price_id: 'pri_autopost_year',
  },
];

function itemsFor(tier: PlanTier, period: BillingPeriod) {
  return (checkoutLines(planItems, tier, period) ?? []).map((line) => ({
    priceId: line.priceId,
    quantity: 1 as const,
  }));
}

function request(tier: PlanTier, period: BillingPeriod, onCompleted = vi.fn()) {
  return {
    items: itemsFor(tier, period),
    email: 'ada@example.com',
    workspaceId: 'w1',
    userId: 'u1',
    onCompleted,
  };
}

/** The event callback most recently registered with Paddle.Update. */
function lastEventCallback(): (event: { name: string }) => void {
  const options = paddle.instance.Update.mock.lastCall?.[0] as {
    eventCallback: (event: { name: string }) => void;
  };
  return options.eventCallback;
}

beforeEach(() => {
  vi.clearAllMocks();
  paddle.initializePaddle.mockResolvedValue(paddle.instance);
});

describe('Paddle billing', () => {
  it('initialises Paddle once, with the token and environment, however many checkouts open', async () => {
    const billing = createPaddleBilling({ token: 'live_abc', environment: 'production' });
    await billing.openCheckout(request('manual', 'month'));
    await billing.openCheckout(request('autopilot', 'year'));
    expect(paddle.initializePaddle).toHaveBeenCalledOnce();
    expect(paddle.initializePaddle).toHaveBeenCalledWith({
      token: 'live_abc',
      environment: 'production',
      eventCallback: expect.any(Function),
    });
  });

  const cases: [PlanTier, BillingPeriod, string[]][] = [
    ['manual', 'month', ['pri_start_month']],
    ['manual', 'year', ['pri_start_year']],
    ['autopilot', 'month', ['pri_start_month', 'pri_autopost_month']],
    ['autopilot', 'year', ['pri_start_year', 'pri_autopost_year']],
  ];

  it.each(cases)(
    'opens the checkout for %s, paid by the %s, with exactly the expected options',
    async (tier, period, priceIds) => {
      const billing = createPaddleBilling({ token: 'live_abc', environment: 'production' });
      await billing.openCheckout(request(tier, period));
      expect(paddle.instance.Checkout.open).toHaveBeenCalledOnce();
      expect(paddle.instance.Checkout.open).toHaveBeenCalledWith({
        items: priceIds.map((priceId) => ({ priceId, quantity: 1 })),
        customer: { email: 'ada@example.com' },
        customData: { workspace_id: 'w1', user_id: 'u1' },
        settings: { allowLogout: false, locale: 'en' },
      });
    },
  );

  it('on checkout.completed: resets the event handler, reports the completion, then closes the checkout', async () => {
    const order: string[] = [];
    const onCompleted = vi.fn(() => order.push('completed'));
    paddle.instance.Checkout.close.mockImplementation(() => order.push('closed'));
    const billing = createPaddleBilling({ token: 'live_abc', environment: 'production' });
    await billing.openCheckout(request('autopilot', 'month', onCompleted));
    const handler = lastEventCallback();

    handler({ name: 'checkout.loaded' });
    expect(onCompleted).not.toHaveBeenCalled();
    expect(paddle.instance.Checkout.close).not.toHaveBeenCalled();

    paddle.instance.Update.mockImplementation(() => order.push('reset'));
    handler({ name: 'checkout.completed' });
    expect(order).toEqual(['reset', 'completed', 'closed']);
    // The handler now registered ignores a second completion.
    lastEventCallback()({ name: 'checkout.completed' });
    expect(onCompleted).toHaveBeenCalledOnce();
  });

  it('refuses to update the callbacks before Paddle is initialised', () => {
    const billing = createPaddleBilling({ token: 'live_abc', environment: 'sandbox' });
    expect(() => billing.setEventCallback(() => undefined)).toThrow(new Error('Paddle is not initialized'));
    expect(paddle.instance.Update).not.toHaveBeenCalled();
  });

  it('tries to initialise again on the next checkout when loading Paddle failed', async () => {
    paddle.initializePaddle.mockRejectedValueOnce(new Error('blocked'));
    const billing = createPaddleBilling({ token: 'live_abc', environment: 'production' });
    await expect(billing.openCheckout(request('manual', 'month'))).rejects.toThrow('blocked');
    await billing.openCheckout(request('manual', 'month'));
    expect(paddle.initializePaddle).toHaveBeenCalledTimes(2);
    expect(paddle.instance.Checkout.open).toHaveBeenCalledOnce();
  });
});
