import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type LlmFakeServer, startLlmFakeServer } from '../../tests/support/llm-fake-server';
import { parseFilter } from './keyword-filter';
import { wantsLearners } from './post-signals';
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
    for (const passing of all.slice(2, 4)) expect(passing.score).toBeLessThan(defaultMinScore);
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
      "Asks for a tool (“Is there a tool”); mentions “payment reminders”; shares your product's words: invoices, automatic, agency",
    );
    expect(second?.reason).toMatch(
      /^Asks for advice \(“How do you”\); mentions “payment reminders”; shares your product's words: /,
    );
    const [budget] = await createRelevance({ threshold: 0 }).rank([budgetingApp], request());
    expect(budget?.reason).toBe(
      "Promotes its own product (“Show HN”); does not mention “payment reminders”; no other word of your product's world",
    );
    const [scattered] = await createRelevance({ threshold: 0 }).rank(
      [post('s', 'Which reminders app do you use? Mine keeps missing the payment date for my clients.')],
      request(),
    );
    expect(scattered?.reason).toBe(
      "Asks for a tool (“Which reminders app do”); mentions “payment” and “reminders” but not “payment reminders”; no other word of your product's world",
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

describe('what a marketer would answer', () => {
  const everything = createRelevance({ threshold: 0 });
  const scoreOf = async (candidate: SourcePost, overrides: Partial<RelevanceRequest> = {}) => {
    const [scored] = await everything.rank([candidate], request(overrides));
    return scored ?? { score: -1, reason: 'dropped by a hard rule' };
  };
  const keptIds = async (posts: SourcePost[], overrides: Partial<RelevanceRequest> = {}) =>
    ids(await createRelevance().rank(posts, request(overrides)));
  const sqlCourse: Partial<RelevanceRequest> = {
    keyword: 'learn SQL',
    project: {
      name: 'QueryCamp',
      description:
        'An online course that teaches SQL and data analysis from zero with real business datasets and exercises graded in the browser.',
      goal: 'Find people who want to learn SQL or move into a data analyst job',
    },
  };

  it('does not keep a job ad that names the keyword', async () => {
    const jobAd = post(
      'job',
      "We're a 12-person agency in Leeds and we're looking for a full-stack developer to own our invoicing and payment reminders service. Salary £55–65k, remote OK. Apply with your CV and a link to your GitHub.",
      { title: '[Hiring] Full-stack developer, invoicing' },
    );
    const whoIsHiring = post(
      'who',
      'Tallyho | Backend engineer | REMOTE | Full-time. We build payment reminders for freelancers. Email jobs@example.com',
      { title: 'Ask HN: Who is hiring? (March 2025)', network: 'hackernews' },
    );
    expect(await keptIds([jobAd, whoIsHiring, askingForTool])).toEqual(['asks']);
    expect((await scoreOf(jobAd)).reason).toMatch(/^Looks like a job ad \(“\[Hiring\]”\)/);
  });

  it('does not read a post that speaks of hiring as a job ad', async () => {
    const market = post(
      'market',
      "I left my job in March to freelance. Friends say nobody is hiring and yesterday's Who is hiring thread was half its usual size. My clients also pay invoices later and later: 60 days now, and my payment reminders go unanswered. How do you keep cash coming in?",
      { title: 'Ask HN: Has the market for freelancers dried up?', network: 'hackernews' },
    );
    const role = post(
      'role',
      'The job profile you are hiring for decides the interview. For my agency I need someone to send payment reminders and chase late invoices. What do you ask in the interview?',
      { title: 'Interviewing for an accounts role' },
    );
    expect((await scoreOf(market)).reason).not.toMatch(/job ad/);
    expect((await scoreOf(role)).reason).not.toMatch(/job ad/);
    const hiring = post(
      'hiring',
      'Ledgerly is hiring! We build payment reminders for agencies. Backend engineer, remote, full-time.',
      { title: 'Backend engineer wanted' },
    );
    expect((await scoreOf(hiring)).reason).toMatch(/^Looks like a job ad \(“is hiring”\)/);
  });

  it('does not keep a poll or a show-and-tell, unless it asks for help', async () => {
    const poll = post(
      'poll',
      'Curious what everyone does. I send payment reminders at 7 and 14 days and most invoices get paid.',
      { title: "What's your favourite way to word payment reminders?" },
    );
    const onlyOne = post(
      'only',
      'Every client pays invoices late and my payment reminders feel rude to me. Any advice on wording them?',
      { title: 'Am I the only one who hates sending payment reminders?' },
    );
    expect((await scoreOf(poll)).reason).toMatch(
      /^Polls the community or shows something off \(“What's your favourite”\)/,
    );
    expect((await scoreOf(onlyOne)).reason).toMatch(/^Asks for advice \(“Any advice”\)/);
    expect(await keptIds([poll, onlyOne])).toEqual(['only']);
    const favouriteTool = post(
      'favourite',
      'I send about 40 invoices a month and payment reminders by hand. Looking to automate it.',
      { title: "What's your favourite app for payment reminders?" },
    );
    expect((await scoreOf(favouriteTool)).reason).toMatch(/^Asks for a tool \(“What's your favourite app”\)/);
  });

  it('finds a keyword written in capitals, where a title reads it as a name', async () => {
    const capitals = post(
      'capitals',
      'I run the Instagram and Facebook pages of a bakery and post every day by hand. Does anyone have any useful templates?',
      { title: 'Social Media Strategy templates/examples' },
    );
    const { reason } = await scoreOf(capitals, { keyword: 'social media' });
    expect(reason).toContain('mentions “social media”');
    expect(reason).not.toContain('but not');
  });

  it('reads the ways people ask for a tool without naming one, and a guide that lists equivalents as no request', async () => {
    const asked = async (title: string, content: string) =>
      (await scoreOf(post(title.slice(0, 12), content, { title }))).reason;
    expect(
      await asked(
        'Anyone else seeing late payments pile up?',
        'Three clients are 60 days over on invoices. Do you have better tools to send payment reminders to suggest?',
      ),
    ).toMatch(/^Asks for a tool \(“Do you have better tools”\)/);
    expect(
      await asked(
        'Freelancers, how do you stay on top of invoices?',
        'I track invoices and payment reminders in a spreadsheet. I would love to hear what others are using.',
      ),
    ).toMatch(/^Asks for a tool \(“what others are using”\)/);
    expect(
      await asked(
        'Is there a free equivalent to Chaser for payment reminders?',
        'Chaser is too much for 10 invoices a month.',
      ),
    ).toMatch(/^Asks for a tool/);
    expect(
      await asked(
        'Four clients, weekly invoices',
        'I send invoices every Friday by hand. Is it better to use a tool for the payment reminders or a template?',
      ),
    ).toMatch(/^Asks for a tool \(“Is it better to use a tool”\)/);
    expect(
      await asked(
        'What does a freelancer NEED to know about invoices?',
        'What are the rules of payment reminders that I should know?',
      ),
    ).toMatch(/^Asks for advice/);
    expect(
      await asked(
        'Golden rules for chasing invoices',
        'I manage invoices and payment reminders for 8 clients. The chasing is killing me.',
      ),
    ).toMatch(/^Describes a problem or a need \(“is killing me”\)/);
    expect(
      await asked(
        'First month freelancing',
        'Here is the invoice template I send with payment reminders. Any feedback on my wording is welcome.',
      ),
    ).toMatch(/^Asks for advice \(“feedback on my”\)/);
    // A guide that names "a free equivalent of" something asks nothing.
    expect(
      await asked(
        'A list of invoicing apps',
        'Wave is a free equivalent of QuickBooks for invoices and payment reminders. Zoho sends reminders too.',
      ),
    ).not.toMatch(/^Asks for a tool/);
  });

  it('ranks a question about which device to buy below one about the product’s kind, unless the product is a device', async () => {
    const laptop = post(
      'laptop',
      'I run a small design agency and most of my day is invoices and payment reminders in the browser. My old laptop takes a minute to open anything. Budget is about $900, 14 inch. Any suggestions?',
      { title: 'I need a laptop for invoices and payment reminders, budget $900' },
    );
    const phoneApp = post(
      'phone',
      'I chase late invoices from my phone between jobs. Is there an app that sends payment reminders automatically and works well on a phone?',
      { title: 'Payment reminders app for my phone?' },
    );
    const forLaptop = await scoreOf(laptop);
    expect(forLaptop.reason).toContain(
      'asks which device to buy (“need a laptop”), which your product is not',
    );
    expect((await scoreOf(phoneApp)).reason).not.toMatch(/device/);
    expect((await scoreOf(phoneApp)).score).toBeGreaterThan(forLaptop.score);
    const laptopShop = await scoreOf(laptop, {
      project: {
        name: 'Lapwise',
        description:
          'Lapwise compares refurbished laptops for freelancers who handle invoices and payment reminders.',
        goal: 'Find freelancers choosing a laptop',
      },
    });
    expect(laptopShop.reason).not.toMatch(/device/);
  });

  it('does not keep a launch or self-promotion', async () => {
    const showHn = post(
      'show',
      "Hi HN, I built Dunnr after chasing my own clients for months. It sends polite payment reminders for overdue invoices on a schedule you set. It's free for 5 clients; I'd love your feedback.",
      { title: 'Show HN: Dunnr – payment reminders for freelancers', network: 'hackernews' },
    );
    const betaTesters = post(
      'beta',
      'We just finished our invoicing app for agencies with automatic payment reminders. Looking for beta testers, DM me for a free year!',
    );
    expect(await keptIds([showHn, betaTesters, latePayers])).toEqual(['late']);
    expect((await scoreOf(showHn)).reason).toMatch(/^Promotes its own product \(“Show HN”\)/);
  });

  it('does not keep a link or news item with no question', async () => {
    const news = post('news', '', {
      title: 'Late payment reminders now required by law for agencies and freelancers',
    });
    expect(await keptIds([news])).toEqual([]);
    expect((await scoreOf(news)).reason).toMatch(/^Is a link or news item with no question/);
  });

  it('does not keep a link passed on with a few words, asking nothing and never speaking of the writer', async () => {
    const passedOn = post(
      'passed',
      'Agencies and freelancers now get a 14-day window before late invoices accrue interest. Payment reminders must state the amount and the due date. https://example.com/news/late-payment-rules',
      { title: 'New rules for payment reminders on late invoices' },
    );
    const mine = post(
      'mine',
      'My clients pay invoices late and I read this about payment reminders: https://example.com/news/late-payment-rules. Does anyone send reminders like that?',
      { title: 'New rules for payment reminders on late invoices' },
    );
    expect((await scoreOf(passedOn)).reason).toMatch(/^Passes on a link and asks nothing/);
    expect((await scoreOf(mine)).reason).not.toMatch(/link/);
    expect(await keptIds([passedOn, askingForTool])).toEqual(['asks']);
  });

  it('does not keep a link post whose text is only its title, as the networks give it', async () => {
    const title = 'A practical guide to payment reminders for agencies that invoice monthly';
    const link = post('link', title, { title });
    expect(await keptIds([link, askingForTool])).toEqual(['asks']);
    expect((await scoreOf(link)).reason).toMatch(/^Is a link or news item with no question/);
  });

  it('does not keep a guide, a tip or a story that asks nothing, and says so', async () => {
    const guide = post(
      'guide',
      'After years of chasing invoices I wrote down how I set up payment reminders for my agency: a polite one at 7 days, a firm one at 14, a call at 30. Hope this helps someone.',
      { title: 'My payment reminders routine (a guide)' },
    );
    expect(await keptIds([guide, askingForTool])).toEqual(['asks']);
    expect((await scoreOf(guide)).reason).toMatch(/^Shares a guide, a tip or a story \(“guide”\)/);
  });

  it("never names a possessive's “'s” as a word the post shares with the product", async () => {
    const kitchen: Partial<RelevanceRequest> = {
      keyword: 'prep list',
      project: {
        name: 'Linecook',
        description:
          "Kitchen management for restaurants: prep lists built from the day's covers and the chef's recipes, inventory counts on a phone.",
        goal: 'Find chefs struggling with prep or inventory',
        keywords: ['prep list', 'inventory'],
      },
    };
    const chef = post(
      'chef',
      "Our chef's prep list is a mess and the day's covers change every hour. How do you build a prep list that keeps up?",
      { title: "How do you build the day's prep list?" },
    );
    const { reason } = await scoreOf(chef, kitchen);
    expect(reason).toMatch(/shares your product's words: /);
    expect(reason).not.toMatch(/words: [^;]*'s/);
  });

  it('does not keep a thank-you or a note of appreciation, however close to the product', async () => {
    const appreciation = post(
      'thanks',
      'I run a tiny agency and chase late invoices every month, and your payment reminders threads saved me. Keep it up, all of you.',
      { title: 'Just want to show you freelancers some appreciation.' },
    );
    const thanks = post(
      'thanks2',
      'Your advice on payment reminders got my late invoices paid. What a month.',
      { title: 'Thanks r/freelance - every late invoice paid this month' },
    );
    expect(await keptIds([appreciation, thanks, askingForTool])).toEqual(['asks']);
    expect((await scoreOf(appreciation)).reason).toMatch(
      /^Shares a guide, a tip or a story \(“Just want to show”\)/,
    );
  });

  it('reads “What am I doing wrong?” and “What’s wrong with me?” as asking for advice', async () => {
    const doingWrong = post(
      'wrong',
      'I send a payment reminder a week after every late invoice and half my clients still pay a month late. What am I doing wrong?',
      { title: 'Late invoices every month' },
    );
    const withMe = post(
      'me',
      "I know I should chase my late invoices every Friday. I have the payment reminders written. Then I don't. What's wrong with me?",
      { title: 'Every week I mean to chase invoices. Then I do not.' },
    );
    expect((await scoreOf(doingWrong)).reason).toMatch(/^Asks for advice \(“What am I doing wrong”\)/);
    expect((await scoreOf(withMe)).reason).toMatch(/^Asks for advice \(“What's wrong with me”\)/);
  });

  it('reads a title that passes a find along (“I figured I’d share it”) as sharing, and a community’s invitation as promotion', async () => {
    const passedAlong = post(
      'along',
      'It sends payment reminders for late invoices on its own and keeps every client in one list. I have been using it for half a year and chase far fewer invoices since.',
      {
        title:
          "I've been using Dunnr for my agency's late invoices and it has really helped. I figured I'd share it with my fellow freelancers.",
      },
    );
    const trick = post(
      'trick',
      'I keep one payment reminder per client in a spreadsheet, with the date of each late invoice beside it. It has saved me a few hours a month.',
      {
        title:
          'Started using a new reminder trick for late invoices...thought it was interesting enough to share',
      },
    );
    const invitation = post(
      'invite',
      'Every month the group chases its late invoices together and shares payment reminders that worked.',
      {
        title:
          'Tired of chasing late invoices alone? Join 130 other freelancers in /r/GetPaidTogether - we begin tomorrow!',
      },
    );
    const praise = post(
      'praise',
      "It sends payment reminders for late invoices on its own and I chase far fewer clients since. I hope some of you find it as helpful as I did. Did I mention it's free?",
      { title: 'Dunnr changed how my agency chases late invoices' },
    );
    expect(await keptIds([passedAlong, trick, invitation, praise, askingForTool])).toEqual(['asks']);
    // A question that wants no answer asks nothing: the story is read as one.
    expect((await scoreOf(praise)).reason).toMatch(
      /^Shares a guide, a tip or a story \(“hope some of you find it”\)/,
    );
    expect((await scoreOf(passedAlong)).reason).toMatch(
      /^Shares a guide, a tip or a story \(“figured I'd share”\)/,
    );
    expect((await scoreOf(trick)).reason).toMatch(
      /^Shares a guide, a tip or a story \(“interesting enough to share”\)/,
    );
    expect((await scoreOf(invitation)).reason).toMatch(
      /^Promotes its own product \(“Join 130 other freelancers in \/r\/GetPaidTogether”\)/,
    );
  });

  it('reads “if anyone has any suggestions” as a guide’s sign-off, and what someone learned as a story', async () => {
    const guide = post(
      'guide',
      'This is a basic guide to payment reminders for agencies, broken down by client size. Small clients: a reminder at 7 days. Large clients: a call at 30. If anyone has any suggestions, please comment.',
      { title: 'Payment reminders by client size' },
    );
    const lessons = post(
      'lessons',
      'Two years of freelancing are behind me and I learned some things about payment reminders and late invoices I would like to pass along to you.',
      { title: 'Finally paid on time! Here is what I learned' },
    );
    expect((await scoreOf(guide)).reason).toMatch(
      /^Shares a guide, a tip or a story \(“This is a basic guide”\)/,
    );
    expect((await scoreOf(lessons)).reason).toMatch(/^Shares a guide, a tip or a story \(“what I learned”\)/);
    expect(await keptIds([guide, lessons, askingForTool])).toEqual(['asks']);
  });

  it('does not keep a rant whose writer asks for no answer, and says so', async () => {
    const rant = post(
      'rant',
      'Third client this month ignoring my payment reminders on overdue invoices. Not really looking for advice, I just need to vent. Any ideas how people put up with this?',
      { title: 'Clients ignoring payment reminders. I need help staying calm (rant)' },
    );
    expect((await scoreOf(rant)).reason).toMatch(/^Vents and asks for no answer \(“\(rant\)”\)/);
    expect(await keptIds([rant, askingForTool])).toEqual(['asks']);
  });

  it('does not keep a post about the community itself', async () => {
    const welcome = post(
      'welcome',
      'We created this subreddit for freelancers chasing late invoices. Are you sending payment reminders? Share what works. Rules: no advertising.',
      { title: 'Welcome! Looking for payment reminders tips? Read this first' },
    );
    expect(await keptIds([welcome, askingForTool])).toEqual(['asks']);
    expect((await scoreOf(welcome)).reason).toMatch(
      /^Is about the community itself \(“created this subreddit”\)/,
    );
  });

  it('counts “how to” and “anyone know” in a story as nothing asked, and in a question as asking', async () => {
    const story = post(
      'story',
      'Last year I finally worked out how to get invoices paid: payment reminders every week, and anyone who knows me knows I hate chasing. Clients pay on time now.',
    );
    const question = post(
      'question',
      'Clients keep paying my invoices late. Does anyone know how to set up payment reminders that go out on their own?',
    );
    expect((await scoreOf(story)).reason).toMatch(/^Describes a problem|^Asks nothing/);
    expect((await scoreOf(question)).reason).toMatch(/^Asks for advice/);
    expect((await scoreOf(question)).score).toBeGreaterThan((await scoreOf(story)).score);
  });

  it('finds the keyword in another order or inflected: “video editing” for “edit video”', async () => {
    const editor: Partial<RelevanceRequest> = {
      keyword: 'edit video',
      project: {
        name: 'ClipForge',
        description: 'Video editing software for creators: a timeline editor with fast exports.',
        goal: 'Find people choosing video editing software',
        keywords: ['edit video', 'premiere'],
      },
    };
    const reordered = post(
      'reordered',
      'Getting into video editing on an old laptop. What is the best program to use?',
    );
    expect((await scoreOf(reordered, editor)).reason).toContain('mentions “video editing”');
    expect((await scoreOf(reordered, editor)).reason).toMatch(
      /^Asks for a tool \(“What is the best program”\)/,
    );
    expect(await keptIds([reordered], editor)).toEqual(['reordered']);
  });

  it('counts a keyword phrase of common words as a word of the product’s world', async () => {
    const editor: Partial<RelevanceRequest> = {
      keyword: 'final cut',
      project: {
        name: 'ClipForge',
        description: 'Video editing software for creators: a timeline editor with fast exports.',
        goal: 'Find people choosing video editing software',
        keywords: ['final cut', 'edit video'],
      },
    };
    const named = post(
      'named',
      'Thinking of moving to Final Cut after years on something else. Is the switch worth it for short films?',
    );
    const apart = post(
      'apart',
      'Thinking of moving after years here. Is the final switch worth it, or should I cut my losses on short films?',
    );
    const phrase = await scoreOf(named, editor);
    const words = await scoreOf(apart, editor);
    expect(phrase.reason).toContain('mentions “final cut”');
    expect(phrase.score).toBeGreaterThanOrEqual(defaultMinScore);
    expect(words.score).toBeLessThan(defaultMinScore);
  });

  it("reads the keyword's sense from the product: late payment on a credit card is no lead for invoicing", async () => {
    const invoicing: Partial<RelevanceRequest> = { keyword: 'late payment' };
    const creditCard = post(
      'card',
      'Autopay failed while I was travelling and I made one late payment on my credit card, 9 days. The bank waived the fee but will this show on my credit report? What should I do?',
      { title: 'One late payment, how bad is it?' },
    );
    const client = post(
      'client',
      'Third month in a row a client makes a late payment on my invoices. I have sent two reminders already. How do you handle this as a freelancer without losing the client?',
      { title: 'Late payment from a client again' },
    );
    expect(await keptIds([creditCard, client], invoicing)).toEqual(['client']);
    expect((await scoreOf(creditCard, invoicing)).reason).toMatch(/no other word of your product's world$/);
    expect((await scoreOf(client, invoicing)).reason).toMatch(
      /shares your product's words: invoices, freelancer, reminders$/,
    );
  });

  it('never counts generic words such as need, pay, time, client or developer as the product’s world', async () => {
    const generic = post(
      'generic',
      'I need a friendly developer who can help. Good time to ask: what do clients pay for the best work?',
    );
    expect((await scoreOf(generic)).reason).toMatch(/no other word of your product's world$/);
  });

  it.each([
    [
      '“any good resources?”',
      'I want to learn SQL for my marketing job. Any good resources?',
      /^Asks for advice \(“Any good resources”\)/,
    ],
    [
      '“where should I start?”',
      'I want to learn SQL this summer but where should I start?',
      /^Asks for advice \(“where should I start”\)/,
    ],
    [
      '“is it possible to…?”',
      'I want to learn SQL before my new job starts. Is it possible to get there in a month of evenings?',
      /^Asks for advice \(“Is it possible to”\)/,
    ],
    [
      '“what is the best format…?”',
      'I learn SQL from exported course videos. What is the best format to export them for my old phone?',
      /^Asks for advice \(“What is the best format”\)/,
    ],
    [
      '“what do you use…”',
      'To learn SQL, what do you use? Books, a course or just practice on real datasets?',
      /^Asks for a tool \(“what do you use”\)/,
    ],
    [
      '“alternatives to…”',
      'I tried to learn SQL on Codecademy but hated it. Alternatives to that for real datasets?',
      /^Asks for a tool \(“Alternatives to”\)/,
    ],
    [
      'a request in Spanish',
      '¿Alguna herramienta para learn SQL con datasets reales? Recomiendan algún curso?',
      /^Asks for a tool/,
    ],
  ])('keeps a post that asks for a way in: %s', async (_, text, reason) => {
    const asks = post('asks', text);
    const tells = post('tells', text.replace(/[^.!]*\?/gu, ' I did it last year with a friend.'));
    const asked = await scoreOf(asks, sqlCourse);
    expect(asked.reason).toMatch(reason);
    expect(asked.score).toBeGreaterThanOrEqual((await scoreOf(tells, sqlCourse)).score + 10);
    expect(await keptIds([asks, tells], sqlCourse)).toContain('asks');
  });

  it('gives a keyword split by a word nearly the full points', async () => {
    const together = post(
      'together',
      'I want to learn SQL for data analysis. Any good resources for beginners?',
    );
    const split = post(
      'split',
      'I want to learn advanced SQL for data analysis. Any good resources for beginners?',
    );
    const scattered = post(
      'scattered',
      'I want to learn data analysis. Any good resources for beginners? I know some SQL.',
    );
    const whole = await scoreOf(together, sqlCourse);
    const apart = await scoreOf(split, sqlCourse);
    const loose = await scoreOf(scattered, sqlCourse);
    expect(apart.score).toBeGreaterThanOrEqual(whole.score * 0.9);
    expect(apart.reason).toContain('mentions “learn advanced sql”');
    expect(loose.score).toBeLessThan(apart.score);
  });

  it('puts a learner first for a product whose goal asks for learners, and says which the post is', async () => {
    const newcomer = post(
      'newcomer',
      'SQL newbie here, three weeks into teaching myself. My query returns every row twice. How do I fix it?',
      { title: 'Duplicate rows in my SQL query?' },
    );
    const practitioner = post(
      'practitioner',
      'Our nightly SQL job returns every row twice since the migration to the new warehouse. How do I fix it?',
      { title: 'Duplicate rows in my SQL query?' },
    );
    const learning = await scoreOf(newcomer, { ...sqlCourse, keyword: 'sql' });
    const working = await scoreOf(practitioner, { ...sqlCourse, keyword: 'sql' });
    expect(learning.reason).toContain('is learning or starting out (“newbie”)');
    expect(working.reason).toContain('does not read as someone learning or starting out');
    expect(learning.score).toBeGreaterThanOrEqual(working.score + 15);
    const deepLearning = post(
      'deep',
      'Do data analysts at your company use deep learning, or is it all SQL and dashboards?',
    );
    expect((await scoreOf(deepLearning, { ...sqlCourse, keyword: 'sql' })).reason).toContain(
      'does not read as someone learning or starting out',
    );
    // Teachers, case studies and machine learning are no learners.
    for (const goal of [
      'Find teachers who struggle with grading',
      'Find researchers who publish case studies',
      'Find teams shipping machine learning models',
    ])
      expect(wantsLearners(goal), goal).toBe(false);
    expect(wantsLearners('Find beginners who want to learn Spanish')).toBe(true);
    // A product whose goal asks for no learners judges the two alike.
    const forPractitioners: Partial<RelevanceRequest> = {
      keyword: 'sql',
      project: {
        name: 'Querybench',
        description: 'A desktop SQL editor that formats queries and shows results side by side.',
        goal: 'Find people stuck on a slow or wrong SQL query',
      },
    };
    const beginner = await scoreOf(newcomer, forPractitioners);
    const expert = await scoreOf(practitioner, forPractitioners);
    expect(beginner.reason).not.toContain('learning');
    expect(Math.abs(beginner.score - expert.score)).toBeLessThanOrEqual(5);
  });

  it('keeps few posts on a quiet day and many on a busy one, the limit only as a ceiling', async () => {
    const asking = (n: number) =>
      post(
        `ask${n}`,
        `Client number ${n} is late again and my invoices pile up. Is there a tool that sends payment reminders for a small agency?`,
      );
    const passing = (n: number) =>
      post(
        `pass${n}`,
        `Day ${n} of my trip: the hotel app sent payment reminders for the room, the beach was lovely.`,
      );
    const quiet = [asking(1), asking(2), ...Array.from({ length: 20 }, (_, n) => passing(n))];
    expect((await keptIds(quiet)).sort()).toEqual(['ask1', 'ask2']);
    const busy = [
      ...Array.from({ length: 30 }, (_, n) => asking(n)),
      ...Array.from({ length: 20 }, (_, n) => passing(n)),
    ];
    expect(await keptIds(busy, { limit: 50 })).toHaveLength(30);
    expect(await keptIds(busy, { limit: 20 })).toHaveLength(20);
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
