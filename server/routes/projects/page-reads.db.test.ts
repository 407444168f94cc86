import type { Project } from '@contract/entities';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ComplexPageServer, startComplexPageServer } from '../../../tests/support/complex-pages';
import {
  expectFailure,
  expectSuccess,
  startTestServer,
  type TestServer,
  testDatabases,
} from '../../../tests/support/server-harness';
import { memberships } from '../../db/schema';

let pages: ComplexPageServer;
beforeAll(async () => {
  pages = await startComplexPageServer();
});
afterAll(() => pages?.close());

const goal = 'Find agency owners complaining about clients who pay late';
/** Page reads allowed in any ten minutes. */
const perAccount = 10;
const perWorkspace = 15;
const tooComplex = {
  code: 'page_too_complex',
  message: 'This page is too complex to read. Write a description instead.',
  field: 'url',
};

describe.each(testDatabases())('reading product pages (%s)', (kind) => {
  let server: TestServer;
  let reader: Awaited<ReturnType<TestServer['signUpWithWorkspace']>>;
  let other: Awaited<ReturnType<TestServer['signUpWithWorkspace']>>;

  beforeAll(async () => {
    // The product's default budget (3 s): the slow page below takes longer than it to read.
    server = await startTestServer(kind, { FETCH_ALLOW_HOSTS: '127.0.0.1', PAGE_READ_BUDGET_MS: '3000' });
    reader = await server.signUpWithWorkspace('reader@example.com', 'Readers');
    other = await server.signUpWithWorkspace('other@example.com', 'Others');
    // A server in use: the page reader started and warm from a normal product page, the other person's
    // requests past their first (slower) answers.
    expectSuccess(await generate(reader.token, `${pages.origin}/product`));
    for (let request = 0; request < 5; request++)
      expectSuccess(await server.request('GET', '/api/projects', { token: other.token }));
  });
  afterAll(() => server?.close());

  const generate = (token: string, url: string) =>
    server.request('POST', '/api/projects/generate', {
      token,
      body: { goal, noWebsite: false, hasWebsite: true, url },
    });

  /**
   * Runs the call while another person keeps using the API, one request after another, until it is
   * answered; how many of theirs were answered before it, and how long it took (printed, not asserted).
   */
  async function whileOthersUseTheApi<T>(call: () => Promise<T>) {
    let answered = false;
    const started = performance.now();
    const pending = call().finally(() => {
      answered = true;
    });
    let answeredBeforeIt = 0;
    do {
      // A real client's request arrives as network I/O: let the event loop turn between requests, or
      // in-process calls that settle in microtasks alone would starve the page read's own I/O.
      await new Promise((resolve) => setImmediate(resolve));
      expectSuccess(await server.request('GET', '/api/projects', { token: other.token }));
      if (!answered) answeredBeforeIt += 1;
    } while (!answered);
    const result = await pending;
    return { result, elapsed: performance.now() - started, answeredBeforeIt };
  }

  it('refuses a page nested 5,000 levels deep as too complex', async () => {
    const run = await whileOthersUseTheApi(() => generate(reader.token, `${pages.origin}/deep`));
    console.info(`page nested 5,000 deep (${kind}): answered in ${Math.round(run.elapsed)} ms`);
    expectFailure(run.result, 422, tooComplex);
  });

  it('stops reading a page past its budget and refuses it, answering everyone meanwhile; the next page is read', async () => {
    const budgetMs = server.env.PAGE_READ_BUDGET_MS;
    const run = await whileOthersUseTheApi(() => generate(reader.token, `${pages.origin}/slow-to-read`));
    console.info(
      `page past the ${budgetMs} ms budget (${kind}): answered in ${Math.round(run.elapsed)} ms, after ${run.answeredBeforeIt} other requests`,
    );
    expectFailure(run.result, 422, tooComplex);
    // Other requests were answered, one after another, while the page was being read: read in place, it
    // would hold the main thread, and them, until it was read.
    expect(run.answeredBeforeIt).toBeGreaterThanOrEqual(5);
    // Refused at its budget (however long a loaded machine takes beyond it): read to the end, this page
    // holds a thread for many seconds.
    expect(run.elapsed).toBeGreaterThanOrEqual(budgetMs - 50);
    const project = expectSuccess<Project>(await generate(reader.token, `${pages.origin}/product`));
    expect(project.name).toBe('Tallybird');
  });

  it('refuses an account more page reads than it may make in ten minutes, saying when to try again', async () => {
    const carol = await server.signUpWithWorkspace('carol@example.com', 'Gamma');
    const form = {
      name: 'Tallybird',
      url: `${pages.origin}/product`,
      description: '',
      goal,
      tov: '',
      keywords: [{ name: 'late invoices', filter: '' }],
    };
    const regenerate = (token: string) =>
      server.request('POST', '/api/projects/regenerate-description', { token, body: form });
    expectSuccess(await generate(carol.token, `${pages.origin}/product`));
    for (let read = 2; read <= perAccount; read++) expectSuccess(await regenerate(carol.token));

    const refused = await regenerate(carol.token);
    expectFailure(refused, 429, {
      code: 'rate_limited',
      message:
        'You have asked ReplyRadar to read product pages too often. Try again in 10 minutes, or write the description yourself.',
    });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expectFailure(await generate(carol.token, `${pages.origin}/product`), 429, { code: 'rate_limited' });

    // A description needs no page; other accounts read theirs.
    const described = await server.request('POST', '/api/projects/generate', {
      token: carol.token,
      body: { goal, noWebsite: true, description: 'Tallybird chases late invoices for freelancers.' },
    });
    expect(expectSuccess<Project>(described).name).toBe('Tallybird');
    expectSuccess(await regenerate(other.token));
  });

  it('refuses a workspace more page reads than it may make in ten minutes, whoever in it asks', async () => {
    const dave = await server.signUpWithWorkspace('dave@example.com', 'Delta');
    const erin = await server.signUp('erin@example.com');
    await server.db
      .insert(memberships)
      .values({ workspaceId: dave.workspace.id, userId: erin.session.user.id, role: 'org:member' });
    const erinToken = (await server.activate(erin.cookie, dave.workspace.id)).token;

    for (let read = 1; read <= perAccount; read++)
      expectSuccess(await generate(dave.token, `${pages.origin}/product`));
    for (let read = perAccount + 1; read <= perWorkspace; read++)
      expectSuccess(await generate(erinToken, `${pages.origin}/product`));
    expectFailure(await generate(erinToken, `${pages.origin}/product`), 429, {
      code: 'rate_limited',
      message:
        'Your workspace has asked ReplyRadar to read product pages too often. Try again in 10 minutes, or write the description yourself.',
    });
  });
});
