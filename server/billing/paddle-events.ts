import { storedText, storedTextProblem } from '@contract/stored-text';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../db/client';
import { billingEvents, subscriptions, users, workspaces } from '../db/schema';
import { isUuid } from '../domain/ids';
import type { BillingPeriod } from './plan-items';

/** Texts of an event that are stored or looked up: PostgreSQL refuses some characters (the contract's rule). */
const storedString = () => z.string().check(storedText());
const storedId = () => z.string().min(1).max(200).check(storedText());

/** The envelope of every Paddle Billing notification. */
export const paddleEventSchema = z.object({
  event_id: storedId(),
  event_type: storedId(),
  occurred_at: z.iso.datetime({ offset: true }),
  data: z.unknown(),
});
export type PaddleEvent = z.infer<typeof paddleEventSchema>;

const subscriptionDataSchema = z.object({
  id: storedId(),
  status: storedString(),
  customer_id: storedString().nullish(),
  items: z
    .array(
      z.object({ price: z.object({ id: storedString() }).nullish(), price_id: storedString().nullish() }),
    )
    .nullish(),
  custom_data: z.record(z.string(), z.unknown()).nullish(),
  billing_cycle: z.object({ interval: z.string() }).nullish(),
});
type SubscriptionData = z.infer<typeof subscriptionDataSchema>;

/** The subscription events that change access; every other event type is recorded and ignored. */
export const subscriptionEventTypes = new Set([
  'subscription.created',
  'subscription.updated',
  'subscription.activated',
  'subscription.trialing',
  'subscription.past_due',
  'subscription.paused',
  'subscription.resumed',
  'subscription.canceled',
]);

/**
 * Whether a Paddle subscription status gives access. `past_due` keeps access while Paddle retries the
 * payment (docs/decisions/006-paddle-status-mapping.md); any status Paddle adds later gives none.
 */
export function paddleStatusGivesAccess(status: string): boolean {
  return status === 'active' || status === 'trialing' || status === 'past_due';
}

export type EventOutcome = 'applied' | 'out_of_order' | 'ignored' | 'duplicate';

/** An event that cannot be applied; `field` names the part at fault (`data.status`). */
export class MalformedEventError extends Error {
  override name = 'MalformedEventError';
  constructor(
    message: string,
    readonly field = 'data',
  ) {
    super(message);
  }
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Finds the buyer and the workspace the app put in the checkout's `customData`: ReplyRadar's own ids
 * in local sign-in mode, Clerk's user and organisation ids in Clerk mode.
 */
async function ownerOf(tx: Tx, customData: SubscriptionData['custom_data']) {
  const userRef = storableRef(customData?.user_id);
  const workspaceRef = storableRef(customData?.workspace_id);
  let buyerUserId: string | null = null;
  let workspaceId: string | null = null;
  if (userRef) {
    const [user] = await tx
      .select({ id: users.id })
      .from(users)
      .where(isUuid(userRef) ? eq(users.id, userRef) : eq(users.clerkUserId, userRef));
    buyerUserId = user?.id ?? null;
  }
  if (workspaceRef) {
    const [workspace] = await tx
      .select({ id: workspaces.id })
      .from(workspaces)
      .where(
        isUuid(workspaceRef) ? eq(workspaces.id, workspaceRef) : eq(workspaces.clerkOrgId, workspaceRef),
      );
    workspaceId = workspace?.id ?? null;
  }
  return { buyerUserId, workspaceId };
}

/** A `custom_data` reference that can be looked up; any other value names nobody. */
function storableRef(value: unknown): string | null {
  return typeof value === 'string' && storedTextProblem(value) === null ? value : null;
}

function periodOf(data: SubscriptionData): BillingPeriod | null {
  const interval = data.billing_cycle?.interval;
  return interval === 'month' || interval === 'year' ? interval : null;
}

/**
 * Applies one verified Paddle event, exactly once: the event id is recorded in the same transaction
 * that applies it, so a redelivery finds it and changes nothing, and a failure records nothing (Paddle
 * then retries). A subscription event older than the last one applied to that subscription is recorded
 * but not applied: Paddle does not guarantee delivery order.
 */
export async function applyPaddleEvent(
  db: Database,
  event: PaddleEvent,
  autopostPriceIds: ReadonlySet<string>,
): Promise<EventOutcome> {
  const occurredAt = new Date(event.occurred_at);
  const isSubscriptionEvent = subscriptionEventTypes.has(event.event_type);
  let data: SubscriptionData | null = null;
  if (isSubscriptionEvent) {
    const parsed = subscriptionDataSchema.safeParse(event.data);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new MalformedEventError(
        `${event.event_type} ${event.event_id} has no usable subscription data: ${issue?.message}`,
        ['data', ...(issue?.path ?? [])].map(String).join('.'),
      );
    }
    data = parsed.data;
  }

  return db.transaction(async (tx) => {
    const [recorded] = await tx
      .insert(billingEvents)
      .values({
        provider: 'paddle',
        eventId: event.event_id,
        eventType: event.event_type,
        occurredAt,
        subscriptionExternalId: data?.id ?? null,
        outcome: 'ignored',
      })
      .onConflictDoNothing()
      .returning({ eventId: billingEvents.eventId });
    if (!recorded) return 'duplicate';
    if (!data) return 'ignored';

    const owner = await ownerOf(tx, data.custom_data);
    // A placeholder row first, so two events of a new subscription arriving at once both find one row.
    await tx
      .insert(subscriptions)
      .values({ provider: 'paddle', externalId: data.id, status: data.status, active: false, ...owner })
      .onConflictDoNothing();
    const [row] = await tx
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.provider, 'paddle'), eq(subscriptions.externalId, data.id)))
      .for('update');
    if (!row) throw new Error(`subscription ${data.id} vanished while applying ${event.event_id}`);

    const setOutcome = (outcome: EventOutcome & ('applied' | 'out_of_order')) =>
      tx
        .update(billingEvents)
        .set({ outcome })
        .where(and(eq(billingEvents.provider, 'paddle'), eq(billingEvents.eventId, event.event_id)));
    if (row.lastEventAt && occurredAt < row.lastEventAt) {
      await setOutcome('out_of_order');
      return 'out_of_order';
    }

    const priceIds = (data.items ?? [])
      .map((item) => item.price?.id ?? item.price_id)
      .filter((id): id is string => typeof id === 'string');
    await tx
      .update(subscriptions)
      .set({
        status: data.status,
        active: paddleStatusGivesAccess(data.status),
        addons: { autopost: priceIds.some((id) => autopostPriceIds.has(id)) },
        priceIds,
        period: periodOf(data) ?? row.period,
        customerId: data.customer_id ?? row.customerId,
        // The checkout's owner is set once; later events never move a subscription to another workspace.
        buyerUserId: row.buyerUserId ?? owner.buyerUserId,
        workspaceId: row.workspaceId ?? owner.workspaceId,
        lastEventAt: occurredAt,
        updatedAt: new Date(),
      })
      .where(eq(subscriptions.id, row.id));
    await setOutcome('applied');
    return 'applied';
  });
}
