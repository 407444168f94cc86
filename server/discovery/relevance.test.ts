import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type LlmFakeServer, startLlmFakeServer } from '../../tests/support/llm-fake-server';
import { PostReader } from '../engine/ranking/profiles';
import { ProjectSignals } from '../engine/ranking/project-signals';
import { parseFilter } from './keyword-filter';
import { createRelevance, defaultMinScore } from './relevance';
import { type RelevanceRequest, type SourcePost, textKey } from './types';

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
const howToWord = post(
  'wording',
  'One client has ignored my last three invoices. I am a freelance illustrator and have no idea how firm a payment reminder should be. What wording works for you?',
  { title: 'How do I write a payment reminder that works?' },
);
const batch = [phoneReview, releaseNotes, latePayers, budgetingApp, askingForTool, howToWord];

const ids = (posts: Array<{ post: SourcePost }>) => posts.map((scored) => scored.post.externalId);

describe('relevance learned from labelled posts', () => {
  const relevance = createRelevance();

  it('is chosen when no model is configured', () => {
    expect(relevance.kind).toBe('learned');
  });

  it('ranks the posts that need the product first, and drops those naming the keyword in passing', async () => {
    const all = ids(await createRelevance({ threshold: 0 }).rank(batch, request()));
    expect(all.slice(0, 2)).toEqual(['asks', 'wording']);
    const kept = ids(await relevance.rank(batch, request()));
    expect(kept).toContain('asks');
    for (const passing of ['phone', 'release', 'budget']) expect(kept).not.toContain(passing);
  });

  it('scores from 0 to 100 and says why in one line a person can read', async () => {
    const all = await createRelevance({ threshold: 0 }).rank(batch, request());
    for (const scored of all) {
      expect(scored.score).toBeGreaterThanOrEqual(0);
      expect(scored.score).toBeLessThanOrEqual(100);
      expect(scored.reason).not.toContain('\n');
    }
    const asks = all.find((scored) => scored.post.externalId === 'asks');
    expect(asks?.reason).toMatch(/^asks for (a tool|help)/);
    expect(asks?.reason).toMatch(/close in meaning to your description \(0\.\d\d\)/);
    expect(asks?.reason).toMatch(/shares your words: .*(payment|reminders|invoices)/);
    const review = all.find((scored) => scored.post.externalId === 'phone');
    expect(review?.score).toBeLessThan(defaultMinScore());
  });

  it('gives the same score to a post whatever else is in the batch', async () => {
    const alone = await createRelevance({ threshold: 0 }).rank([askingForTool], request());
    const together = await createRelevance({ threshold: 0 }).rank(batch, request());
    expect(together.find((scored) => scored.post.externalId === 'asks')?.score).toBe(alone[0]?.score);
  });

  it('ranks a job ad and a launch that use the same words below a request for the tool, and says what they are', async () => {
    const hiring = post(
      'hiring',
      'We are hiring a part-time bookkeeper to send invoices and payment reminders for our agency. Remote, 20 hours a week, $25/h. Send your CV.',
      { title: '[Hiring] Bookkeeper for invoices and payment reminders' },
    );
    const launch = post(
      'launch',
      'After a year of work I just launched my app that sends payment reminders for freelancers! Free for the first month, check it out and let me know what you think.',
      { title: 'I built an app for payment reminders' },
    );
    const ranked = await createRelevance({ threshold: 0 }).rank([hiring, launch, askingForTool], request());
    expect(ids(ranked)[0]).toBe('asks');
    const score = (id: string) => ranked.find((scored) => scored.post.externalId === id)?.score ?? 100;
    expect(score('hiring')).toBeLessThan(score('asks'));
    expect(score('launch')).toBeLessThan(score('asks') / 2);
    expect(ranked.find((scored) => scored.post.externalId === 'hiring')?.reason).toMatch(/^a job ad/);
    expect(ranked.find((scored) => scored.post.externalId === 'launch')?.reason).not.toMatch(/^asks/);
  });

  it('keeps at most the limit, best first', async () => {
    const all = await createRelevance({ threshold: 0 }).rank(batch, request());
    const two = await createRelevance({ threshold: 0 }).rank(batch, request({ limit: 2 }));
    expect(ids(two)).toEqual(ids(all).slice(0, 2));
    expect(all.map((scored) => scored.score)).toEqual(
      [...all.map((scored) => scored.score)].sort((a, b) => b - a),
    );
  });

  it('keeps from the trained ranker’s own score unless DISCOVERY_MIN_SCORE says otherwise, and refuses one outside 0–100', async () => {
    expect(defaultMinScore()).toBeGreaterThan(0);
    expect(defaultMinScore()).toBeLessThan(100);
    expect(await createRelevance({ DISCOVERY_MIN_SCORE: 100 }).rank(batch, request())).toEqual([]);
    expect(await createRelevance({ DISCOVERY_MIN_SCORE: 0 }).rank(batch, request())).toHaveLength(
      batch.length,
    );
    expect(() => createRelevance({ DISCOVERY_MIN_SCORE: '120' })).toThrow(/from 0 to 100/);
  });

  it('moves a post like those the team marked not relevant down, and one like their good finds up, saying so', async () => {
    const everything = createRelevance({ threshold: 0 });
    const before = await everything.rank(batch, request());
    const reader = new PostReader();
    const read = (one: SourcePost) =>
      reader.profile(one.externalId, {
        title: one.title,
        content: one.content,
        network: one.network,
        url: one.url,
      });
    const tabletReview = post(
      'tablet',
      'My review of the new tablet after two months: the screen is excellent, the battery lasts, the calendar keeps my payment reminders for bills, and the speakers are fine. A solid upgrade.',
    );
    const taught = new ProjectSignals([read(askingForTool)], [read(tabletReview)]);
    const after = await everything.rank(batch, request({ signals: taught }));
    const find = (list: typeof before, id: string) => list.find((scored) => scored.post.externalId === id);
    expect(find(after, 'phone')?.score ?? 100).toBeLessThan(find(before, 'phone')?.score ?? 0);
    expect(find(after, 'phone')?.reason).toContain('like posts your team marked not relevant');
    expect(find(after, 'wording')?.score ?? 0).toBeGreaterThan(find(before, 'wording')?.score ?? 100);
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
    const seen = { ids: new Set(['reddit:old']), texts: new Set([textKey('Clients pay my invoices late!')]) };
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

  // The batch the recorded answer (`relevance-good.json`) judged.
  const recorded = batch.filter((one) => one !== howToWord);

  it('is chosen when LLM_BASE_URL and LLM_MODEL are set', () => {
    expect(model().kind).toBe('model');
  });

  it("scores the ranker's top candidates with the model's scores and reasons", async () => {
    llm.enqueue('relevance-good');
    const ranked = await model().rank(recorded, request({ limit: 1 }));
    // 3 × limit candidates: the ranker's top three, in one structured call.
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
    const ranked = await model().rank(recorded, request({ limit: 1 }));
    expect(ranked.map((scored) => scored.score)).toEqual([91]);
    llm.enqueue('relevance-good');
    const all = await model().rank(recorded, request({ limit: 20 }));
    expect(ids(all)).toEqual(['late', 'asks']); // the release notes scored 12 and are dropped
  });

  it.each([
    ['the endpoint fails', null],
    ['the answer is not JSON', 'project-malformed'],
  ])('falls back to the ranker’s scores when %s, and logs it', async (_, fixture) => {
    if (fixture) llm.enqueue(fixture);
    const ranked = await model().rank(recorded, request());
    const learned = await createRelevance().rank(recorded, request());
    expect(ranked).toEqual(learned);
    expect(logged.join('\n')).toContain('relevance model failed; using the ranker’s scores for these posts');
  });
});
