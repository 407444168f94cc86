import { spawnSync } from 'node:child_process';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectFailure,
  expectSuccess,
  startTestServer,
  type TestDatabase,
  type TestServer,
  testDatabases,
} from '../../tests/support/server-harness';
import { openDatabase } from '../db/client';
import { memberships, projects, subscriptions } from '../db/schema';

type Account = Awaited<ReturnType<TestServer['signUpWithWorkspace']>>;

const forbidden = {
  code: 'forbidden',
  message: 'The project-id header names a project outside your active workspace',
  field: 'project-id',
};

describe.each(testDatabases())('what a request may see, kept between requests (%s)', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server?.close());

  /** A subscribed person with a reviewed project, whose posts they have just listed (so it is kept). */
  async function listing(email: string) {
    const account = await server.signUpWithWorkspace(email);
    const project = await server.seedProject(account.workspace.id, { reviewed: true });
    await server.seedPost(project.id, { answer: 'Kept' });
    const list = () =>
      server.request('GET', '/api/posts/reddit', { token: account.token, projectId: project.id });
    expect(expectSuccess<unknown[]>(await list())).toHaveLength(1);
    expect(expectSuccess<unknown[]>(await list())).toHaveLength(1);
    return { account, project, list };
  }

  it('refuses the next request once the membership is removed', async () => {
    const { account, list } = await listing('removed-member@example.com');
    await server.db
      .delete(memberships)
      .where(and(eq(memberships.userId, account.userId), eq(memberships.workspaceId, account.workspace.id)));
    expectFailure(await list(), 403, forbidden);
  });

  it('refuses the next request once the project is deleted', async () => {
    const { project, list } = await listing('deleted-project@example.com');
    await server.db.delete(projects).where(eq(projects.id, project.id));
    expectFailure(await list(), 403, forbidden);
  });

  it('answers from the project as it is now: unreviewed, then reviewed again', async () => {
    const { project, list } = await listing('unreviewed@example.com');
    await server.db.update(projects).set({ reviewed: false }).where(eq(projects.id, project.id));
    expectFailure(await list(), 409, {
      code: 'conflict',
      message: 'Review the project first: posts are found once it is saved',
    });
    await server.db.update(projects).set({ reviewed: true }).where(eq(projects.id, project.id));
    expect(expectSuccess<unknown[]>(await list())).toHaveLength(1);
  });

  it('asks for a plan on the next request once the subscription ends, and signs out at once', async () => {
    const { account, list } = await listing('lapsed@example.com');
    await server.db
      .update(subscriptions)
      .set({ active: false })
      .where(eq(subscriptions.workspaceId, account.workspace.id));
    expectFailure(await list(), 402, { code: 'subscription_required' });
    await server.db
      .update(subscriptions)
      .set({ active: true })
      .where(eq(subscriptions.workspaceId, account.workspace.id));
    expectSuccess(await list());
    expectSuccess(await server.request('POST', '/api/auth/sign-out', { cookie: account.cookie, body: {} }));
    expectFailure(await list(), 401, { code: 'unauthorized', message: 'You have signed out: sign in again' });
  });
});

describe.runIf(process.env.DATABASE_URL)('what another process changes (postgres)', () => {
  let first: TestServer;
  let second: TestServer;
  let account: Account;
  let projectId: string;

  beforeAll(async () => {
    first = await startTestServer('postgres');
    const url = (first.database as TestDatabase).url;
    if (!url) throw new Error('the PostgreSQL test database has no URL');
    // A second server process's own connections to the same database: nothing in memory is shared.
    second = await startTestServer(
      'postgres',
      {},
      { database: await openDatabase({ databaseUrl: url, dataDir: null }) },
    );
    account = await first.signUpWithWorkspace('two-processes@example.com');
    projectId = (await first.seedProject(account.workspace.id, { reviewed: true })).id;
  });
  afterAll(async () => {
    await second?.close();
    await second?.database.close();
    await first?.close();
  });

  const listOn = (server: TestServer) =>
    server.request('GET', '/api/posts/reddit', { token: account.token, projectId });

  /** Resolves once the second server has heard that `table` changed. */
  const heard = (table: string) =>
    new Promise<void>((resolve) => {
      const stop = second.database.accessChanges.subscribe((changed) => {
        if (changed !== table) return;
        stop();
        resolve();
      });
    });

  /** Runs SQL from a process of its own (psql), as another server or an operator would. */
  function psql(statement: string) {
    const url = (first.database as TestDatabase).url ?? '';
    const run = spawnSync('psql', [url, '-v', 'ON_ERROR_STOP=1', '-c', statement], { encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
  }

  it('refuses the next request once another process removes the membership or deletes the project', async () => {
    expectSuccess(await listOn(second));
    expectSuccess(await listOn(second));
    const removed = heard('memberships');
    psql(`delete from memberships where user_id = '${account.userId}'`);
    await removed;
    expectFailure(await listOn(second), 403, forbidden);

    const restored = heard('memberships');
    psql(
      `insert into memberships (workspace_id, user_id, role) values ('${account.workspace.id}', '${account.userId}', 'org:admin')`,
    );
    await restored;
    expectSuccess(await listOn(second));
    const deleted = heard('projects');
    psql(`delete from projects where id = '${projectId}'`);
    await deleted;
    expectFailure(await listOn(second), 403, forbidden);
  });

  it('refuses the next request on one server once the other removes the membership', async () => {
    const other = await first.signUpWithWorkspace('other-server@example.com');
    const project = await first.seedProject(other.workspace.id, { reviewed: true });
    const list = () =>
      second.request('GET', '/api/posts/reddit', { token: other.token, projectId: project.id });
    expectSuccess(await list());
    const removed = heard('memberships');
    await first.db.delete(memberships).where(eq(memberships.userId, other.userId));
    await removed;
    expectFailure(await list(), 403, forbidden);
  });
});
