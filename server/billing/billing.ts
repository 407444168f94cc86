import type { Database } from '../db/client';
import type { Logger } from '../logger';
import type { BillingConfig } from './billing-config';
import { LocalBilling } from './local-billing';
import { PaddleBilling } from './paddle-billing';
import { planItems } from './plan-items';

/**
 * Billing, one interface with two implementations: Paddle when `PADDLE_WEBHOOK_SECRET` is set,
 * otherwise local billing. Each has its own routes; the shared ones (subscription, plan items,
 * workspace-created, portal) work the same in both.
 */
export type Billing = LocalBilling | PaddleBilling;
export type BillingMode = Billing['mode'];

export function billingMode(config: Pick<BillingConfig, 'PADDLE_WEBHOOK_SECRET'>): BillingMode {
  return config.PADDLE_WEBHOOK_SECRET ? 'paddle' : 'local';
}

export function createBilling(deps: { billing: BillingConfig; db: Database; logger: Logger }): Billing {
  const { billing: config, db, logger } = deps;
  const items = planItems(config);
  const secret = config.PADDLE_WEBHOOK_SECRET;
  if (secret) return new PaddleBilling(db, { ...config, PADDLE_WEBHOOK_SECRET: secret }, logger, items);
  return new LocalBilling(db, items);
}
