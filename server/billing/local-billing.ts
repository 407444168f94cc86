import type { PlanItem, Subscription } from '@contract/entities';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Principal } from '../auth/principal';
import type { Database } from '../db/client';
import { subscriptions } from '../db/schema';
import { DomainError } from '../domain/errors';
import type { BillingProvider, PortalRequest } from './billing-provider';
import { type BillingPeriod, itemsOfPrices, readPlanChoice } from './plan-items';
import { findSubscription, toSubscription } from './subscriptions';

export interface LocalBillingSummary {
  subscription: Subscription;
  period: BillingPeriod | null;
  items: PlanItem[];
}

/**
 * Billing without a payment provider: a checkout activates the chosen plan at once, and the
 * app's own billing page is the portal, where an admin can cancel.
 */
export class LocalBilling implements BillingProvider {
  readonly mode = 'local' as const;

  constructor(
    private readonly db: Database,
    private readonly items: PlanItem[],
  ) {}

  /** The app's own billing page. */
  async portalUrl(request: PortalRequest): Promise<string> {
    return `${request.origin}/billing`;
  }

  /**
   * Activates the plan of `priceIds` for the caller: on the active workspace when there is one,
   * otherwise as the caller's own until `workspace-created` attaches it. Replaces what was there.
   */
  async checkout(principal: Principal, priceIds: readonly string[]): Promise<Subscription> {
    const choice = readPlanChoice(this.items, priceIds);
    const current = await findSubscription(this.db, principal);
    if (principal.workspaceId && current?.active && current.workspaceId && principal.role !== 'org:admin')
      throw new DomainError(
        'forbidden',
        'forbidden',
        "Only an admin of this workspace can change the workspace's plan",
      );

    const scope = principal.workspaceId
      ? eq(subscriptions.workspaceId, principal.workspaceId)
      : and(isNull(subscriptions.workspaceId), eq(subscriptions.buyerUserId, principal.userId));
    const values = {
      buyerUserId: principal.userId,
      workspaceId: principal.workspaceId,
      status: 'active',
      active: true,
      addons: choice.addons,
      period: choice.period,
      priceIds: choice.priceIds,
      updatedAt: new Date(),
    };
    await this.db.transaction(async (tx) => {
      const [existing] = await tx
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .where(and(eq(subscriptions.provider, 'local'), scope))
        .orderBy(desc(subscriptions.updatedAt))
        .limit(1)
        .for('update');
      if (existing) await tx.update(subscriptions).set(values).where(eq(subscriptions.id, existing.id));
      else await tx.insert(subscriptions).values({ ...values, provider: 'local' });
    });
    return toSubscription(await findSubscription(this.db, principal));
  }

  /** What the local billing page shows: the subscription and, while it is active, its period and items. */
  async summary(principal: Principal): Promise<LocalBillingSummary> {
    const row = await findSubscription(this.db, principal);
    if (!row?.active) return { subscription: toSubscription(row), period: null, items: [] };
    return {
      subscription: toSubscription(row),
      period: row.period,
      items: itemsOfPrices(this.items, row.priceIds),
    };
  }

  /** An admin cancels the active workspace's subscription; it becomes inactive at once. */
  async cancel(principal: Principal): Promise<Subscription> {
    if (!principal.workspaceId || principal.role !== 'org:admin')
      throw new DomainError(
        'forbidden',
        'forbidden',
        "Only an admin of this workspace can cancel the workspace's plan",
      );
    await this.db
      .update(subscriptions)
      .set({ active: false, status: 'canceled', updatedAt: new Date() })
      .where(and(eq(subscriptions.workspaceId, principal.workspaceId), eq(subscriptions.provider, 'local')));
    return toSubscription(await findSubscription(this.db, principal));
  }
}
