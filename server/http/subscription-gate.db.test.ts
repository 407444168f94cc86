import { api, type RouteDef } from '@contract/api';
import type { Subscription } from '@contract/entities';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  paddleSignatureHeader,
  paddleTestApiKey,
  paddleTestPrices,
  paddleTestSecret,
  subscriptionEvent,
} from '../../tests/support/paddle-webhooks';
import {
  expectFailure,
  expectSuccess,
  startTestServer,
  type TestServer,
  testDatabases,
} from '../../tests/support/server-harness';

const inactive: Subscription = { active: false, addons: {} };
const subscriptionRequired = {
  code: 'subscription_required',
  message: 'An active subscription is required: choose a plan to continue',
};
const routes: RouteDef[] = Object.values(api);
const projectForm = {
  name: 'Tallybird',
  url: '',
  description: 'Invoice reminders for freelancers',
  goal: 'Find freelancers who chase late payments',
  tov: 'Friendly',
  keywords: [{ name: 'late invoices', filter: '' }],
};

/** The path of a route with each `:param` filled with an id of the right shape. */
const pathOf = (route: RouteDef) => route.path.replace(/:[A-Za-z_]+/g, crypto.randomUUID());

describe('which calls a subscription gates', () => {
  it('leaves sign-in, workspaces, invitations and billing open, and gates every other call', () => {
    const open = (route: RouteDef) => /^\/api\/(auth|subscription|billing)\//.test(`${route.path}/`);
    for (const route of routes)
      expect(route.subscription !== false, `${route.method} ${route.path}`).toBe(!open(route));
  });
});

describe.each(testDatabases())('the subscription gate (%s)', (kind) => {
  describe('with local billing', () => {
    let server: TestServer;

    beforeAll(async () => {
      server = await startTestServer(kind);
    });
    afterAll(() => server?.close());

    const isServed = (route: RouteDef) =>
      server.app.routes.some((served) => served.method === route.method && served.path === route.path);

    it('answers every gated call with 402 until the workspace subscribes, and again once it cancels', async () => {
      const person = await server.signUpWithWorkspace('no-plan@example.com', 'No plan', {
        subscribed: false,
      });
      const project = await server.seedProject(person.workspace.id, { reviewed: true });
      const post = await server.seedPost(project.id);
      const gated = routes.filter((route) => route.auth === 'token' && route.subscription !== false);
      const served = gated.filter(isServed);
      expect(served.map((route) => route.path)).toEqual(
        expect.arrayContaining(['/api/projects/generate', '/api/projects/verify', '/api/posts/:social']),
      );
      for (const route of served) {
        const response = await server.request(route.method, pathOf(route), {
          token: person.token,
          projectId: project.id,
          ...(route.method === 'GET' ? {} : { body: {} }),
        });
        expect(response.status, `${route.method} ${route.path}`).toBe(402);
        expectFailure(response, 402, subscriptionRequired);
      }

      // What stays open: the session, the plans, the subscription itself.
      const subscription = await server.request('GET', '/api/subscription', { token: person.token });
      expect(expectSuccess(subscription)).toStrictEqual(inactive);
      expect(
        expectSuccess<unknown[]>(
          await server.request('GET', '/api/subscription/products', { token: person.token }),
        ),
      ).not.toHaveLength(0);
      expectSuccess(await server.request('POST', '/api/auth/token', { cookie: person.cookie, body: {} }));

      await server.subscribe(person.token);
      const projects = await server.request('GET', '/api/projects', { token: person.token });
      expect(expectSuccess<{ id: string }[]>(projects).map((p) => p.id)).toEqual([project.id]);
      const edited = await server.request('PATCH', `/api/posts/${post.id}/update-answer`, {
        token: person.token,
        projectId: project.id,
        body: { answer: 'Happy to help with that.' },
      });
      expect(expectSuccess<{ answer: string }>(edited).answer).toBe('Happy to help with that.');

      expectSuccess(
        await server.request('POST', '/api/subscription/local-cancel', { token: person.token, body: {} }),
      );
      expectFailure(await server.request('GET', '/api/projects', { token: person.token }), 402, {
        code: 'subscription_required',
      });
    });

    it('lets a buyer in before the workspace exists, as the subscription they see says', async () => {
      const buyer = await server.signUp('early-buyer@example.com');
      expectFailure(await server.request('GET', '/api/socials', { token: buyer.session.token }), 402, {
        code: 'subscription_required',
      });
      await server.subscribe(buyer.session.token);
      expectSuccess(await server.request('GET', '/api/socials', { token: buyer.session.token }));

      // Set up the workspace, before workspace-created attaches the plan to it.
      const workspace = await server.createWorkspace(buyer.cookie, 'Early');
      const { token } = await server.activate(buyer.cookie, workspace.id);
      const subscription = await server.request('GET', '/api/subscription', { token });
      expect(expectSuccess<Subscription>(subscription).active).toBe(true);
      expect(expectSuccess(await server.request('GET', '/api/projects', { token }))).toEqual([]);
    });

    it('gates a member of a paying workspace by the workspace they are in', async () => {
      const payer = await server.signUpWithWorkspace('payer@example.com', 'Paying');
      const unpaid = await server.createWorkspace(payer.cookie, 'Not paying');
      const { token } = await server.activate(payer.cookie, unpaid.id);
      expectFailure(await server.request('GET', '/api/projects', { token }), 402, {
        code: 'subscription_required',
      });
      expectSuccess(await server.request('GET', '/api/projects', { token: payer.token }));
    });
  });

  describe('with Paddle billing', () => {
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

    it('refuses drafting, the first review, the mentions and Rewrite until Paddle says the workspace pays', async () => {
      const person = await server.signUpWithWorkspace('paddle-no-plan@example.com', 'Unpaid');
      const project = await server.seedProject(person.workspace.id, { reviewed: true });
      const post = await server.seedPost(project.id);
      const asPerson = { token: person.token, projectId: project.id };
      const calls = [
        () =>
          server.request('POST', '/api/projects/generate', {
            ...asPerson,
            body: { goal: projectForm.goal, noWebsite: true, description: projectForm.description },
          }),
        () =>
          server.request('POST', '/api/projects/verify', {
            ...asPerson,
            body: { ...projectForm, id: project.id },
          }),
        () => server.request('GET', '/api/posts/reddit', asPerson),
        () =>
          server.request('PATCH', `/api/posts/regenerate-answer/${post.id}`, {
            ...asPerson,
            body: { prompt: 'Shorter' },
          }),
      ];
      for (const call of calls) expectFailure(await call(), 402, subscriptionRequired);
      const subscription = await server.request('GET', '/api/subscription', { token: person.token });
      expect(expectSuccess(subscription)).toStrictEqual(inactive);

      // Paddle's webhook (JSON, signed) activates the workspace's subscription.
      const body = JSON.stringify(
        subscriptionEvent({
          eventId: 'evt_gate_activated',
          subscriptionId: 'sub_gate',
          customerId: 'ctm_gate',
          customData: { user_id: person.userId, workspace_id: person.workspace.id },
        }),
      );
      const delivered = await server.request('POST', '/api/billing/paddle/webhook', {
        body,
        headers: { 'paddle-signature': paddleSignatureHeader(body) },
      });
      expect(expectSuccess(delivered)).toBeNull();
      expectSuccess(await server.request('GET', '/api/posts/reddit', asPerson));
      const rewritten = await calls[3]?.();
      expect(rewritten?.status, JSON.stringify(rewritten?.body)).toBe(200);
    });
  });
});
