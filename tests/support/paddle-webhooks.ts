import { readFileSync } from 'node:fs';
import { paddleSignatureOf } from '../../server/billing/paddle-signature';

/** The webhook secret and API key every Paddle-mode test server is configured with. */
export const paddleTestSecret = 'pdl_ntfset_01hv8wtest_0123456789abcdefghijklmnopqrstuv';
export const paddleTestApiKey = 'pdl_sdbx_apikey_01hv8wtest_abcdefghijklmnopqrstuvwxyz';

/** Price ids of a Paddle-mode test server (the plan's and the autopost add-on's). */
export const paddleTestPrices = {
  PADDLE_PRICE_START_MONTH: 'pri_01hv8wz5n0p8tq3e6c9bxj2m4k',
  PADDLE_PRICE_START_YEAR: 'pri_01hv8wz5n0p8tq3e6c9bxj2y7r',
  PADDLE_PRICE_AUTOPOST_MONTH: 'pri_01hv8wz9a4k2m6p0r3t5v7x9zb',
  PADDLE_PRICE_AUTOPOST_YEAR: 'pri_01hv8wz9a4k2m6p0r3t5v7x1yc',
} as const;

const fixture = JSON.parse(
  readFileSync(new URL('../fixtures/paddle/subscription-activated.json', import.meta.url), 'utf8'),
) as PaddleNotification;

export interface PaddleNotification {
  event_id: string;
  event_type: string;
  occurred_at: string;
  notification_id: string;
  data: {
    id: string;
    status: string;
    customer_id: string;
    items: Array<{ price: { id: string; billing_cycle: { interval: string; frequency: number } } }>;
    custom_data: Record<string, unknown> | null;
    billing_cycle: { interval: string; frequency: number };
    [key: string]: unknown;
  };
}

export interface SubscriptionEventOptions {
  eventId: string;
  eventType?: string;
  /** ISO time the event occurred at; Paddle sends microseconds (`…:42.117862Z`). */
  occurredAt?: string;
  subscriptionId?: string;
  status?: string;
  customerId?: string;
  priceIds?: string[];
  interval?: 'month' | 'year';
  customData?: Record<string, unknown> | null;
}

/** A subscription notification built from the recorded `subscription.activated` one. */
export function subscriptionEvent(options: SubscriptionEventOptions): PaddleNotification {
  const event = structuredClone(fixture);
  const interval = options.interval ?? 'month';
  const [template] = fixture.data.items;
  if (!template) throw new Error('the fixture has no item');
  event.event_id = options.eventId;
  event.event_type = options.eventType ?? 'subscription.activated';
  event.occurred_at = options.occurredAt ?? new Date().toISOString();
  event.notification_id = `ntf_${options.eventId.replace(/^evt_/, '')}`;
  event.data.id = options.subscriptionId ?? fixture.data.id;
  event.data.status = options.status ?? 'active';
  event.data.customer_id = options.customerId ?? fixture.data.customer_id;
  event.data.billing_cycle = { interval, frequency: 1 };
  event.data.custom_data = options.customData === undefined ? fixture.data.custom_data : options.customData;
  event.data.items = (options.priceIds ?? [paddleTestPrices.PADDLE_PRICE_START_MONTH]).map((id) => {
    const item = structuredClone(template);
    item.price.id = id;
    item.price.billing_cycle = { interval, frequency: 1 };
    return item;
  });
  return event;
}

/** A `Paddle-Signature` header for `body`, signed with each of `secrets` at `ts` (seconds). */
export function paddleSignatureHeader(
  body: string,
  secrets: string[] = [paddleTestSecret],
  ts = Math.floor(Date.now() / 1000),
): string {
  const h1 = secrets.map((secret) => `h1=${paddleSignatureOf(secret, String(ts), body)}`);
  return [`ts=${ts}`, ...h1].join(';');
}
