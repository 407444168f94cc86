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
  startTestServer,
  type TestResponse,
  type TestServer,
  testDatabases,
} from '../../tests/support/server-harness';
import {
  appliedMutations,
  billingEvents,
  memberships,
  posts,
  projects,
  subscriptions,
  workspaces,
} from '../db/schema';

const nul = '\u0000';
const loneSurrogate = '\uD800';
const nulMessage = 'Must not contain a NUL character';
const surrogateMessage = 'Must not contain a lone surrogate (a broken Unicode character)';
const dateMessage = 'Must be a date from 2000-01-01 to 9999-12-31, written YYYY-MM-DD';

type Account = Awaited<ReturnType<TestServer['signUpWithWorkspace']>>;

interface Ids {
  account: Account;
  reviewed: string;
  unreviewed: string;
  post: string;
}

interface Case {
  name: string;
  send: (server: TestServer, ids: Ids) => Promise<TestResponse>;
  field: string;
  message: string;
}

const keywords = [{ name: 'late invoices', filter: null }];
const project = (id: string) => ({
  id,
  name: 'Invoicely',
  url: '',
  description: 'Invoicely sends polite payment reminders to clients who pay late.',
  goal: 'Find agency owners whose clients pay late',
  tov: 'Plain and helpful',
  keywords,
});

/** Every input a person sends that reaches the database, each carrying text PostgreSQL cannot take. */
const cases: Case[] = [
  {
    name: 'generate: a NUL in the goal',
    send: (server, { account }) =>
      server.request('POST', '/api/projects/generate', {
        token: account.token,
        body: { goal: `Find founders${nul}`, noWebsite: true, description: 'A reminder tool' },
      }),
    field: 'goal',
    message: nulMessage,
  },
  {
    name: 'verify: a NUL in a keyword',
    send: (server, { account, unreviewed }) =>
      server.request('POST', '/api/projects/verify', {
        token: account.token,
        body: { ...project(unreviewed), keywords: [{ name: `late${nul} invoices`, filter: null }] },
      }),
    field: 'keywords.0.name',
    message: nulMessage,
  },
  {
    name: 'verify: a lone surrogate in a keyword',
    send: (server, { account, unreviewed }) =>
      server.request('POST', '/api/projects/verify', {
        token: account.token,
        body: { ...project(unreviewed), keywords: [{ name: `invoices ${loneSurrogate}`, filter: null }] },
      }),
    field: 'keywords.0.name',
    message: surrogateMessage,
  },
  {
    name: 'PUT project: a NUL in the description',
    send: (server, { account, reviewed }) =>
      server.request('PUT', `/api/projects/${reviewed}`, {
        token: account.token,
        body: { ...project(reviewed), description: `Reminders${nul}` },
      }),
    field: 'description',
    message: nulMessage,
  },
  {
    name: 'update-answer: a NUL in the answer',
    send: (server, { account, reviewed, post }) =>
      server.request('PATCH', `/api/posts/${post}/update-answer`, {
        token: account.token,
        projectId: reviewed,
        body: { answer: `Thanks${nul}`, mutationId: 'mutation-update-1' },
      }),
    field: 'answer',
    message: nulMessage,
  },
  {
    name: 'approved: a NUL in the mutation id',
    send: (server, { account, reviewed, post }) =>
      server.request('PATCH', `/api/posts/approved/${post}`, {
        token: account.token,
        projectId: reviewed,
        body: { approved: false, mutationId: `mutation-${nul}-1` },
      }),
    field: 'mutationId',
    message: nulMessage,
  },
  {
    name: 'regenerate-answer: a NUL in the prompt',
    send: (server, { account, reviewed, post }) =>
      server.request('PATCH', `/api/posts/regenerate-answer/${post}`, {
        token: account.token,
        projectId: reviewed,
        body: { prompt: `Shorter${nul}` },
      }),
    field: 'prompt',
    message: nulMessage,
  },
  {
    name: 'create workspace: a NUL in the name',
    send: (server, { account }) =>
      server.request('POST', '/api/auth/workspaces', {
        cookie: account.cookie,
        body: { name: `Acme${nul}` },
      }),
    field: 'name',
    message: nulMessage,
  },
  {
    name: 'GET /api/posts/%00',
    send: (server, { account, reviewed }) =>
      server.request('GET', '/api/posts/%00', { token: account.token, projectId: reviewed }),
    field: 'social',
    message: nulMessage,
  },
  {
    name: 'GET /api/posts/reddit?keyword=%00',
    send: (server, { account, reviewed }) =>
      server.request('GET', '/api/posts/reddit?keyword=%00', { token: account.token, projectId: reviewed }),
    field: 'keyword',
    message: nulMessage,
  },
  {
    name: 'GET /api/posts/reddit?found_date=0000-01-01',
    send: (server, { account, reviewed }) =>
      server.request('GET', '/api/posts/reddit?found_date=0000-01-01', {
        token: account.token,
        projectId: reviewed,
      }),
    field: 'found_date',
    message: dateMessage,
  },
  {
    name: 'GET /api/posts/meta/keywords?found_date=0000-01-01',
    send: (server, { account, reviewed }) =>
      server.request('GET', '/api/posts/meta/keywords?found_date=0000-01-01', {
        token: account.token,
        projectId: reviewed,
      }),
    field: 'found_date',
    message: dateMessage,
  },
];

/** Signed Paddle notifications carrying a NUL where the server stores it. */
const webhookCases: Array<{ name: string; event: () => object; field: string }> = [
  {
    name: 'a NUL in event_id',
    event: () => subscriptionEvent({ eventId: `evt_${nul}01`, subscriptionId: 'sub_refused_1' }),
    field: 'event_id',
  },
  {
    name: 'a NUL in the subscription status',
    event: () =>
      subscriptionEvent({
        eventId: 'evt_refused_status',
        subscriptionId: 'sub_refused_2',
        status: `act${nul}ive`,
      }),
    field: 'data.status',
  },
];

describe.each(testDatabases())('text the database cannot store (%s)', (kind) => {
  let server: TestServer;
  let paddle: TestServer;
  let ids: Ids;

  beforeAll(async () => {
    server = await startTestServer(kind);
    paddle = await startTestServer(kind, {
      PADDLE_WEBHOOK_SECRET: paddleTestSecret,
      PADDLE_API_KEY: paddleTestApiKey,
      PADDLE_API_URL: 'http://127.0.0.1:9',
      ...paddleTestPrices,
    });
    const account = await server.signUpWithWorkspace('nul@example.com', 'Refusals');
    const fields = {
      name: 'Invoicely',
      description: 'Invoicely sends polite payment reminders to clients who pay late.',
      goal: 'Find agency owners whose clients pay late',
      keywords,
    };
    const reviewed = (
      await server.seedProject(account.workspace.id, {
        ...fields,
        reviewed: true,
        autopostingSetup: true,
        createdAt: new Date(Date.now() - 60_000),
      })
    ).id;
    const unreviewed = (await server.seedProject(account.workspace.id, fields)).id;
    const post = (await server.seedPost(reviewed, { answer: 'A first answer' })).id;
    ids = { account, reviewed, unreviewed, post };
  });
  afterAll(async () => {
    await server?.close();
    await paddle?.close();
  });

  /** Everything the calls could have written. */
  const storedRows = async (db: TestServer['db']) => ({
    workspaces: await db.select().from(workspaces),
    memberships: await db.select().from(memberships),
    projects: await db.select().from(projects),
    posts: await db.select().from(posts),
    appliedMutations: await db.select().from(appliedMutations),
    billingEvents: await db.select().from(billingEvents),
    subscriptions: await db.select().from(subscriptions),
  });

  it.each(cases)('$name answers 400 naming the field, and nothing is stored', async (refused) => {
    const before = await storedRows(server.db);
    expectFailure(await refused.send(server, ids), 400, {
      code: 'bad_request',
      field: refused.field,
      message: refused.message,
    });
    expect(await storedRows(server.db)).toStrictEqual(before);
  });

  it.each(webhookCases)(
    'a signed Paddle webhook with $name answers 400 naming the field, and nothing is stored',
    async (refused) => {
      const before = await storedRows(paddle.db);
      const body = JSON.stringify(refused.event());
      const response = await paddle.request('POST', '/api/billing/paddle/webhook', {
        body,
        headers: { 'paddle-signature': paddleSignatureHeader(body) },
      });
      expectFailure(response, 400, {
        code: 'bad_request',
        field: refused.field,
        message: new RegExp(nulMessage),
      });
      expect(await storedRows(paddle.db)).toStrictEqual(before);
    },
  );

  it('the same calls with clean text and a real date succeed', async () => {
    const { account, reviewed, post } = ids;
    const ok = async (response: Promise<TestResponse>) =>
      expect((await response).status, JSON.stringify((await response).body)).toBe(200);
    await ok(
      server.request('GET', '/api/posts/reddit?keyword=keyword&found_date=2026-01-31', {
        token: account.token,
        projectId: reviewed,
      }),
    );
    await ok(
      server.request('GET', '/api/posts/meta/keywords?found_date=2000-01-01', {
        token: account.token,
        projectId: reviewed,
      }),
    );
    await ok(
      server.request('PATCH', `/api/posts/${post}/update-answer`, {
        token: account.token,
        projectId: reviewed,
        body: { answer: 'Thanks 😀', mutationId: 'mutation-update-clean' },
      }),
    );
  });
});
