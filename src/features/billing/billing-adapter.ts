import { env } from '@/lib/env';

/** One item of a checkout: a price id, always quantity 1 (spec section 7). */
export interface CheckoutItem {
  priceId: string;
  quantity: 1;
}

export interface CheckoutRequest {
  items: CheckoutItem[];
  /** The customer's email, prefilled in the checkout. */
  email: string;
  /** The active workspace; null before the buyer's first workspace exists. */
  workspaceId: string | null;
  userId: string;
  /** Called once the payment has gone through. */
  onCompleted: () => void;
}

/** The one billing interface of the app: Paddle's checkout, or the local one. */
export interface BillingAdapter {
  readonly kind: 'paddle' | 'local';
  /** Opens the checkout; resolves once it is showing. */
  openCheckout: (request: CheckoutRequest) => Promise<void>;
}

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
