import type { Subscription } from '@contract/entities';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type PaddleNotification,
  paddleSignatureHeader,
  paddleTestApiKey,
  paddleTestPrices,
  paddleTestSecret,
  subscriptionEvent,
} from '../../../tests/support/paddle-webhooks';
import {
  expectFailure,
  expectSuccess,
  startTestServer,
  type TestServer,
  testDatabases,
} from '../../../tests/support/server-harness';
import { billingEvents, subscriptions, users, workspaces } from '../../db/schema';

const inactive: Subscription = { active: false, addons: {} };
const manual: Subscription = { active: true, addons: {} };
const autopilot: Subscription = { active: true, addons: { autopost: true } };
const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 10, minute, 0)).toISOString();

let sequence = 0;
const ids = () => {
  sequence += 1;
  const n = `${Date.now().toString(36)}${sequence.toString().padStart(4, '0')}`;
  return { eventId: `evt_${n}`, subscriptionId: `sub_${n}`, customerId: `ctm_${n}` };
};

describe.each(testDatabases())('the Paddle webhook (%s)', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind, {
      PADDLE_WEBHOOK_SECRET: paddleTestSecret,
      PADDLE_API_KEY: paddleTestApiKey,
      PADDLE_API_URL: 'http://127.0.0.1:9',
      ...paddleTestPrices,
    });
  });
  afterAll(() => server?.close());

  /** Sends a notification as Paddle does: the raw JSON, signed, unless the test says otherwise. */
  const deliver = (event: PaddleNotification | string, signature?: string | null) => {
    const body = typeof event === 'string' ? event : JSON.stringify(event);
    const header = signature === undefined ? paddleSignatureHeader(body) : signature;
    return server.request('POST', '/api/billing/paddle/webhook', {
      body,
      headers: header === null ? {} : { 'paddle-signature': header },
    });
  };
  const delivered = async (event: PaddleNotification) =>
    expect(expectSuccess(await deliver(event))).toBeNull();
  const subscriptionOf = async (token: string) =>
    expectSuccess<Subscription>(await server.request('GET', '/api/subscription', { token }));
  const rowOf = async (subscriptionId: string) => {
    const [row] = await server.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.externalId, subscriptionId));
    return row;
  };

  describe('Paddle-Signature', () => {
    it('applies a correctly signed subscription.activated for the buyer named in custom_data', async () => {
      const { session } = await server.signUp('paddle-buyer@example.com');
      const { eventId, subscriptionId, customerId } = ids();
      await delivered(
        subscriptionEvent({ eventId, subscriptionId, customerId, customData: { user_id: session.user.id } }),
      );
      expect(await subscriptionOf(session.token)).toStrictEqual(manual);
      expect(await rowOf(subscriptionId)).toMatchObject({
        provider: 'paddle',
        status: 'active',
        customerId,
        buyerUserId: session.user.id,
        workspaceId: null,
        period: 'month',
        priceIds: [paddleTestPrices.PADDLE_PRICE_START_MONTH],
      });
    });

    it('applies the recorded notification exactly as Paddle sent it (microsecond occurred_at)', async () => {
      const { session } = await server.signUp('recorded@example.com');
      const event = subscriptionEvent({ eventId: ids().eventId, customData: { user_id: session.user.id } });
      event.occurred_at = '2026-11-20T10:15:42.117862Z';
      await delivered(event);
      expect(await subscriptionOf(session.token)).toStrictEqual(manual);
    });

    it('refuses a body changed after signing, and applies nothing', async () => {
      const { session } = await server.signUp('tampered@example.com');
      const { eventId, subscriptionId } = ids();
      const honest = JSON.stringify(
        subscriptionEvent({
          eventId,
          subscriptionId,
          status: 'canceled',
          customData: { user_id: session.user.id },
        }),
      );
      const forged = honest.replace('"status":"canceled"', '"status":"active"');
      expect(forged).not.toBe(honest);
      expectFailure(await deliver(forged, paddleSignatureHeader(honest)), 401, {
        code: 'unauthorized',
        message: 'The Paddle-Signature does not match the body',
      });
      expect(await rowOf(subscriptionId)).toBeUndefined();
      expect(await subscriptionOf(session.token)).toStrictEqual(inactive);
    });

    it('refuses a signature older than PADDLE_WEBHOOK_TOLERANCE_SECONDS (a replayed capture)', async () => {
      const body = JSON.stringify(subscriptionEvent(ids()));
      const stale = Math.floor(Date.now() / 1000) - server.env.PADDLE_WEBHOOK_TOLERANCE_SECONDS - 5;
      expectFailure(await deliver(body, paddleSignatureHeader(body, [paddleTestSecret], stale)), 401, {
        code: 'unauthorized',
        message: 'The Paddle-Signature timestamp is too old or in the future',
      });
    });

    it('accepts a rotated secret: two h1 values, the second one right', async () => {
      const { session } = await server.signUp('rotated@example.com');
      const body = JSON.stringify(subscriptionEvent({ ...ids(), customData: { user_id: session.user.id } }));
      const header = paddleSignatureHeader(body, [
        'pdl_ntfset_an_old_secret_being_retired',
        paddleTestSecret,
      ]);
      expect(header.match(/h1=/g)).toHaveLength(2);
      expect(expectSuccess(await deliver(body, header))).toBeNull();
      expect(await subscriptionOf(session.token)).toStrictEqual(manual);
    });

    it('refuses two h1 values when neither is made with the secret', async () => {
      const body = JSON.stringify(subscriptionEvent(ids()));
      const header = paddleSignatureHeader(body, ['pdl_ntfset_wrong_one', 'pdl_ntfset_wrong_two']);
      expectFailure(await deliver(body, header), 401, { code: 'unauthorized' });
    });

    it('refuses a notification without the header', async () => {
      expectFailure(await deliver(subscriptionEvent(ids()), null), 401, {
        code: 'unauthorized',
        message: 'The Paddle-Signature header is missing',
      });
    });

    it('refuses a signed body that is not JSON with 400', async () => {
      expectFailure(await deliver('{"event_id": '), 400, {
        code: 'bad_request',
        message: 'The request body must be valid JSON',
        field: 'body',
      });
    });
  });

  describe('each event applied once, in the order it occurred', () => {
    it('applies a redelivered event id once', async () => {
      const { session } = await server.signUp('replayed@example.com');
      const { subscriptionId, customerId } = ids();
      const customData = { user_id: session.user.id };
      const activated = subscriptionEvent({
        ...ids(),
        subscriptionId,
        customerId,
        customData,
        occurredAt: at(1),
      });
      const canceled = subscriptionEvent({
        ...ids(),
        eventType: 'subscription.canceled',
        status: 'canceled',
        subscriptionId,
        customerId,
        customData,
        occurredAt: at(2),
      });
      await delivered(activated);
      await delivered(canceled);
      // Paddle redelivers the activation (with a new occurred_at it would be newer; the id alone stops it).
      await delivered({ ...activated, occurred_at: at(3) });
      expect(await subscriptionOf(session.token)).toStrictEqual(inactive);
      const events = await server.db
        .select()
        .from(billingEvents)
        .where(eq(billingEvents.subscriptionExternalId, subscriptionId));
      expect(events.map((e) => [e.eventId, e.outcome]).sort()).toEqual(
        [
          [activated.event_id, 'applied'],
          [canceled.event_id, 'applied'],
        ].sort(),
      );
    });

    it('records but does not apply a canceled that occurred before an activated received first', async () => {
      const { session } = await server.signUp('out-of-order@example.com');
      const { subscriptionId, customerId } = ids();
      const customData = { user_id: session.user.id };
      const canceledEarlier = subscriptionEvent({
        ...ids(),
        eventType: 'subscription.canceled',
        status: 'canceled',
        subscriptionId,
        customerId,
        customData,
        occurredAt: at(5),
      });
      const activatedLater = subscriptionEvent({
        ...ids(),
        subscriptionId,
        customerId,
        customData,
        occurredAt: at(6),
      });
      await delivered(activatedLater);
      await delivered(canceledEarlier);
      expect(await subscriptionOf(session.token)).toStrictEqual(manual);
      const [recorded] = await server.db
        .select()
        .from(billingEvents)
        .where(eq(billingEvents.eventId, canceledEarlier.event_id));
      expect(recorded?.outcome).toBe('out_of_order');
      expect((await rowOf(subscriptionId))?.lastEventAt?.toISOString()).toBe(at(6));
    });

    it('answers 200 to event types it does not use, and changes nothing', async () => {
      const event = subscriptionEvent(ids());
      const transaction = {
        ...event,
        event_type: 'transaction.completed',
        data: { id: 'txn_01', status: 'completed' },
      };
      await delivered(transaction as PaddleNotification);
      const [recorded] = await server.db
        .select()
        .from(billingEvents)
        .where(eq(billingEvents.eventId, event.event_id));
      expect(recorded?.outcome).toBe('ignored');
      expect(await rowOf('txn_01')).toBeUndefined();
    });
  });

  describe('status and add-ons', () => {
    it.each([
      ['subscription.activated', 'active', true],
      ['subscription.trialing', 'trialing', true],
      ['subscription.past_due', 'past_due', true],
      ['subscription.paused', 'paused', false],
      ['subscription.canceled', 'canceled', false],
      ['subscription.updated', 'a_status_paddle_adds_later', false],
    ])('%s with status %s gives access: %s', async (eventType, status, active) => {
      const { session } = await server.signUp(`status-${status}@example.com`);
      const { subscriptionId, customerId } = ids();
      const customData = { user_id: session.user.id };
      await delivered(
        subscriptionEvent({ ...ids(), subscriptionId, customerId, customData, occurredAt: at(10) }),
      );
      await delivered(
        subscriptionEvent({
          ...ids(),
          eventType,
          status,
          subscriptionId,
          customerId,
          customData,
          occurredAt: at(11),
        }),
      );
      expect(await subscriptionOf(session.token)).toStrictEqual(active ? manual : inactive);
      expect((await rowOf(subscriptionId))?.status).toBe(status);
    });

    it.each([
      ['month', paddleTestPrices.PADDLE_PRICE_START_MONTH, paddleTestPrices.PADDLE_PRICE_AUTOPOST_MONTH],
      ['year', paddleTestPrices.PADDLE_PRICE_START_YEAR, paddleTestPrices.PADDLE_PRICE_AUTOPOST_YEAR],
    ] as const)(
      'turns autopost on when the add-on’s %sly price is an item, and off when it is removed',
      async (interval, plan, addon) => {
        const { session } = await server.signUp(`autopost-${interval}@example.com`);
        const { subscriptionId, customerId } = ids();
        const customData = { user_id: session.user.id };
        await delivered(
          subscriptionEvent({
            ...ids(),
            subscriptionId,
            customerId,
            customData,
            interval,
            priceIds: [plan, addon],
            occurredAt: at(20),
          }),
        );
        expect(await subscriptionOf(session.token)).toStrictEqual(autopilot);
        expect(await rowOf(subscriptionId)).toMatchObject({ period: interval, priceIds: [plan, addon] });
        await delivered(
          subscriptionEvent({
            ...ids(),
            eventType: 'subscription.updated',
            subscriptionId,
            customerId,
            customData,
            interval,
            priceIds: [plan],
            occurredAt: at(21),
          }),
        );
        expect(await subscriptionOf(session.token)).toStrictEqual(manual);
      },
    );
  });

  describe('whose subscription it is', () => {
    it('attaches it to the workspace in custom_data at once, for every member', async () => {
      const admin = await server.signUpWithWorkspace('paddle-admin@example.com');
      await delivered(
        subscriptionEvent({
          ...ids(),
          customData: { user_id: admin.userId, workspace_id: admin.workspace.id },
        }),
      );
      expect(await subscriptionOf(admin.token)).toStrictEqual(manual);
      const outsider = await server.signUpWithWorkspace('paddle-outsider@example.com');
      expect(await subscriptionOf(outsider.token)).toStrictEqual(inactive);
    });

    it('keeps it the buyer’s until workspace-created, then the workspace’s', async () => {
      const buyer = await server.signUp('paddle-first-run@example.com');
      await delivered(
        subscriptionEvent({ ...ids(), customData: { user_id: buyer.session.user.id, workspace_id: null } }),
      );
      expect(await subscriptionOf(buyer.session.token)).toStrictEqual(manual);
      const workspace = await server.createWorkspace(buyer.cookie, 'Paddle first run');
      const token = (await server.activate(buyer.cookie, workspace.id)).token;
      expect(
        expectSuccess(
          await server.request('POST', '/api/subscription/workspace-created', { token, body: {} }),
        ),
      ).toStrictEqual(manual);
    });

    it('finds Clerk users and organisations by their Clerk ids', async () => {
      const [user] = await server.db.insert(users).values({ clerkUserId: 'user_2pQfW3x' }).returning();
      const [workspace] = await server.db
        .insert(workspaces)
        .values({ name: 'Clerk org', clerkOrgId: 'org_2pQfW9z' })
        .returning();
      const { subscriptionId, eventId } = ids();
      await delivered(
        subscriptionEvent({
          eventId,
          subscriptionId,
          customData: { user_id: 'user_2pQfW3x', workspace_id: 'org_2pQfW9z' },
        }),
      );
      expect(await rowOf(subscriptionId)).toMatchObject({
        buyerUserId: user?.id,
        workspaceId: workspace?.id,
      });
    });

    it('keeps the workspace it was attached to when a later event carries no workspace', async () => {
      const admin = await server.signUpWithWorkspace('paddle-stays@example.com');
      const { subscriptionId, customerId } = ids();
      await delivered(
        subscriptionEvent({
          ...ids(),
          subscriptionId,
          customerId,
          customData: { user_id: admin.userId, workspace_id: admin.workspace.id },
          occurredAt: at(30),
        }),
      );
      await delivered(
        subscriptionEvent({
          ...ids(),
          eventType: 'subscription.updated',
          subscriptionId,
          customerId,
          customData: null,
          occurredAt: at(31),
        }),
      );
      expect((await rowOf(subscriptionId))?.workspaceId).toBe(admin.workspace.id);
      expect(await subscriptionOf(admin.token)).toStrictEqual(manual);
    });
  });

  it('has no local billing routes in Paddle mode', async () => {
    const { session } = await server.signUp('paddle-mode-local@example.com');
    for (const [method, path] of [
      ['POST', '/api/subscription/local-checkout'],
      ['GET', '/api/subscription/local-billing'],
      ['POST', '/api/subscription/local-cancel'],
    ] as const) {
      const response = await server.request(method, path, {
        token: session.token,
        ...(method === 'POST' ? { body: { priceIds: [paddleTestPrices.PADDLE_PRICE_START_MONTH] } } : {}),
      });
      expectFailure(response, 404, { code: 'not_found', message: `No API route ${method} ${path}` });
    }
  });
});
