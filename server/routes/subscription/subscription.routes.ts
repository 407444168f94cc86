import { api } from '@contract/api';
import type { Hono } from 'hono';
import type { Billing } from '../../billing/billing';
import { planItems } from '../../billing/plan-items';
import { attachBuyerSubscriptions, findSubscription, toSubscription } from '../../billing/subscriptions';
import { DomainError } from '../../domain/errors';
import type { AppEnv, Bind } from '../../http/bind-route';
import type { AppDeps } from '../../http/deps';
import { requestOrigin } from '../../http/trusted-proxy';
import { registerLocalBillingRoutes } from './local-billing.routes';
import { registerPaddleWebhookRoute } from './paddle-webhook.routes';

export { planItems } from '../../billing/plan-items';
export { findSubscription, toSubscription } from '../../billing/subscriptions';

/** The subscription, the plan items, workspace-created, the portal link, and the billing mode's own routes. */
export function registerSubscriptionRoutes(
  app: Hono<AppEnv>,
  bind: Bind,
  deps: Pick<AppDeps, 'db' | 'billing' | 'http'>,
  billing: Billing,
): void {
  const { db, http } = deps;
  const items = planItems(deps.billing);

  bind(api.getSubscription, async (c) => toSubscription(await findSubscription(db, c.get('principal'))));
  bind(api.listPlanItems, async () => items);

  bind(api.workspaceCreated, async (c) => {
    const principal = c.get('principal');
    if (!principal.workspaceId)
      throw new DomainError('invalid', 'bad_request', 'Create and activate a workspace first');
    await attachBuyerSubscriptions(db, principal.userId, principal.workspaceId);
    return toSubscription(await findSubscription(db, principal));
  });

  bind(api.getBillingPortal, async (c) => {
    const principal = c.get('principal');
    if (!principal.workspaceId || principal.role !== 'org:admin')
      throw new DomainError(
        'forbidden',
        'forbidden',
        'Only an admin of this workspace can open the subscription settings',
      );
    return { url: await billing.portalUrl({ principal, origin: requestOrigin(c, http.TRUST_PROXY) }) };
  });

  switch (billing.mode) {
    case 'local':
      registerLocalBillingRoutes(bind, billing);
      break;
    case 'paddle':
      registerPaddleWebhookRoute(app, billing);
      break;
  }
}
