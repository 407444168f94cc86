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

const inactive: Subscription = { active: false, addons: {} };
const autopilot: Subscription = { active: true, addons: { autopost: true } };

describe.each(testDatabases())('a subscription belongs to its buyer until workspace-created (%s)', (kind) => {
  let server: TestServer;
  let autopilotYearly: string[];

  beforeAll(async () => {
    server = await startTestServer(kind);
    const { session } = await server.signUp('catalogue@example.com');
    const items = expectSuccess<PlanItem[]>(
      await server.request('GET', '/api/subscription/products', { token: session.token }),
    );
    autopilotYearly = items.map((item) => item.year_price_id);
  });
  afterAll(() => server?.close());

  const subscriptionOf = async (token: string) =>
    expectSuccess<Subscription>(await server.request('GET', '/api/subscription', { token }));
  /** A new account with its own active workspace, and no plan bought yet. */
  const signUpWithoutPlan = (email: string, workspaceName?: string) =>
    server.signUpWithWorkspace(email, workspaceName, { subscribed: false });
  const workspaceCreated = (token: string) =>
    server.request('POST', '/api/subscription/workspace-created', { token, body: {} });

  it('shows the plan to the buyer only, then to every member of the buyer’s workspace, and never to another', async () => {
    const buyer = await server.signUp('first-run@example.com');
    const teammate = await server.signUp('teammate@example.com');
    const outsider = await signUpWithoutPlan('outsider@example.com');
    expectSuccess(
      await server.request('POST', '/api/subscription/local-checkout', {
        token: buyer.session.token,
        body: { priceIds: autopilotYearly },
      }),
    );

    // Before any workspace: the buyer has it, nobody else does.
    expect(await subscriptionOf(buyer.session.token)).toStrictEqual(autopilot);
    expect(await subscriptionOf(teammate.session.token)).toStrictEqual(inactive);
    expect(await subscriptionOf(outsider.token)).toStrictEqual(inactive);

    // The buyer sets up the workspace, makes it active and calls workspace-created.
    const workspace = await server.createWorkspace(buyer.cookie, 'First run');
    const buyerToken = (await server.activate(buyer.cookie, workspace.id)).token;
    expect(expectSuccess<Subscription>(await workspaceCreated(buyerToken))).toStrictEqual(autopilot);

    // A second member of that workspace now shares it.
    await server.db
      .insert(memberships)
      .values({ workspaceId: workspace.id, userId: teammate.session.user.id, role: 'org:member' });
    const teammateToken = (await server.activate(teammate.cookie, workspace.id)).token;
    expect(await subscriptionOf(teammateToken)).toStrictEqual(autopilot);

    // Another workspace never sees it, not even the buyer's other one.
    expect(await subscriptionOf(outsider.token)).toStrictEqual(inactive);
    const other = await server.createWorkspace(buyer.cookie, 'Side project');
    expect(await subscriptionOf((await server.activate(buyer.cookie, other.id)).token)).toStrictEqual(
      inactive,
    );
  });

  it('is idempotent: calling it again changes nothing', async () => {
    const buyer = await server.signUp('twice@example.com');
    expectSuccess(
      await server.request('POST', '/api/subscription/local-checkout', {
        token: buyer.session.token,
        body: { priceIds: autopilotYearly },
      }),
    );
    const workspace = await server.createWorkspace(buyer.cookie, 'Twice');
    const token = (await server.activate(buyer.cookie, workspace.id)).token;
    expect(expectSuccess(await workspaceCreated(token))).toStrictEqual(autopilot);
    expect(expectSuccess(await workspaceCreated(token))).toStrictEqual(autopilot);
    const rows = await server.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.buyerUserId, buyer.session.user.id));
    expect(rows.map((row) => row.workspaceId)).toEqual([workspace.id]);
  });

  it('attaches only the caller’s own subscriptions', async () => {
    const buyer = await server.signUp('owner@example.com');
    expectSuccess(
      await server.request('POST', '/api/subscription/local-checkout', {
        token: buyer.session.token,
        body: { priceIds: autopilotYearly },
      }),
    );
    const other = await signUpWithoutPlan('grabber@example.com');
    expect(expectSuccess(await workspaceCreated(other.token))).toStrictEqual(inactive);
    expect(await subscriptionOf(buyer.session.token)).toStrictEqual(autopilot);
    const [row] = await server.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.buyerUserId, buyer.session.user.id));
    expect(row?.workspaceId).toBeNull();
  });

  it('answers a workspace with nothing bought with an inactive subscription', async () => {
    const person = await signUpWithoutPlan('nothing-bought@example.com');
    expect(expectSuccess(await workspaceCreated(person.token))).toStrictEqual(inactive);
  });

  it('refuses a caller with no active workspace', async () => {
    const { session } = await server.signUp('no-workspace@example.com');
    expectFailure(await workspaceCreated(session.token), 400, {
      code: 'bad_request',
      message: 'Create and activate a workspace first',
    });
  });

  it('refuses a call without a token', async () => {
    expectFailure(await server.request('POST', '/api/subscription/workspace-created', { body: {} }), 401, {
      code: 'unauthorized',
    });
  });
});
