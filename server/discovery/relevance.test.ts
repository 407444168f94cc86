import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type LlmFakeServer, startLlmFakeServer } from '../../tests/support/llm-fake-server';
import { parseFilter } from './keyword-filter';
import { createRelevance } from './relevance';
import type { RelevanceRequest, SourcePost } from './types';

const now = new Date('2025-03-05T12:00:00Z');
const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000);

function post(externalId: string, content: string, extra: Partial<SourcePost> = {}): SourcePost {
  return {
    externalId,
    network: 'reddit',
    author: `author_${externalId}`,
    title: null,
    content,
    url: `https://www.reddit.com/r/freelance/comments/${externalId}`,
    publishedAt: hoursAgo(2),
    ...extra,
  };
}

function request(overrides: Partial<RelevanceRequest> = {}): RelevanceRequest {
  return {
    keyword: 'payment reminders',
    filter: null,
    project: {
      name: 'Tallybird',
      description:
        'Tallybird sends automatic, polite payment reminders for agencies and freelancers so invoices get paid on time.',
      goal: 'Find agency owners and freelancers complaining about clients who pay invoices late',
    },
    since: hoursAgo(24),
    until: now,
    seen: { ids: new Set(), texts: new Set() },
    limit: 20,
    ...overrides,
  };
}

// A day's batch for 'payment reminders': two people who need the product, three that name it in passing.
const askingForTool = post(
  'asks',
  'I run a small design agency and three clients are 45+ days late on their invoices. Chasing them by email eats my week. Is there a tool that sends payment reminders automatically?',
  { title: 'Tool for automatic payment reminders?' },
);
const latePayers = post(
  'late',
  'Freelance developer here. I send invoices on time, but clients pay late every month and writing payment reminders by hand feels awkward. How do you deal with it?',
  {
    network: 'hackernews',
    url: 'https://news.ycombinator.com/item?id=1',
    title: 'Ask HN: clients who pay late',
  },
);
const phoneReview = post(
  'phone',
  'My review of the new phone after a month: the camera is excellent, battery life is fine, the calendar handles my payment reminders for rent, and the speakers are loud. Overall a solid upgrade from my old one.',
);
const releaseNotes = post(
  'release',
  'We shipped a new dashboard this week. Release notes: dark mode, faster search, CSV export, and payment reminders moved to the settings page. The full changelog is on our blog.',
);
const budgetingApp = post(
  'budget',
  'Show HN: I built a budgeting app that sorts your bank transactions into categories and draws nice charts of your spending.',
  { network: 'hackernews', url: 'https://news.ycombinator.com/item?id=2' },
);
const batch = [phoneReview, releaseNotes, latePayers, budgetingApp, askingForTool];

const ids = (posts: Array<{ post: SourcePost }>) => posts.map((scored) => scored.post.externalId);

describe('lexical relevance', () => {
  const relevance = createRelevance();

  it('is chosen when no model is configured', () => {
    expect(relevance.kind).toBe('lexical');
  });

  it('ranks the posts that need the product first and drops those naming the keyword in passing', async () => {
    const ranked = await relevance.rank(batch, request());
    expect(ids(ranked)).toEqual(['asks', 'late']);
    for (const scored of ranked) {
      expect(scored.keyword).toBe('payment reminders');
      expect(scored.score).toBeGreaterThanOrEqual(35);
      expect(scored.score).toBeLessThanOrEqual(100);
    }
    const all = await createRelevance({ threshold: 0 }).rank(batch, request());
    expect(ids(all).slice(0, 2)).toEqual(['asks', 'late']);
    expect(ids(all).slice(2, 4).sort()).toEqual(['phone', 'release']);
    for (const passing of all.slice(2, 4)) expect(passing.score).toBeLessThan(30);
    expect(all.at(-1)).toMatchObject({ post: budgetingApp, score: 0 });
  });

  it('gives the same score to a post whatever else is in the batch', async () => {
    const alone = await createRelevance({ threshold: 0 }).rank([askingForTool], request());
    const among = await createRelevance({ threshold: 0 }).rank(batch, request());
    expect(Math.abs((alone[0]?.score ?? 0) - (among[0]?.score ?? 0))).toBeLessThanOrEqual(10);
    expect(alone[0]?.score).toBeGreaterThanOrEqual(60);
  });

  it('says why in one line a person can read', async () => {
    const [best, second] = await relevance.rank(batch, request());
    expect(best?.reason).toBe(
      'Mentions “payment reminders” and asks for a tool; matches your goal: agency, clients, invoices',
    );
    expect(second?.reason).toMatch(/^Mentions “payment reminders” and asks a question; matches your goal: /);
    const [budget] = await createRelevance({ threshold: 0 }).rank([budgetingApp], request());
    expect(budget?.reason).toBe('Does not mention “payment reminders”; nothing on your goal');
    const [scattered] = await createRelevance({ threshold: 0 }).rank(
      [post('s', 'Which reminders app do you use? Mine keeps missing the payment date for my clients.')],
      request(),
    );
    expect(scattered?.reason).toBe(
      'Mentions “payment” and “reminders” but not “payment reminders” and asks for a tool; matches your goal: clients',
    );
  });

  it('keeps at most the limit, best first', async () => {
    const ranked = await createRelevance({ threshold: 0 }).rank(batch, request({ limit: 3 }));
    expect(ids(ranked)).toEqual(['asks', 'late', expect.stringMatching(/^(phone|release)$/)]);
    expect(await relevance.rank(batch, request({ limit: 0 }))).toEqual([]);
  });

  it('reads the threshold from DISCOVERY_MIN_SCORE, and refuses one outside 0–100', async () => {
    const strict = createRelevance({ DISCOVERY_MIN_SCORE: 99 });
    expect(await strict.rank(batch, request())).toEqual([]);
    expect(() => createRelevance({ DISCOVERY_MIN_SCORE: '120' })).toThrow(/from 0 to 100/);
  });
});

describe('the hard rules', () => {
  const everything = createRelevance({ threshold: 0 });
  const body = 'Clients pay my invoices late, any tool for payment reminders that works for a small agency?';
  const kept = async (posts: SourcePost[], overrides: Partial<RelevanceRequest> = {}) =>
    ids(await everything.rank(posts, request(overrides)));

  it.each([
    ['a deleted post', { deleted: true }],
    ['a deleted author', { author: '[deleted]' }],
    ['a removed body', { content: '[removed]' }],
    ['a bot flagged by the network', { bot: true }],
    ['AutoModerator', { author: 'AutoModerator' }],
    ['a bot by its name', { author: 'RemindMeBot' }],
    ['a near-empty post', { content: 'payment reminders?? https://example.com/a-very-long-link-here' }],
    ['a post older than the window', { publishedAt: hoursAgo(25) }],
    ['a post after the window', { publishedAt: new Date(now.getTime() + 60_000) }],
  ])('drops %s', async (_, extra) => {
    expect(await kept([post('x', body, extra), post('ok', body, { title: 'Same question' })])).toEqual([
      'ok',
    ]);
  });

  it('keeps an author whose name merely ends in "bot" and a link post whose title says enough', async () => {
    expect(
      await kept([
        post('abbot', body, { author: 'Abbot' }),
        post('title', '', { title: 'Any tool that sends payment reminders to late clients?' }),
      ]),
    ).toEqual(expect.arrayContaining(['abbot', 'title']));
  });

  it('drops posts already stored for the project, by network and id or by the same text', async () => {
    const seen = { ids: new Set(['reddit:old']), texts: new Set([textOf('Clients pay my invoices late!')]) };
    const posts = [
      post('old', body),
      post('copy', 'clients  pay my INVOICES late', { network: 'x' }),
      post('old', body, { network: 'hackernews', content: `${body} (on HN)` }),
    ];
    expect(await kept(posts, { seen })).toEqual(['old']);
  });

  it('keeps the first of the same post twice in one batch, by id or by text', async () => {
    const posts = [
      post('a', body),
      post('a', `${body} edited`),
      post('b', body.toUpperCase(), { network: 'bluesky' }),
      post('c', `${body} Different words here.`),
    ];
    expect((await kept(posts)).sort()).toEqual(['a', 'c']);
  });

  it("drops posts that break the keyword's filter", async () => {
    const filter = parseFilter('agency OR freelancer -hiring site:reddit.com');
    const posts = [
      post('keeps', body),
      post('hiring', `${body} We are hiring.`),
      post('no-group', body.replace('agency', 'shop')),
      post('elsewhere', body, { url: 'https://news.ycombinator.com/item?id=3' }),
    ];
    expect(await kept(posts, { filter })).toEqual(['keeps']);
  });
});

describe('model relevance', () => {
  let llm: LlmFakeServer;
  const logged: string[] = [];
  const logger = pino({ level: 'warn' }, { write: (line: string) => logged.push(line) });
  beforeAll(async () => {
    llm = await startLlmFakeServer();
  });
  afterAll(async () => {
    await llm?.close();
  });
  beforeEach(() => {
    llm.requests.length = 0;
    logged.length = 0;
  });
  const model = () =>
    createRelevance(
      { LLM_BASE_URL: llm.baseURL, LLM_API_KEY: 'sk-test', LLM_MODEL: 'fake-model-1', maxRetries: 0 },
      logger,
    );

  it('is chosen when LLM_BASE_URL and LLM_MODEL are set', () => {
    expect(model().kind).toBe('model');
  });

  it("scores the lexical top candidates with the model's scores and reasons", async () => {
    llm.enqueue('relevance-good');
    const ranked = await model().rank(batch, request({ limit: 1 }));
    // 3 × limit candidates: the lexical top three, in one structured call.
    expect(llm.requests).toHaveLength(1);
    const body = llm.requests[0]?.body;
    expect(body.response_format).toMatchObject({ type: 'json_schema' });
    const prompt = JSON.stringify(body.messages);
    for (const id of ['reddit:asks', 'hackernews:late']) expect(prompt).toContain(id);
    expect(prompt.match(/Post id: /g)).toHaveLength(3);
    expect(prompt).not.toContain('hackernews:budget');
    expect(prompt).toContain('clients who pay invoices late');

    expect(ranked).toEqual([
      {
        post: latePayers,
        keyword: 'payment reminders',
        score: 91,
        reason:
          'A freelancer whose clients pay late and who writes payment reminders by hand: exactly what Tallybird automates.',
      },
    ]);
    expect(logged).toEqual([]);
  });

  it('drops candidates the model scores below the threshold', async () => {
    llm.enqueue('relevance-good');
    const ranked = await model().rank(batch, request({ limit: 1 }));
    expect(ranked.map((scored) => scored.score)).toEqual([91]);
    llm.enqueue('relevance-good');
    const all = await model().rank(batch, request({ limit: 20 }));
    expect(ids(all)).toEqual(['late', 'asks']); // the release notes scored 12 and are dropped
  });

  it.each([
    ['the endpoint fails', null],
    ['the answer is not JSON', 'project-malformed'],
  ])('falls back to the lexical scores when %s, and logs it', async (_, fixture) => {
    if (fixture) llm.enqueue(fixture);
    const ranked = await model().rank(batch, request());
    const lexical = await createRelevance().rank(batch, request());
    expect(ranked).toEqual(lexical);
    expect(logged.join('\n')).toContain('relevance model failed; using lexical scores for these posts');
  });
});

function textOf(text: string) {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}
