import { keywordFilterProblem } from '@contract/keyword-filter';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeChatModel, type LlmFakeServer, startLlmFakeServer } from '../../tests/support/llm-fake-server';
import { type PageServer, startPageServer } from '../../tests/support/page-server';
import { createSafeFetcher } from '../net/safe-fetch';
import { createDrafter } from './create-drafter';
import { generationConfig } from './generation-config';
import { GenerationError } from './generation-error';
import { ModelDrafter } from './model-drafter';

let llm: LlmFakeServer;
let pages: PageServer;
beforeAll(async () => {
  [llm, pages] = await Promise.all([startLlmFakeServer(), startPageServer()]);
});
afterAll(async () => {
  await Promise.all([llm?.close(), pages?.close()]);
});
beforeEach(() => {
  llm.requests.length = 0;
});

const fetcher = () => createSafeFetcher({ allowHosts: ['127.0.0.1'] });
const drafter = (timeoutMs = 10_000) =>
  new ModelDrafter(fakeChatModel(llm), fetcher(), { timeoutMs, maxRetries: 0 });
const goal = 'Find agency owners complaining about clients who pay late';

async function generationFailure(promise: Promise<unknown>): Promise<GenerationError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(GenerationError);
  return error as GenerationError;
}

describe('the model drafter', () => {
  it('is chosen when LLM_BASE_URL and LLM_MODEL are set, the built-in one otherwise', () => {
    const base = generationConfig.parse({});
    expect(createDrafter({ ...base, LLM_BASE_URL: llm.baseURL, LLM_MODEL: 'fake-model-1' }).kind).toBe(
      'model',
    );
    expect(createDrafter({ ...base, LLM_BASE_URL: undefined, LLM_MODEL: undefined }).kind).toBe('builtin');
  });

  it('asks for structured output with the page and the goal, and returns the parsed project', async () => {
    llm.enqueue('project-good');
    const project = await drafter().generateProject({
      goal,
      url: `${pages.origin}/product`,
      description: null,
    });
    expect(project.name).toBe('Tallybird');
    expect(project.keywords).toEqual([
      { name: 'late invoices', filter: '"late invoice" OR "unpaid invoice" -hiring -job' },
      { name: 'payment reminders', filter: '"payment reminder" -template' },
      { name: 'client portal', filter: null },
      { name: 'chasing clients', filter: '"chasing clients" OR "chase clients"' },
    ]);
    expect(project.description).toMatch(/^Tallybird sends automatic, polite payment reminders/);

    expect(llm.requests).toHaveLength(1);
    const [request] = llm.requests;
    expect(request?.path).toBe('/v1/chat/completions');
    expect(request?.authorization).toBe('Bearer sk-test');
    expect(request?.body.model).toBe('fake-model-1');
    expect(request?.body.response_format).toMatchObject({ type: 'json_schema' });
    expect(request?.body.response_format.json_schema.schema.properties).toHaveProperty('keywords');
    const text = JSON.stringify(request?.body.messages);
    expect(text).toContain(goal);
    expect(text).toContain('Stop chasing late invoices');
    expect(text).not.toContain('Terms of service'); // the page's main text, not its footer
  });

  it('asks the model for the phrases people write when they have the problem, each with a noise filter', async () => {
    llm.enqueue('project-need-phrases');
    const project = await drafter().generateProject({
      goal: 'Find freelancers whose clients pay late',
      url: `${pages.origin}/pages/invoice-ninja`,
      description: null,
    });
    expect(project.name).toBe('InvoiceNinja Pro');
    expect(project.keywords.map((keyword) => keyword.name)).toEqual([
      'chasing unpaid invoices',
      'clients not paying',
      'remind clients to pay',
      'how to get paid on time',
    ]);
    for (const { filter } of project.keywords) expect(keywordFilterProblem(filter)).toBeNull();

    const messages = llm.requests[0]?.body.messages as Array<{ role: string; content: string }>;
    const instructions = messages.find((message) => message.role === 'system')?.content ?? '';
    expect(instructions).toContain('need phrases');
    expect(instructions).toContain('what people write when they have the problem the product solves');
    expect(instructions).toContain('not who it is for ("small agencies", "freelancers")');
    expect(instructions).toContain('not the kind of product it is ("accounting software")');
    expect(instructions).toContain('job ads (-hiring -"job offer")');
    expect(instructions).toContain('for "late payment": -"credit card" -loan -mortgage');
    expect(JSON.stringify(messages)).toContain('InvoiceNinja Pro – Automatic invoice reminders');
  });

  it('sends the written description when there is no website', async () => {
    llm.enqueue('project-good');
    await drafter().generateProject({ goal, url: null, description: 'Payment reminders for agencies.' });
    expect(JSON.stringify(llm.requests[0]?.body.messages)).toContain('Payment reminders for agencies.');
  });

  it.each([
    ['project-malformed', 'The language model answered in a shape ReplyRadar cannot use. Please try again.'],
    [
      'project-wrong-shape',
      'The language model answered in a shape ReplyRadar cannot use. Please try again.',
    ],
    ['project-cut-off', 'The language model stopped before finishing its answer. Please try again.'],
  ])('refuses the %s answer as a whole', async (fixture, message) => {
    llm.enqueue(fixture);
    const error = await generationFailure(
      drafter().generateProject({ goal, url: `${pages.origin}/product`, description: null }),
    );
    expect(error).toMatchObject({ code: 'generation_failed', message });
  });

  it('gives up on a model that does not answer in time', async () => {
    llm.enqueue({ fixture: 'project-good', delayMs: 5_000 });
    const error = await generationFailure(
      drafter(300).generateProject({ goal, url: null, description: 'x y z' }),
    );
    expect(error.message).toBe('The language model did not answer within 1 second. Please try again.');
  });

  it('fails clearly when the endpoint answers with an error', async () => {
    const error = await generationFailure(drafter().generateProject({ goal, url: null, description: 'x' }));
    expect(error.message).toBe('The language model could not be reached. Please try again in a moment.');
  });

  it('suggests a tone of voice and a description through the same endpoint', async () => {
    llm.enqueue('tov-good', 'description-good');
    const form = {
      name: 'Tallybird',
      url: `${pages.origin}/product`,
      description: 'Payment reminders',
      goal,
      tov: '',
      keywords: [{ name: 'late invoices', filter: null }],
    };
    expect(await drafter().regenerateTov(form)).toMatch(/^Calm and peer-to-peer/);
    expect(await drafter().regenerateDescription(form)).toMatch(/^Tallybird chases late invoices/);
    expect(JSON.stringify(llm.requests[0]?.body.messages)).toContain('late invoices');
    expect(JSON.stringify(llm.requests[1]?.body.messages)).toContain('Stop chasing late invoices');
  });

  it('drafts a reply with the post, the project and the prompt, as instructions to the model', async () => {
    llm.enqueue('reply-good');
    const answer = await drafter().draftReply({
      post: {
        author: 'studio_ana',
        keyword: 'late invoices',
        title: 'Clients 60 days late',
        content: 'How do you chase late invoices without ruining the relationship?',
      },
      project: {
        name: 'Tallybird',
        url: 'https://tallybird.example',
        description: 'Payment reminders for agencies.',
        goal,
        tov: 'Calm and peer-to-peer.',
      },
      prompt: 'shorter',
    });
    expect(answer).toMatch(/^Sixty days is rough\./);
    const [request] = llm.requests;
    expect(request?.body.response_format.json_schema.schema.properties).toHaveProperty('answer');
    const text = JSON.stringify(request?.body.messages);
    expect(text).toContain('Mention the product at most once');
    expect(text).toContain('No link unless the tone of voice asks for one');
    expect(text).toContain('How do you chase late invoices');
    expect(text).toContain('Calm and peer-to-peer.');
    expect(text).toContain("The person's prompt for this reply: shorter");
  });

  it('refuses a reply answer in the wrong shape', async () => {
    llm.enqueue('tov-good');
    const error = await generationFailure(
      drafter().draftReply({
        post: { author: 'a', keyword: 'k', title: null, content: 'A post.' },
        project: { name: 'Tallybird', url: null, description: '', goal: '', tov: '' },
        prompt: '',
      }),
    );
    expect(error.code).toBe('generation_failed');
  });

  const latePost = {
    author: 'studio_ana',
    keyword: 'late invoices',
    title: 'Clients 60 days late',
    content: 'How do you chase late invoices without ruining the relationship?',
    network: 'reddit',
  };
  const tallybird = {
    name: 'Tallybird',
    url: 'https://tallybird.example',
    description: 'Payment reminders for agencies.',
    goal,
    tov: 'Calm and peer-to-peer.',
  };

  it('tells the model the reply rules: peer tone, the point first, the product at most once, no hashtags, 80 words', async () => {
    llm.enqueue('reply-good');
    await drafter().draftReply({ post: latePost, project: tallybird, prompt: '' });
    const [request] = llm.requests;
    const [systemMessage] = request?.body.messages ?? [];
    expect(systemMessage?.role).toBe('system');
    for (const rule of [
      "Answer the post's actual point first",
      'Write as a peer in the conversation',
      'Mention the product at most once',
      'when it does not help, reply helpfully without naming it',
      'No link unless the tone of voice asks for one',
      'At most 80 words',
      'no hashtags',
    ]) {
      expect(systemMessage?.content).toContain(rule);
    }
    const text = JSON.stringify(request?.body.messages);
    expect(text).toContain('Product description: Payment reminders for agencies.');
    expect(text).toContain(`The team's goal: ${goal}`);
    expect(text).toContain('Network: reddit');
    expect(text).not.toContain("The person's prompt for this reply"); // no prompt, no steer
  });

  it('asks for the character limit of a network that has one', async () => {
    llm.enqueue('reply-good');
    await drafter().draftReply({ post: { ...latePost, network: 'x' }, project: tallybird, prompt: '' });
    expect(JSON.stringify(llm.requests[0]?.body.messages)).toContain('in at most 280 characters');
  });

  it('holds an answer that breaks the rules to them: no hashtags, no link, 80 words cut at a sentence', async () => {
    llm.enqueue('reply-rule-breaking');
    const answer = await drafter().draftReply({ post: latePost, project: tallybird, prompt: '' });
    expect(answer).not.toMatch(/#\w/);
    expect(answer).not.toMatch(/https?:\/\//);
    expect(answer.split(/\s+/).length).toBeLessThanOrEqual(80);
    expect(answer).toMatch(/[.!?]$/);
    expect(answer).toMatch(/^Sixty days overdue is brutal, and you are not alone in this\. What works/);
    expect(answer).toContain('Tallybird sends those reminders for you');
  });

  it('keeps the product link when the tone of voice asks for one, and fits a post on X', async () => {
    llm.enqueue('reply-rule-breaking');
    const answer = await drafter().draftReply({
      post: { ...latePost, network: 'x' },
      project: { ...tallybird, tov: 'Calm. Always include a link to the website.' },
      prompt: '',
    });
    expect(answer.length).toBeLessThanOrEqual(280);
    expect(answer).toContain('https://tallybird.example/signup');
    expect(answer).not.toMatch(/#\w/);
  });

  it('refuses an answer that is nothing but hashtags and links', async () => {
    llm.enqueue('reply-only-tags');
    const error = await generationFailure(
      drafter().draftReply({ post: latePost, project: tallybird, prompt: '' }),
    );
    expect(error.code).toBe('generation_failed');
  });
});
