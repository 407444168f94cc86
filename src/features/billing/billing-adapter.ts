import { env } from '@/lib/env';
import type { BillingAdapter } from './billing-types';

export type { BillingAdapter, CheckoutItem, CheckoutRequest } from './billing-types';

/** Paddle when its client token is configured, otherwise the local checkout. */
export const billingMode: 'paddle' | 'local' = env.VITE_PADDLE_CLIENT_TOKEN ? 'paddle' : 'local';

let loading: Promise<BillingAdapter> | null = null;

function load(): Promise<BillingAdapter> {
  const token = env.VITE_PADDLE_CLIENT_TOKEN;
  // Each implementation is its own chunk, so Paddle's SDK never loads in local mode.
  if (token) {
    return import('./paddle-billing').then((m) =>
      m.createPaddleBilling({ token, environment: env.VITE_PADDLE_ENVIRONMENT }),
    );
  }
  return import('./local-billing').then((m) => m.localBilling);
}

/** The configured billing adapter, loaded on first use and then kept (so Paddle is initialised once). */
export function loadBillingAdapter(): Promise<BillingAdapter> {
  if (!loading) {
    const attempt = load();
    loading = attempt;
    attempt.catch(() => {
      if (loading === attempt) loading = null;
    });
  }
  return loading;
}
