import type { BillingAdapter, CheckoutRequest } from './billing-types';

type Listener = () => void;

let pending: CheckoutRequest | null = null;
const listeners = new Set<Listener>();

function emit(): void {
  for (const listener of listeners) listener();
}

/** The checkout the local dialog shows (null: none); the dialog subscribes to it. */
export const localCheckoutStore = {
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getSnapshot(): CheckoutRequest | null {
    return pending;
  },
  close(): void {
    pending = null;
    emit();
  },
};

/** Billing without a payment provider: the local checkout dialog activates the plan at once. */
export const localBilling: BillingAdapter = {
  kind: 'local',
  openCheckout: async (request) => {
    pending = request;
    emit();
  },
};
