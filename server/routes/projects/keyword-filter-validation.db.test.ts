import type { Project } from '@contract/entities';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectFailure,
  expectSuccess,
  startTestServer,
  type TestServer,
  testDatabases,
} from '../../../tests/support/server-harness';

describe.each(testDatabases())("saving a keyword's filter (%s)", (kind) => {
  let server: TestServer;
  let alice: Awaited<ReturnType<TestServer['signUpWithWorkspace']>>;

  beforeAll(async () => {
    server = await startTestServer(kind);
    alice = await server.signUpWithWorkspace('alice@example.com', 'Alpha');
  });
  afterAll(async () => {
    await server?.close();
  });

  const form = (id: string, keywords: Array<{ name: string; filter: string | null }>) => ({
    id,
    name: 'Tallybird',
    url: 'https://tallybird.example',
    description: 'Payment reminders for agencies.',
    goal: 'Find agencies with late payers',
    tov: 'Friendly',
    keywords,
  });
  const good = { name: 'late invoices', filter: '"late invoice" OR "unpaid invoice" -job site:reddit.com' };

  it('refuses a bad filter on the first save with 400 naming the keyword, the field and the position', async () => {
    const { id } = await server.seedProject(alice.workspace.id, { name: 'Draft' });
    const response = await server.request('POST', '/api/projects/verify', {
      token: alice.token,
      body: form(id, [good, { name: 'crm', filter: null }, { name: 'reminders', filter: 'payment "remin' }]),
    });
    expectFailure(response, 400, {
      code: 'bad_request',
      field: 'keywords.2.filter',
      message: 'Filter of "reminders": Unclosed quote at position 8',
    });
    // Nothing was saved: the project is still unreviewed.
    const [project] = expectSuccess<Project[]>(
      await server.request('GET', '/api/projects', { token: alice.token }),
    );
    expect(project).toMatchObject({ name: 'Draft', reviewed: false });
  });

  it('refuses a bad filter on later saves (PUT) and keeps good and empty ones', async () => {
    const { id } = await server.seedProject(alice.workspace.id, { name: 'Draft' });
    const saved = expectSuccess<Project>(
      await server.request('POST', '/api/projects/verify', {
        token: alice.token,
        body: form(id, [good, { name: 'crm', filter: '  ' }]),
      }),
    );
    expect(saved.keywords).toEqual([good, { name: 'crm', filter: null }]);

    const response = await server.request('PUT', `/api/projects/${id}`, {
      token: alice.token,
      body: form(id, [{ name: 'crm', filter: 'agency OR' }]),
    });
    expectFailure(response, 400, {
      code: 'bad_request',
      field: 'keywords.0.filter',
      message: 'Filter of "crm": OR needs a word or phrase on each side at position 7',
    });
  });
});
