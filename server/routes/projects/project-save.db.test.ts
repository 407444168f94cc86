import type { Project } from '@contract/entities';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectFailure,
  expectSuccess,
  startTestServer,
  type TestServer,
  testDatabases,
} from '../../../tests/support/server-harness';
import { workspaces } from '../../db/schema';

const keywords = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ name: `keyword ${i + 1}`, filter: '' }));

describe.each(testDatabases())('saving a project: verify, then PUT (%s)', (kind) => {
  let server: TestServer;
  let a: Awaited<ReturnType<TestServer['signUpWithWorkspace']>>;
  let b: Awaited<ReturnType<TestServer['signUpWithWorkspace']>>;
  let wide: Awaited<ReturnType<TestServer['signUpWithWorkspace']>>;

  beforeAll(async () => {
    server = await startTestServer(kind);
    wide = await server.signUpWithWorkspace('wendy@example.com', 'Wide');
    // The operator's grant (decision 069): an entitlement kept with the workspace.
    await server.db
      .update(workspaces)
      .set({ wideKeywords: true })
      .where(eq(workspaces.id, wide.workspace.id));
    a = await server.signUpWithWorkspace('alice@example.com', 'Alpha');
    b = await server.signUpWithWorkspace('bob@example.com', 'Beta');
  });
  afterAll(async () => {
    await server?.close();
  });

  const form = (id: string, overrides: Record<string, unknown> = {}) => ({
    id,
    name: 'Tallybird',
    url: 'https://tallybird.example',
    description: 'Payment reminders for agencies.',
    goal: 'Find agencies with late payers',
    tov: 'Friendly',
    keywords: [{ name: 'late invoices', filter: '"late invoice" -job' }],
    ...overrides,
  });
  const verify = (token: string, body: unknown) =>
    server.request('POST', '/api/projects/verify', { token, body });
  const put = (token: string, id: string, body: unknown) =>
    server.request('PUT', `/api/projects/${id}`, { token, body });

  it('marks the project reviewed on the first save and returns it; later saves go through PUT', async () => {
    const seeded = await server.seedProject(a.workspace.id, { name: 'Draft' });
    expectFailure(await put(a.token, seeded.id, form(seeded.id)), 409, {
      code: 'conflict',
      message: 'This project has not been reviewed yet: save it with "Save and find relevant posts" first',
    });

    const verified = expectSuccess<Project>(await verify(a.token, form(seeded.id)));
    expect(verified).toStrictEqual({
      id: seeded.id,
      name: 'Tallybird',
      url: 'https://tallybird.example',
      description: 'Payment reminders for agencies.',
      goal: 'Find agencies with late payers',
      tov: 'Friendly',
      keywords: [{ name: 'late invoices', filter: '"late invoice" -job' }],
      reviewed: true,
      autopostingSetup: false,
      keywordsLimit: 5,
      keywordProposals: [],
    });

    const updated = expectSuccess<Project>(
      await put(a.token, seeded.id, form(seeded.id, { name: 'Tallybird 2', url: '' })),
    );
    expect(updated).toMatchObject({ name: 'Tallybird 2', url: null, reviewed: true });
    const listed = expectSuccess<Project[]>(await server.request('GET', '/api/projects', { token: a.token }));
    expect(listed[0]).toStrictEqual(updated);
  });

  it("refuses more than 5 keywords with 'Max 5 keywords allowed'", async () => {
    const seeded = await server.seedProject(a.workspace.id);
    const tooMany = form(seeded.id, { keywords: keywords(6) });
    expectFailure(await verify(a.token, tooMany), 400, {
      code: 'bad_request',
      message: 'Max 5 keywords allowed',
      field: 'keywords',
    });
    expectSuccess(await verify(a.token, form(seeded.id, { keywords: keywords(5) })));
    expectFailure(await put(a.token, seeded.id, tooMany), 400, {
      code: 'bad_request',
      message: 'Max 5 keywords allowed',
      field: 'keywords',
    });
    expectFailure(await put(a.token, seeded.id, form(seeded.id, { keywords: keywords(31) })), 400, {
      code: 'bad_request',
      message: 'Max 30 keywords allowed',
      field: 'keywords',
    });
  });

  it('lets a workspace granted wide keywords keep 30', async () => {
    const activeWide = await server.activate(wide.cookie, wide.workspace.id);
    const seeded = await server.seedProject(wide.workspace.id);
    const saved = expectSuccess<Project>(
      await verify(activeWide.token, form(seeded.id, { keywords: keywords(30) })),
    );
    expect(saved.keywords).toHaveLength(30);
    expect(saved.keywordsLimit).toBe(30);
    const listed = expectSuccess<Project[]>(
      await server.request('GET', '/api/projects', { token: activeWide.token }),
    );
    expect(listed.map((project) => project.keywordsLimit)).toEqual([30]);
    expectFailure(await put(activeWide.token, seeded.id, form(seeded.id, { keywords: keywords(31) })), 400, {
      code: 'bad_request',
      message: 'Max 30 keywords allowed',
      field: 'keywords',
    });
  });

  it("requires name, description and goal with 'Required', and a valid url", async () => {
    const seeded = await server.seedProject(a.workspace.id);
    for (const field of ['name', 'description', 'goal']) {
      expectFailure(await verify(a.token, form(seeded.id, { [field]: '  ' })), 400, {
        code: 'bad_request',
        message: 'Required',
        field,
      });
    }
    expectFailure(await verify(a.token, form(seeded.id, { url: 'ftp://files.example' })), 400, {
      code: 'bad_request',
      message: 'Invalid url',
      field: 'url',
    });
    expectFailure(await verify(a.token, form(seeded.id, { keywords: [{ name: ' ', filter: null }] })), 400, {
      code: 'bad_request',
      message: 'Required',
      field: 'keywords.0.name',
    });
  });

  it('trims keyword names, keeps one of names that differ only in case, and stores an empty filter as null', async () => {
    const seeded = await server.seedProject(a.workspace.id);
    const saved = expectSuccess<Project>(
      await verify(
        a.token,
        form(seeded.id, {
          keywords: [
            { name: '  Late invoices ', filter: '  ' },
            { name: 'late INVOICES', filter: 'x' },
            { name: 'client portal', filter: ' "client portal" -job ' },
            { name: 'cash flow' },
          ],
        }),
      ),
    );
    expect(saved.keywords).toStrictEqual([
      { name: 'Late invoices', filter: null },
      { name: 'client portal', filter: '"client portal" -job' },
      { name: 'cash flow', filter: null },
    ]);
  });

  it('refuses a path id that differs from the body id', async () => {
    const one = await server.seedProject(a.workspace.id);
    const other = await server.seedProject(a.workspace.id);
    expectFailure(await put(a.token, one.id, form(other.id)), 400, {
      code: 'bad_request',
      message: 'The project id in the path and in the body must be the same',
      field: 'id',
    });
  });

  it("never lets another workspace verify or update this workspace's project", async () => {
    const seeded = await server.seedProject(a.workspace.id, { name: 'Mine' });
    expectSuccess(await verify(a.token, form(seeded.id)));
    const notFound = {
      code: 'not_found',
      message: 'There is no such project in your active workspace',
      field: 'id',
    };
    expectFailure(await verify(b.token, form(seeded.id, { name: 'Stolen' })), 404, notFound);
    expectFailure(await put(b.token, seeded.id, form(seeded.id, { name: 'Stolen' })), 404, notFound);
    expectFailure(await verify(b.token, form('not-a-uuid')), 404, notFound);
    // With the project-id header naming it, the call is refused before it reaches the handler.
    expectFailure(
      await server.request('PUT', `/api/projects/${seeded.id}`, {
        token: b.token,
        projectId: seeded.id,
        body: form(seeded.id),
      }),
      403,
      { code: 'forbidden', field: 'project-id' },
    );
    const listed = expectSuccess<Project[]>(await server.request('GET', '/api/projects', { token: a.token }));
    expect(listed.find((p) => p.id === seeded.id)?.name).toBe('Tallybird');
  });
});
