import type { PlanItem, Subscription } from '@contract/entities';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectFailure,
  expectSuccess,
  startTestServer,
  type TestServer,
  testDatabases,
} from '../../../tests/support/server-harness';
import { memberships, subscriptions } from '../../db/schema';

const inactive: Subscription = { active: false, addons: {} };

describe.each(testDatabases())('subscriptions (%s)', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server?.close());

  const subscriptionOf = async (token: string) =>
    expectSuccess<Subscription>(await server.request('GET', '/api/subscription', { token }));
  /** A new account with its own active workspace, and no plan bought yet. */
  const signUpWithoutPlan = (email: string, workspaceName?: string) =>
    server.signUpWithWorkspace(email, workspaceName, { subscribed: false });

  it('is inactive with no add-ons for a new workspace', async () => {
    const { token } = await signUpWithoutPlan('fresh@example.com');
    expect(await subscriptionOf(token)).toStrictEqual(inactive);
  });

  it('is inactive with no add-ons for someone with no workspace and nothing bought', async () => {
    const { session } = await server.signUp('browsing@example.com');
    expect(await subscriptionOf(session.token)).toStrictEqual(inactive);
  });

  it("shows a workspace's subscription to each of its members, and to no other workspace", async () => {
    const admin = await signUpWithoutPlan('paying-admin@example.com', 'Paying');
    const { session: member, cookie: memberCookie } = await server.signUp('paying-member@example.com');
    await server.db
      .insert(memberships)
      .values({ workspaceId: admin.workspace.id, userId: member.user.id, role: 'org:member' });
    const memberToken = (await server.activate(memberCookie, admin.workspace.id)).token;
    const outsider = await signUpWithoutPlan('not-paying@example.com', 'Not paying');

    await server.db.insert(subscriptions).values({
      workspaceId: admin.workspace.id,
      buyerUserId: admin.userId,
      provider: 'local',
      status: 'active',
      active: true,
      addons: { autopost: true, analytics: false },
    });

    const paid: Subscription = { active: true, addons: { autopost: true } };
    expect(await subscriptionOf(admin.token)).toStrictEqual(paid);
    expect(await subscriptionOf(memberToken)).toStrictEqual(paid);
    expect(await subscriptionOf(outsider.token)).toStrictEqual(inactive);
  });

  it('follows the active workspace when a person belongs to two', async () => {
    const person = await signUpWithoutPlan('two-hats@example.com', 'Paid hat');
    const unpaid = await server.createWorkspace(person.cookie, 'Unpaid hat');
    await server.db.insert(subscriptions).values({
      workspaceId: person.workspace.id,
      provider: 'local',
      status: 'active',
      active: true,
    });
    expect((await subscriptionOf(person.token)).active).toBe(true);
    const inUnpaid = await server.activate(person.cookie, unpaid.id);
    expect(await subscriptionOf(inUnpaid.token)).toStrictEqual(inactive);
  });

  it('shows a subscription not yet attached to a workspace to its buyer only', async () => {
    const buyer = await server.signUp('buyer@example.com');
    const other = await server.signUp('not-the-buyer@example.com');
    const otherWithWorkspace = await signUpWithoutPlan('someone-else@example.com');
    await server.db.insert(subscriptions).values({
      workspaceId: null,
      buyerUserId: buyer.session.user.id,
      provider: 'local',
      status: 'active',
      active: true,
      addons: { autopost: false },
    });

    expect(await subscriptionOf(buyer.session.token)).toStrictEqual({ active: true, addons: {} });
    expect(await subscriptionOf(other.session.token)).toStrictEqual(inactive);
    expect(await subscriptionOf(otherWithWorkspace.token)).toStrictEqual(inactive);
  });

  it('treats a subscription that is no longer active as none', async () => {
    const lapsed = await signUpWithoutPlan('lapsed@example.com');
    await server.db.insert(subscriptions).values({
      workspaceId: lapsed.workspace.id,
      provider: 'paddle',
      externalId: 'sub_lapsed',
      status: 'canceled',
      active: false,
      addons: { autopost: true },
    });
    expect(await subscriptionOf(lapsed.token)).toStrictEqual(inactive);
  });

  it('refuses a call without a token', async () => {
    expectFailure(await server.request('GET', '/api/subscription'), 401, { code: 'unauthorized' });
  });

  describe('GET /api/subscription/products', () => {
    let configured: TestServer;

    beforeAll(async () => {
      configured = await startTestServer(
        kind,
        {
          PLAN_START_PRICE_MONTH: '59',
          PLAN_START_PRICE_YEAR: '590',
          PLAN_AUTOPOST_PRICE_MONTH: '25.5',
          PLAN_AUTOPOST_PRICE_YEAR: '255',
          PADDLE_PRICE_START_MONTH: 'pri_start_month',
          PADDLE_PRICE_START_YEAR: 'pri_start_year',
          PADDLE_PRICE_AUTOPOST_MONTH: 'pri_autopost_month',
          PADDLE_PRICE_AUTOPOST_YEAR: 'pri_autopost_year',
        },
        { database: server.database },
      );
    });
    afterAll(() => configured?.close());

    it('lists the plan and the add-on from configuration: start, then autopost', async () => {
      const { session } = await configured.signUp('shopper@example.com');
      const items = expectSuccess<PlanItem[]>(
        await configured.request('GET', '/api/subscription/products', { token: session.token }),
      );
      expect(items).toStrictEqual([
        {
          kind: 'product',
          slug: 'start',
          price_month: 59,
          price_year: 590,
          month_price_id: 'pri_start_month',
          year_price_id: 'pri_start_year',
        },
        {
          kind: 'addon',
          slug: 'autopost',
          price_month: 25.5,
          price_year: 255,
          month_price_id: 'pri_autopost_month',
          year_price_id: 'pri_autopost_year',
        },
      ]);
    });

    it('offers the built-in prices and local price ids when nothing is configured', async () => {
      const { session } = await server.signUp('default-shopper@example.com');
      const items = expectSuccess<PlanItem[]>(
        await server.request('GET', '/api/subscription/products', { token: session.token }),
      );
      expect(
        items.map((i) => [i.slug, i.price_month, i.price_year, i.month_price_id, i.year_price_id]),
      ).toEqual([
        ['start', 49, 470, 'local_start_month', 'local_start_year'],
        ['autopost', 30, 288, 'local_autopost_month', 'local_autopost_year'],
      ]);
    });

    it('refuses a call without a token', async () => {
      expectFailure(await configured.request('GET', '/api/subscription/products'), 401, {
        code: 'unauthorized',
      });
    });
  });
});
