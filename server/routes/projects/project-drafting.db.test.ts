import type { Project } from '@contract/entities';
import { keywordProposalsOf } from '@contract/keyword-proposals';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LlmFakeServer, startLlmFakeServer } from '../../../tests/support/llm-fake-server';
import { type PageServer, startPageServer } from '../../../tests/support/page-server';
import {
  expectFailure,
  expectSuccess,
  startTestServer,
  type TestServer,
  testDatabases,
} from '../../../tests/support/server-harness';

let pages: PageServer;
beforeAll(async () => {
  pages = await startPageServer();
});
afterAll(() => pages?.close());

const goal = 'Find agency owners complaining about clients who pay late';

describe.each(testDatabases())('project generation (%s)', (kind) => {
  let server: TestServer;
  let a: Awaited<ReturnType<TestServer['signUpWithWorkspace']>>;

  beforeAll(async () => {
    server = await startTestServer(kind, { FETCH_ALLOW_HOSTS: '127.0.0.1' });
    a = await server.signUpWithWorkspace('alice@example.com', 'Alpha');
  });
  afterAll(() => server?.close());

  const generate = (token: string, body: unknown) =>
    server.request('POST', '/api/projects/generate', { token, body });

  it('drafts the project from the product page, stores it unreviewed and lists it', async () => {
    const url = `${pages.origin}/product`;
    const project = expectSuccess<Project>(
      await generate(a.token, { goal, noWebsite: false, hasWebsite: true, url }),
    );
    expect(project).toMatchObject({
      id: expect.any(String),
      name: 'Tallybird',
      url,
      goal,
      reviewed: false,
      autopostingSetup: false,
      keywordsLimit: 5,
      description: expect.stringMatching(/^Tallybird chases late invoices for you\./),
      tov: expect.stringContaining(goal),
    });
    // 8 to 12 proposals, the best three preselected as keywords, none of them the product's name; no
    // network answers in this test, so no proposal has an estimate.
    const proposals = keywordProposalsOf(project);
    expect(proposals.length).toBeGreaterThanOrEqual(8);
    expect(proposals.length).toBeLessThanOrEqual(12);
    expect(project.keywords).toEqual(proposals.slice(0, 3).map(({ name, filter }) => ({ name, filter })));
    for (const proposal of proposals) {
      expect(proposal.name.toLowerCase()).not.toContain('tallybird');
      expect(proposal).toMatchObject({ weeklyPosts: null, more: false });
    }
    expect(proposals.map((proposal) => proposal.name).join(' ')).toMatch(/invoice|payment|client/);

    const listed = expectSuccess<Project[]>(await server.request('GET', '/api/projects', { token: a.token }));
    expect(listed).toEqual([project]);
  });

  it("updates the workspace's project rather than making a second one", async () => {
    const [before] = expectSuccess<Project[]>(
      await server.request('GET', '/api/projects', { token: a.token }),
    );
    const description = 'Crumbly is a recipe costing app for home bakers who sell at markets.';
    const again = expectSuccess<Project>(
      await generate(a.token, {
        goal: 'Reach indie bakers',
        noWebsite: true,
        hasWebsite: false,
        description,
      }),
    );
    expect(again).toMatchObject({ id: before?.id, name: 'Crumbly', url: null, description });
    const listed = expectSuccess<Project[]>(await server.request('GET', '/api/projects', { token: a.token }));
    expect(listed.map((p) => p.id)).toEqual([before?.id]);
  });

  it('answers a link that cannot be read with a message naming the url, and stores nothing', async () => {
    const b = await server.signUpWithWorkspace('bob@example.com', 'Beta');
    expectFailure(
      await generate(b.token, { goal, noWebsite: false, url: `${pages.origin}/brochure.pdf` }),
      422,
      {
        code: 'not_html',
        message:
          "The link is not a web page (it is application/pdf). Give the address of your product's page.",
        field: 'url',
      },
    );
    expectFailure(await generate(b.token, { goal, noWebsite: false, url: `${pages.origin}/loop` }), 422, {
      code: 'too_many_redirects',
      field: 'url',
    });
    expectFailure(
      await generate(b.token, { goal, noWebsite: false, url: 'http://169.254.169.254/latest' }),
      400,
      {
        code: 'blocked_address',
        message: /^ReplyRadar does not read pages on private or local network addresses/,
        field: 'url',
      },
    );
    expect(expectSuccess(await server.request('GET', '/api/projects', { token: b.token }))).toEqual([]);
  });

  it("checks onboarding's fields with the specification's messages", async () => {
    expectFailure(await generate(a.token, { noWebsite: false, url: 'https://x.example' }), 400, {
      code: 'bad_request',
      message: 'Required',
      field: 'goal',
    });
    expectFailure(await generate(a.token, { goal, noWebsite: false, url: '' }), 400, {
      code: 'bad_request',
      message: 'Required',
      field: 'url',
    });
    expectFailure(await generate(a.token, { goal, noWebsite: false, url: 'not a url' }), 400, {
      code: 'bad_request',
      message: 'Invalid url',
      field: 'url',
    });
    expectFailure(await generate(a.token, { goal, noWebsite: true, description: ' ' }), 400, {
      code: 'bad_request',
      message: 'Required',
      field: 'description',
    });
  });

  it('needs an active workspace', async () => {
    const { session } = await server.signUp('nobody@example.com');
    // A plan bought before setting up a workspace lets the call through to the workspace check.
    await server.subscribe(session.token);
    expectFailure(await generate(session.token, { goal, noWebsite: true, description: 'A thing.' }), 403, {
      code: 'forbidden',
    });
  });

  describe('regenerating', () => {
    const form = () => ({
      name: 'Tallybird',
      url: `${pages.origin}/product`,
      description: 'Old description',
      goal: 'Help freelancers get paid',
      tov: '',
      keywords: [{ name: 'late invoices', filter: '' }],
    });

    it('suggests a tone of voice from the page and the goal', async () => {
      const { tov } = expectSuccess<{ tov: string }>(
        await server.request('POST', '/api/projects/regenerate-tov', { token: a.token, body: form() }),
      );
      expect(tov).toMatch(/^Write in a .+ voice/);
      expect(tov).toContain('Help freelancers get paid');
    });

    it('reads the description again from the product link', async () => {
      const { description } = expectSuccess<{ description: string }>(
        await server.request('POST', '/api/projects/regenerate-description', {
          token: a.token,
          body: form(),
        }),
      );
      expect(description).toMatch(/^Tallybird chases late invoices for you\./);
    });

    it('suggests again while the description and the tone of voice are still empty', async () => {
      const { description } = expectSuccess<{ description: string }>(
        await server.request('POST', '/api/projects/regenerate-description', {
          token: a.token,
          body: { ...form(), description: '', tov: '' },
        }),
      );
      expect(description).not.toBe('');
      const { tov } = expectSuccess<{ tov: string }>(
        await server.request('POST', '/api/projects/regenerate-tov', {
          token: a.token,
          body: { ...form(), tov: '' },
        }),
      );
      expect(tov).not.toBe('');
    });

    it("answers 'Url should be passed' without a url", async () => {
      expectFailure(
        await server.request('POST', '/api/projects/regenerate-description', {
          token: a.token,
          body: { ...form(), url: '  ' },
        }),
        400,
        { code: 'bad_request', message: 'Url should be passed', field: 'url' },
      );
      expectFailure(
        await server.request('POST', '/api/projects/regenerate-description', {
          token: a.token,
          body: { ...form(), url: 'javascript:alert(1)' },
        }),
        400,
        { code: 'bad_request', message: 'Invalid url', field: 'url' },
      );
    });
  });
});

describe('project generation with a model configured', () => {
  let llm: LlmFakeServer;
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    llm = await startLlmFakeServer();
    server = await startTestServer('pglite', {
      FETCH_ALLOW_HOSTS: '127.0.0.1',
      LLM_BASE_URL: llm.baseURL,
      LLM_MODEL: 'fake-model-1',
    });
    ({ token } = await server.signUpWithWorkspace('carol@example.com', 'Gamma'));
  });
  afterAll(async () => {
    await server?.close();
    await llm?.close();
  });

  const body = () => ({ goal, noWebsite: false, url: `${pages.origin}/product` });

  it('answers a malformed or cut-off model answer with 502 generation_failed and stores nothing', async () => {
    llm.enqueue('project-malformed', 'project-cut-off');
    for (const message of [
      'The language model answered in a shape ReplyRadar cannot use. Please try again.',
      'The language model stopped before finishing its answer. Please try again.',
    ]) {
      expectFailure(await server.request('POST', '/api/projects/generate', { token, body: body() }), 502, {
        code: 'generation_failed',
        message,
      });
    }
    expect(expectSuccess(await server.request('GET', '/api/projects', { token }))).toEqual([]);
  });

  it("stores the model's project when its answer is whole", async () => {
    llm.requests.length = 0;
    llm.enqueue('project-good');
    const project = expectSuccess<Project>(
      await server.request('POST', '/api/projects/generate', { token, body: body() }),
    );
    expect(project).toMatchObject({ name: 'Tallybird', reviewed: false, goal });
    expect(project.keywords).toHaveLength(4);
    expect(project.keywords[2]).toEqual({ name: 'client portal', filter: null });
    expect(llm.requests[0]?.body.model).toBe('fake-model-1');
    expect(JSON.stringify(llm.requests[0]?.body.messages)).toContain(goal);
  });
});
