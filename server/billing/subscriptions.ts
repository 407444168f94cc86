import type { Subscription } from '@contract/entities';
import { and, desc, eq, isNull, or } from 'drizzle-orm';
import type { Principal } from '../auth/principal';
import type { Database } from '../db/client';
import { subscriptions } from '../db/schema';

export type SubscriptionRow = typeof subscriptions.$inferSelect;

/** Rows that apply to the caller: the active workspace's, and those the caller bought before any workspace. */
function appliesTo(principal: Pick<Principal, 'userId' | 'workspaceId'>) {
  const owned = and(isNull(subscriptions.workspaceId), eq(subscriptions.buyerUserId, principal.userId));
  return principal.workspaceId ? or(eq(subscriptions.workspaceId, principal.workspaceId), owned) : owned;
}

/**
 * The subscription that applies to the caller: the active workspace's, or, before the buyer's
 * workspace exists, the one the caller bought. An active one wins over a lapsed one.
 */
export async function findSubscription(
  db: Database,
  principal: Pick<Principal, 'userId' | 'workspaceId'>,
): Promise<SubscriptionRow | null> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(appliesTo(principal))
    .orderBy(desc(subscriptions.active), desc(subscriptions.updatedAt))
    .limit(1);
  return row ?? null;
}

/** The API's view: inactive means no add-ons; only the add-ons switched on are listed. */
export function toSubscription(
  row: { active: boolean; addons: Record<string, boolean> } | null,
): Subscription {
  if (!row?.active) return { active: false, addons: {} };
  return { active: true, addons: Object.fromEntries(Object.entries(row.addons).filter(([, on]) => on)) };
}

/**
 * Attaches the subscriptions `userId` bought before having a workspace to `workspaceId`; from then on
 * every member of the workspace shares them. Only the buyer's own, and only unattached ones: calling
 * it again changes nothing.
 */
export async function attachBuyerSubscriptions(
  db: Database,
  userId: string,
  workspaceId: string,
): Promise<number> {
  const attached = await db
    .update(subscriptions)
    .set({ workspaceId, updatedAt: new Date() })
    .where(and(isNull(subscriptions.workspaceId), eq(subscriptions.buyerUserId, userId)))
    .returning({ id: subscriptions.id });
  return attached.length;
}
