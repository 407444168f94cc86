import { api } from '@contract/api';
import type { PlanItem, Subscription } from '@contract/entities';
import { and, desc, eq, isNull, or } from 'drizzle-orm';
import type { Principal } from '../../auth/principal';
import type { Database } from '../../db/client';
import { subscriptions } from '../../db/schema';
import type { Env } from '../../env';
import type { Bind } from '../../http/bind-route';
import type { AppDeps } from '../../http/deps';

/**
 * The subscription that applies to the caller: the active workspace's, or, before the buyer's
 * workspace exists, the one the caller bought.
 */
export async function findSubscription(db: Database, principal: Principal) {
  const owned = and(isNull(subscriptions.workspaceId), eq(subscriptions.buyerUserId, principal.userId));
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(principal.workspaceId ? or(eq(subscriptions.workspaceId, principal.workspaceId), owned) : owned)
    .orderBy(desc(subscriptions.active), desc(subscriptions.updatedAt))
    .limit(1);
  return row ?? null;
}

export function toSubscription(
  row: { active: boolean; addons: Record<string, boolean> } | null,
): Subscription {
  if (!row?.active) return { active: false, addons: {} };
  return { active: true, addons: Object.fromEntries(Object.entries(row.addons).filter(([, on]) => on)) };
}

/** The plan items the subscribe screen offers, from configuration. */
export function planItems(env: Env): PlanItem[] {
  return [
    {
      kind: 'product',
      slug: 'start',
      price_month: env.PLAN_START_PRICE_MONTH,
      price_year: env.PLAN_START_PRICE_YEAR,
      month_price_id: env.PADDLE_PRICE_START_MONTH,
      year_price_id: env.PADDLE_PRICE_START_YEAR,
    },
    {
      kind: 'addon',
      slug: 'autopost',
      price_month: env.PLAN_AUTOPOST_PRICE_MONTH,
      price_year: env.PLAN_AUTOPOST_PRICE_YEAR,
      month_price_id: env.PADDLE_PRICE_AUTOPOST_MONTH,
      year_price_id: env.PADDLE_PRICE_AUTOPOST_YEAR,
    },
  ];
}

export function registerSubscriptionRoutes(bind: Bind, { db, env }: AppDeps): void {
  const items = planItems(env);
  bind(api.getSubscription, async (c) => toSubscription(await findSubscription(db, c.get('principal'))));
  bind(api.listPlanItems, async () => items);
}
