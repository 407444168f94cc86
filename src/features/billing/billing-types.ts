/** What the app's billing adapters (Paddle's checkout, the local one) take and give. */

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
