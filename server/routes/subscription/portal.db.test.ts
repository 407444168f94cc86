import { readFileSync } from 'node:fs';
import type { AuthSession } from '@contract/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakePaddle, startFakePaddle } from '../../../tests/support/paddle-fake-server';
import {
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
import { memberships } from '../../db/schema';

const recordedOverview = (
  JSON.parse(
    readFileSync(
      new URL('../../../tests/fixtures/paddle/portal-session-created.json', import.meta.url),
      'utf8',
    ),
  ) as { data: { urls: { general: { overview: string } } } }
).data.urls.general.overview;

const adminOnly = {
  code: 'forbidden',
  message: 'Only an admin of this workspace can open the subscription settings',
};

/** An admin's workspace with a member who has it active. */
async function team(server: TestServer, name: string) {
  const admin = await server.signUpWithWorkspace(`${name}-admin@example.com`);
  const member = await server.signUp(`${name}-member@example.com`);
  await server.db
    .insert(memberships)
    .values({ workspaceId: admin.workspace.id, userId: member.session.user.id, role: 'org:member' });
  const memberSession: AuthSession = await server.activate(member.cookie, admin.workspace.id);
  return { admin, memberToken: memberSession.token };
}

describe.each(testDatabases())('the billing portal link (%s)', (kind) => {
  describe('local billing', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(kind);
    });
    afterAll(() => server?.close());

    it("gives an admin the app's own billing page, on the origin the app was reached at", async () => {
      const { admin } = await team(server, 'local-portal');
      expect(
        expectSuccess(await server.request('GET', '/api/subscription/portal', { token: admin.token })),
      ).toStrictEqual({ url: 'http://localhost/billing' });
      expect(
        expectSuccess(
          await server.request('GET', 'https://replyradar.example/api/subscription/portal', {
            token: admin.token,
          }),
        ),
      ).toStrictEqual({ url: 'https://replyradar.example/billing' });
    });

    it('uses the forwarded origin behind a proxy it trusts, and ignores it otherwise', async () => {
      const { admin } = await team(server, 'proxied-portal');
      const forwarded = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'app.replyradar.example' };
      const untrusted = await server.request('GET', '/api/subscription/portal', {
        token: admin.token,
        headers: forwarded,
      });
      expect(expectSuccess(untrusted)).toStrictEqual({ url: 'http://localhost/billing' });
      const proxied = await startTestServer(kind, { TRUST_PROXY: 'true' }, { database: server.database });
      try {
        const response = await proxied.request('GET', '/api/subscription/portal', {
          token: admin.token,
          headers: forwarded,
        });
        expect(expectSuccess(response)).toStrictEqual({ url: 'https://app.replyradar.example/billing' });
      } finally {
        await proxied.close();
      }
    });

    it('refuses a member, and someone with no active workspace', async () => {
      const { memberToken } = await team(server, 'local-member');
      expectFailure(
        await server.request('GET', '/api/subscription/portal', { token: memberToken }),
        403,
        adminOnly,
      );
      const { session } = await server.signUp('local-portal-alone@example.com');
      expectFailure(
        await server.request('GET', '/api/subscription/portal', { token: session.token }),
        403,
        adminOnly,
      );
    });
  });

  describe('Paddle billing', () => {
    let server: TestServer;
    let paddle: FakePaddle;
    const customerId = 'ctm_01hv8x0r4q2c7m9x5y1k3b8d6f';
    const subscriptionId = 'sub_01hv8x1yhm8y1x6kqzw4c3v7rg';

    beforeAll(async () => {
      paddle = await startFakePaddle({ apiKey: paddleTestApiKey, customers: [customerId] });
      server = await startTestServer(kind, {
        PADDLE_WEBHOOK_SECRET: paddleTestSecret,
        PADDLE_API_KEY: paddleTestApiKey,
        PADDLE_API_URL: paddle.url,
        ...paddleTestPrices,
      });
    });
    afterAll(async () => {
      await server?.close();
      await paddle?.close();
    });

    const subscribe = async (
      admin: { userId: string; workspace: { id: string } },
      ids: { customer: string; subscription: string },
    ) => {
      const body = JSON.stringify(
        subscriptionEvent({
          eventId: `evt_${ids.subscription}`,
          subscriptionId: ids.subscription,
          customerId: ids.customer,
          customData: { user_id: admin.userId, workspace_id: admin.workspace.id },
        }),
      );
      const response = await server.request('POST', '/api/billing/paddle/webhook', {
        body,
        headers: { 'paddle-signature': paddleSignatureHeader(body) },
      });
      expectSuccess(response);
    };

    it("opens a customer portal session for the workspace's Paddle customer and returns its overview link", async () => {
      const { admin, memberToken } = await team(server, 'paddle-portal');
      await subscribe(admin, { customer: customerId, subscription: subscriptionId });
      paddle.requests.length = 0;

      const data = expectSuccess(
        await server.request('GET', '/api/subscription/portal', { token: admin.token }),
      );

      expect(data).toStrictEqual({ url: recordedOverview });
      expect(paddle.requests).toStrictEqual([
        {
          method: 'POST',
          path: `/customers/${customerId}/portal-sessions`,
          authorization: `Bearer ${paddleTestApiKey}`,
          paddleVersion: '1',
          body: { subscription_ids: [subscriptionId] },
        },
      ]);
      // A member never gets a link, and Paddle is not asked.
      expectFailure(
        await server.request('GET', '/api/subscription/portal', { token: memberToken }),
        403,
        adminOnly,
      );
      expect(paddle.requests).toHaveLength(1);
    });

    it('answers 404 when the workspace has no Paddle subscription yet', async () => {
      const { admin } = await team(server, 'paddle-unsubscribed');
      expectFailure(await server.request('GET', '/api/subscription/portal', { token: admin.token }), 404, {
        code: 'not_found',
        message: 'This workspace has no Paddle subscription to manage yet',
      });
    });

    it.each([
      ['Paddle does not know the customer', 'ctm_01hv8x0r4q2c7m9x5y1k3b8d6x', null],
      [
        'Paddle fails',
        customerId,
        { status: 500, body: { error: { code: 'internal_error', detail: 'boom at x.js:1' } } },
      ],
      [
        'Paddle answers without a link',
        customerId,
        { status: 201, body: { data: { id: 'cpls_1', urls: {} } } },
      ],
      [
        'Paddle answers something other than JSON',
        customerId,
        { status: 502, body: '<html>Bad gateway</html>' },
      ],
    ])('answers 502 in the envelope, with no detail from Paddle, when %s', async (_, customer, failure) => {
      const { admin } = await team(server, `paddle-fails-${Math.random().toString(36).slice(2)}`);
      await subscribe(admin, { customer, subscription: `sub_${Math.random().toString(36).slice(2)}` });
      if (failure) paddle.failNext(failure.status, failure.body);
      const response = await server.request('GET', '/api/subscription/portal', { token: admin.token });
      expectFailure(response, 502, {
        code: 'bad_gateway',
        message: 'Paddle could not open the subscription settings just now. Please try again in a moment.',
      });
      expect(JSON.stringify(response.body)).not.toMatch(/boom|entity_not_found|html|\bat\s/);
    });

    it('answers 502 when the Paddle API cannot be reached', async () => {
      const unreachable = await startTestServer(
        kind,
        {
          PADDLE_WEBHOOK_SECRET: paddleTestSecret,
          PADDLE_API_KEY: paddleTestApiKey,
          PADDLE_API_URL: 'http://127.0.0.1:9',
          ...paddleTestPrices,
        },
        { database: server.database },
      );
      try {
        const { admin } = await team(server, 'paddle-unreachable');
        await subscribe(admin, { customer: customerId, subscription: 'sub_unreachable' });
        expectFailure(
          await unreachable.request('GET', '/api/subscription/portal', { token: admin.token }),
          502,
          {
            code: 'bad_gateway',
          },
        );
      } finally {
        await unreachable.close();
      }
    });
  });
});
