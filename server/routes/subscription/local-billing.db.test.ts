import type { PlanItem, Subscription } from '@contract/entities';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectFailure,
  expectSuccess,
  startTestServer,
  type TestServer,
  testDatabases,
} from '../../../tests/support/server-harness';
import { memberships, subscriptions } from '../../db/schema';

const manual: Subscription = { active: true, addons: {} };
const autopilot: Subscription = { active: true, addons: { autopost: true } };

describe.each(testDatabases())('local billing (%s)', (kind) => {
  let server: TestServer;
  let items: PlanItem[];

  beforeAll(async () => {
    server = await startTestServer(kind);
    const { session } = await server.signUp('catalogue@example.com');
    items = expectSuccess(
      await server.request('GET', '/api/subscription/products', { token: session.token }),
    );
  });
  afterAll(() => server?.close());

  const start = () => items.find((item) => item.slug === 'start') as PlanItem;
  const autopost = () => items.find((item) => item.slug === 'autopost') as PlanItem;
  const checkout = (token: string, priceIds: unknown) =>
    server.request('POST', '/api/subscription/local-checkout', { token, body: { priceIds } });
  const subscriptionOf = async (token: string) =>
    expectSuccess<Subscription>(await server.request('GET', '/api/subscription', { token }));
  const billingOf = async (token: string) =>
    expectSuccess<{ subscription: Subscription; period: string | null; items: PlanItem[] }>(
      await server.request('GET', '/api/subscription/local-billing', { token }),
    );

  describe('checkout activates the chosen plan at once', () => {
    it.each([
      ['Manual', 'month', false],
      ['Manual', 'year', false],
      ['Autopilot', 'month', true],
      ['Autopilot', 'year', true],
    ] as const)('%s, paid per %s', async (plan, period, withAddon) => {
      const { session } = await server.signUp(`${plan.toLowerCase()}-${period}@example.com`);
      const priceId = (item: PlanItem) => (period === 'month' ? item.month_price_id : item.year_price_id);
      const priceIds = withAddon ? [priceId(start()), priceId(autopost())] : [priceId(start())];

      const bought = expectSuccess<Subscription>(await checkout(session.token, priceIds));

      const expected = withAddon ? autopilot : manual;
      expect(bought).toStrictEqual(expected);
      expect(await subscriptionOf(session.token)).toStrictEqual(expected);
      expect(await billingOf(session.token)).toStrictEqual({
        subscription: expected,
        period,
        items: withAddon ? [start(), autopost()] : [start()],
      });
      const [row] = await server.db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.buyerUserId, session.user.id));
      expect(row).toMatchObject({ provider: 'local', workspaceId: null, period, priceIds });
    });

    it('replaces the buyer’s plan when they buy again: Manual monthly, then Autopilot yearly', async () => {
      const { session } = await server.signUp('changes-mind@example.com');
      expectSuccess(await checkout(session.token, [start().month_price_id]));
      expectSuccess(await checkout(session.token, [start().year_price_id, autopost().year_price_id]));
      expect(await subscriptionOf(session.token)).toStrictEqual(autopilot);
      const rows = await server.db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.buyerUserId, session.user.id));
      expect(rows).toHaveLength(1);
      expect(rows[0]?.period).toBe('year');
    });

    it('attaches the plan to the active workspace right away when the buyer has one', async () => {
      const admin = await server.signUpWithWorkspace('has-a-workspace@example.com');
      expectSuccess(await checkout(admin.token, [start().month_price_id]));
      const [row] = await server.db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.buyerUserId, admin.userId));
      expect(row?.workspaceId).toBe(admin.workspace.id);
    });
  });

  describe('refuses price ids that are not one plan price plus, optionally, the add-on of the same period', () => {
    it.each([
      ['an unknown price id', () => ['pri_unknown'], '"pri_unknown" is not a price of this plan'],
      ['the add-on alone', () => [autopost().month_price_id], /exactly one of the plan's prices/],
      [
        'both of the plan’s prices',
        () => [start().month_price_id, start().year_price_id],
        /exactly one of the plan's prices/,
      ],
      [
        'a yearly add-on on a monthly plan',
        () => [start().month_price_id, autopost().year_price_id],
        'The add-on must be billed per month, like the plan',
      ],
      [
        'a monthly add-on on a yearly plan',
        () => [start().year_price_id, autopost().month_price_id],
        'The add-on must be billed per year, like the plan',
      ],
      [
        'the same price twice',
        () => [start().month_price_id, start().month_price_id],
        'Each price id may be given only once',
      ],
    ])('%s', async (_, priceIds, message) => {
      const { session } = await server.signUp(`bad-${Math.random().toString(36).slice(2)}@example.com`);
      expectFailure(await checkout(session.token, priceIds()), 400, {
        code: 'bad_request',
        message,
        field: 'priceIds',
      });
      expect(await subscriptionOf(session.token)).toStrictEqual({ active: false, addons: {} });
    });

    it.each([
      ['no price ids', []],
      ['three price ids', ['a', 'b', 'c']],
      ['a string instead of a list', 'local_start_month'],
    ])('%s, naming priceIds', async (_, priceIds) => {
      const { session } = await server.signUp(`shape-${Math.random().toString(36).slice(2)}@example.com`);
      expectFailure(await checkout(session.token, priceIds), 400, { code: 'bad_request', field: 'priceIds' });
    });

    it('refuses a checkout without a token', async () => {
      expectFailure(
        await server.request('POST', '/api/subscription/local-checkout', { body: { priceIds: ['x'] } }),
        401,
        { code: 'unauthorized' },
      );
    });
  });

  describe('the billing page', () => {
    it('shows nothing bought to someone without a plan', async () => {
      const { session } = await server.signUp('window-shopper@example.com');
      expect(await billingOf(session.token)).toStrictEqual({
        subscription: { active: false, addons: {} },
        period: null,
        items: [],
      });
    });

    it('lets an admin cancel the workspace’s plan, and then no member has it', async () => {
      const admin = await server.signUpWithWorkspace('cancelling-admin@example.com');
      const member = await server.signUp('cancelling-member@example.com');
      await server.db
        .insert(memberships)
        .values({ workspaceId: admin.workspace.id, userId: member.session.user.id, role: 'org:member' });
      const memberToken = (await server.activate(member.cookie, admin.workspace.id)).token;
      expectSuccess(await checkout(admin.token, [start().year_price_id, autopost().year_price_id]));
      expect(await subscriptionOf(memberToken)).toStrictEqual(autopilot);

      // A member cannot cancel, nor replace the workspace's plan.
      expectFailure(
        await server.request('POST', '/api/subscription/local-cancel', { token: memberToken, body: {} }),
        403,
        {
          code: 'forbidden',
          message: "Only an admin of this workspace can cancel the workspace's plan",
        },
      );
      expectFailure(await checkout(memberToken, [start().month_price_id]), 403, { code: 'forbidden' });
      expect(await subscriptionOf(memberToken)).toStrictEqual(autopilot);

      const cancelled = expectSuccess<Subscription>(
        await server.request('POST', '/api/subscription/local-cancel', { token: admin.token, body: {} }),
      );
      expect(cancelled).toStrictEqual({ active: false, addons: {} });
      expect(await subscriptionOf(memberToken)).toStrictEqual({ active: false, addons: {} });
      expect((await billingOf(admin.token)).period).toBeNull();
    });

    it('refuses cancelling to someone with no active workspace', async () => {
      const { session } = await server.signUp('no-workspace-cancel@example.com');
      expectFailure(
        await server.request('POST', '/api/subscription/local-cancel', { token: session.token, body: {} }),
        403,
        { code: 'forbidden' },
      );
    });
  });

  it('has no Paddle webhook in local mode', async () => {
    expectFailure(await server.request('POST', '/api/billing/paddle/webhook', { body: {} }), 404, {
      code: 'not_found',
      message: 'No API route POST /api/billing/paddle/webhook',
    });
  });
});
