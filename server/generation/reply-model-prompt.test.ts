import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeChatModel, type LlmFakeServer, startLlmFakeServer } from '../../tests/support/llm-fake-server';
import { createSafeFetcher } from '../net/safe-fetch';
import type { ReplyProject } from './drafter';
import { ModelDrafter } from './model-drafter';

let llm: LlmFakeServer;
beforeAll(async () => {
  llm = await startLlmFakeServer();
});
afterAll(async () => {
  await llm?.close();
});
beforeEach(() => {
  llm.requests.length = 0;
});

const drafter = () =>
  new ModelDrafter(fakeChatModel(llm), createSafeFetcher({ allowHosts: [] }), {
    timeoutMs: 10_000,
    maxRetries: 0,
  });

const sheetsmith: ReplyProject = {
  name: 'Sheetsmith',
  url: 'https://sheetsmith.example',
  description:
    'Sheetsmith writes and explains Excel and Google Sheets formulas from a plain-English question.',
  goal: 'Find people stuck on spreadsheet formulas',
  tov: 'Friendly and practical, in short sentences.',
};
const question = {
  author: 'sheet_owner',
  keyword: 'dependents',
  title: 'Is there a way to tell if deleting a sheet will break other sheets?',
  content: 'I inherited a workbook with 30 tabs and want to remove the old ones safely.',
};

/** The system message and the prompt the fake endpoint received for the last draft. */
function asked() {
  const messages: Array<{ role: string; content: string }> = llm.requests.at(-1)?.body.messages ?? [];
  return {
    system: messages.find((message) => message.role === 'system')?.content ?? '',
    prompt: messages.find((message) => message.role === 'user')?.content ?? '',
  };
}

describe('a reply drafted with a model', () => {
  it('sends the post, its thread title, the project and the network with its norms and limit', async () => {
    llm.enqueue('reply-answer-first');
    await drafter().draftReply({
      post: { ...question, network: 'hackernews' },
      project: sheetsmith,
      prompt: '',
    });
    const { prompt } = asked();
    expect(prompt).toContain(`Thread title: ${question.title}`);
    expect(prompt).toContain(question.content);
    expect(prompt).toContain(`Product description: ${sheetsmith.description}`);
    expect(prompt).toContain(`Tone of voice: ${sheetsmith.tov}`);
    expect(prompt).toContain('Network: hackernews');
    expect(prompt).toMatch(/The network's norms: Hacker News: [^\n]*no marketing tone/);
    expect(prompt).toContain('in at most 80 words');
  });

  it('gives each network its own length and norms: 280 characters on X, 300 on Bluesky, 500 on Mastodon', async () => {
    for (const [network, limit, norm] of [
      ['x', 280, 'X: '],
      ['bluesky', 300, 'Bluesky: '],
      ['mastodon', 500, 'Mastodon: '],
      ['reddit', null, 'Reddit: '],
    ] as const) {
      llm.enqueue('reply-good');
      await drafter().draftReply({ post: { ...question, network }, project: sheetsmith, prompt: '' });
      const { prompt } = asked();
      expect(prompt).toContain(limit ? `in at most ${limit} characters` : 'in at most 80 words');
      expect(prompt).toContain(`The network's norms: ${norm}`);
    }
  });

  it('asks for the answer first and a disclosure whenever the product is named', async () => {
    llm.enqueue('reply-answer-first');
    const reply = await drafter().draftReply({
      post: { ...question, network: 'reddit' },
      project: sheetsmith,
      prompt: '',
    });
    const { system } = asked();
    expect(system).toContain("Answer the post's actual point first");
    expect(system).toContain('in one complete sentence after the answer');
    expect(system).toContain('disclose that you are behind it in the same sentence ("I work on X"');
    // The recorded answer comes back whole: the answer, then the product with its disclosure.
    expect(reply).toMatch(/^Check the dependents before you delete anything/);
    expect(reply).toMatch(
      /I work on Sheetsmith, which explains what each formula depends on, so it can list those for you\.$/,
    );
  });
});
