import type { Database } from '../db/client';
import type { Env } from '../env';
import type { Logger } from '../logger';
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

export function billingMode(env: Env): BillingMode {
  return env.PADDLE_WEBHOOK_SECRET ? 'paddle' : 'local';
}

export function createBilling(deps: { env: Env; db: Database; logger: Logger }): Billing {
  const { env, db, logger } = deps;
  const items = planItems(env);
  const secret = env.PADDLE_WEBHOOK_SECRET;
  if (secret) return new PaddleBilling(db, { ...env, PADDLE_WEBHOOK_SECRET: secret }, logger, items);
  return new LocalBilling(db, items);
}
