import type { Project } from '@contract/entities';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectFailure,
  expectSuccess,
  startTestServer,
  type TestServer,
  testDatabases,
} from '../../../tests/support/server-harness';
import { memberships } from '../../db/schema';

describe.each(testDatabases())('GET /api/projects (%s)', (kind) => {
  let server: TestServer;
  let a: Awaited<ReturnType<TestServer['signUpWithWorkspace']>>;
  let b: Awaited<ReturnType<TestServer['signUpWithWorkspace']>>;
  let aFirst: { id: string };
  let aSecond: { id: string };
  let bOnly: { id: string };

  beforeAll(async () => {
    server = await startTestServer(kind);
    a = await server.signUpWithWorkspace('alice@example.com', 'Alpha');
    b = await server.signUpWithWorkspace('bob@example.com', 'Beta');
    const now = Date.now();
    // Stored out of order: the list follows when each was created, not when the row was written.
    aSecond = await server.seedProject(a.workspace.id, {
      name: 'Second',
      createdAt: new Date(now - 1_000),
    });
    aFirst = await server.seedProject(a.workspace.id, {
      name: 'First',
      url: 'https://first.example',
      description: 'What it does',
      goal: 'More users',
      tov: 'Friendly',
      keywords: [
        { name: 'crm', filter: 'small teams' },
        { name: 'sales', filter: null },
      ],
      createdAt: new Date(now - 60_000),
    });
    bOnly = await server.seedProject(b.workspace.id, { name: 'Beta project' });
  });
  afterAll(() => server?.close());

  const list = (token: string, projectId?: string) =>
    server.request('GET', '/api/projects', { token, ...(projectId === undefined ? {} : { projectId }) });

  it("returns the active workspace's projects, first-created first, in the contract's shape", async () => {
    const projects = expectSuccess<Project[]>(await list(a.token));
    expect(projects).toStrictEqual([
      {
        id: aFirst.id,
        name: 'First',
        url: 'https://first.example',
        description: 'What it does',
        goal: 'More users',
        tov: 'Friendly',
        keywords: [
          { name: 'crm', filter: 'small teams' },
          { name: 'sales', filter: null },
        ],
        reviewed: false,
        autopostingSetup: false,
        keywordsLimit: 5,
        keywordProposals: [],
      },
      {
        id: aSecond.id,
        name: 'Second',
        url: null,
        description: '',
        goal: '',
        tov: '',
        keywords: [],
        reviewed: false,
        autopostingSetup: false,
        keywordsLimit: 5,
        keywordProposals: [],
      },
    ]);
  });

  it("never shows one workspace another workspace's projects", async () => {
    const seenByB = expectSuccess<Project[]>(await list(b.token));
    expect(seenByB.map((p) => p.id)).toEqual([bOnly.id]);
  });

  it('shows a member every project of the workspace, whoever created it', async () => {
    const { session, cookie } = await server.signUp('dave@example.com');
    await server.db
      .insert(memberships)
      .values({ workspaceId: a.workspace.id, userId: session.user.id, role: 'org:member' });
    const dave = await server.activate(cookie, a.workspace.id);
    expect(dave.memberships).toStrictEqual([{ workspace: a.workspace, role: 'org:member' }]);
    expect(expectSuccess<Project[]>(await list(dave.token)).map((p) => p.name)).toEqual(['First', 'Second']);
  });

  it('shows someone who belongs to no workspace no projects', async () => {
    const { session } = await server.signUp('carol@example.com');
    // A plan bought before setting up a workspace lets the call through to say so.
    await server.subscribe(session.token);
    expect(expectSuccess(await list(session.token))).toEqual([]);
  });

  it('refuses a call without a token', async () => {
    expectFailure(await server.request('GET', '/api/projects'), 401, { code: 'unauthorized' });
  });

  describe('the project-id header', () => {
    it('is accepted when it names a project of the active workspace', async () => {
      expect(expectSuccess<Project[]>(await list(a.token, aSecond.id))).toHaveLength(2);
      expect(expectSuccess<Project[]>(await list(b.token, bOnly.id))).toHaveLength(1);
    });

    it("is refused with 403 when it names another workspace's project", async () => {
      expectFailure(await list(a.token, bOnly.id), 403, {
        code: 'forbidden',
        message: 'The project-id header names a project outside your active workspace',
        field: 'project-id',
      });
      expectFailure(await list(b.token, aFirst.id), 403, { code: 'forbidden', field: 'project-id' });
    });

    it('is refused with 403 when it names no project at all', async () => {
      expectFailure(await list(a.token, crypto.randomUUID()), 403, {
        code: 'forbidden',
        field: 'project-id',
      });
    });

    it('is refused with 400 naming project-id when it is not a project id', async () => {
      for (const value of ['42', 'not-a-uuid', `${aFirst.id}x`, "' or 1=1 --"]) {
        expectFailure(await list(a.token, value), 400, {
          code: 'bad_request',
          message: 'The project-id header must be a project id',
          field: 'project-id',
        });
      }
    });

    it('is refused with 403 for a signed-in user with no active workspace', async () => {
      const { session } = await server.signUp('no-workspace@example.com');
      expectFailure(await list(session.token, aFirst.id), 403, { code: 'forbidden', field: 'project-id' });
    });

    it('is refused once its workspace is no longer the active one', async () => {
      const second = await server.createWorkspace(a.cookie, 'Alpha two');
      const inSecond = await server.activate(a.cookie, second.id);
      await server.subscribe(inSecond.token);
      expectFailure(await list(inSecond.token, aFirst.id), 403, { code: 'forbidden', field: 'project-id' });
      expect(expectSuccess(await list(inSecond.token))).toEqual([]);
      await server.activate(a.cookie, a.workspace.id);
    });

    it('is checked on every route that takes a token, not only on projects', async () => {
      for (const path of ['/api/subscription', '/api/subscription/products', '/api/socials']) {
        expectFailure(await server.request('GET', path, { token: a.token, projectId: bOnly.id }), 403, {
          code: 'forbidden',
          field: 'project-id',
        });
        expectSuccess(await server.request('GET', path, { token: a.token, projectId: aFirst.id }));
      }
    });
  });
});
