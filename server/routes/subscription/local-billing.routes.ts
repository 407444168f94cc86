import { api } from '@contract/api';
import type { LocalBilling } from '../../billing/local-billing';
import type { Bind } from '../../http/bind-route';

/** Routes that exist only with local billing: checkout without payment, the billing page, cancel. */
export function registerLocalBillingRoutes(bind: Bind, billing: LocalBilling): void {
  bind(api.localCheckout, async (c, { body }) => billing.checkout(c.get('principal'), body.priceIds));
  bind(api.getLocalBilling, async (c) => billing.summary(c.get('principal')));
  bind(api.cancelLocalSubscription, async (c) => billing.cancel(c.get('principal')));
}
