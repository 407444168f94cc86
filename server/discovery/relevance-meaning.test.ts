import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { type Meaning, meaningText, sentenceEncoder } from './meaning';
import { createRelevance } from './relevance';
import type { RelevanceRequest, SourcePost } from './types';

const now = new Date('2025-03-05T12:00:00Z');

function post(externalId: string, title: string, content: string): SourcePost {
  return {
    externalId,
    network: 'reddit',
    author: `author_${externalId}`,
    title,
    content,
    url: `https://www.reddit.com/r/freelance/comments/${externalId}`,
    publishedAt: new Date(now.getTime() - 2 * 3_600_000),
  };
}

const request: RelevanceRequest = {
  keyword: 'payment reminders',
  filter: null,
  project: {
    name: 'Tallybird',
    description:
      'Tallybird sends automatic, polite payment reminders for agencies and freelancers so invoices get paid on time.',
    goal: 'Find agency owners and freelancers complaining about clients who pay invoices late',
  },
  since: new Date(now.getTime() - 86_400_000),
  until: now,
  seen: { ids: new Set(), texts: new Set() },
  limit: 20,
};

// Both ask for a tool and name the keyword; only the first has the product's problem.
const agency = post(
  'agency',
  'Tool for automatic payment reminders?',
  'I run a small design agency and three clients are 45+ days late on their invoices. Chasing them by email eats my week. Is there a tool that sends payment reminders automatically?',
);
const ownBills = post(
  'bills',
  'Any app for payment reminders?',
  'I keep forgetting to pay my own phone bill and the gym membership, and last month I paid a late fee twice. Is there an app that sends me payment reminders before my bills are due?',
);
const unrelated = post(
  'recipe',
  'Sourdough starter smells like nail polish',
  'My sourdough starter is two weeks old and smells like acetone. I feed it twice a day with rye flour. Should I throw it away or keep feeding it?',
);

describe('relevance weighed by meaning (the sentence encoder)', () => {
  const encoder = sentenceEncoder();

  it('finds a post on the product’s problem closer than one on another problem with the same words', {
    timeout: 60_000,
  }, async () => {
    const project = `${request.project.description} ${request.project.goal}`;
    const [toAgency, toBills, toRecipe] = await encoder.similarities(
      project,
      [agency, ownBills, unrelated].map(meaningText),
    );
    expect(toAgency).toBeGreaterThan(toBills ?? 1);
    expect(toBills).toBeGreaterThan(toRecipe ?? 1);
    expect(toAgency).toBeGreaterThan(0.5);
    expect(toRecipe).toBeLessThan(0.3);
  });

  it('lowers the score of a post in another sense of the keyword more than the lead’s, and says so', {
    timeout: 60_000,
  }, async () => {
    const lexical = await createRelevance({ threshold: 0 }).rank([agency, ownBills], request);
    const weighed = await createRelevance({ threshold: 0, DISCOVERY_MEANING: 'on' }).rank(
      [agency, ownBills],
      request,
    );
    const scoreOf = (ranked: typeof lexical, id: string) =>
      ranked.find((scored) => scored.post.externalId === id)?.score ?? 0;
    expect(weighed[0]?.post.externalId).toBe('agency');
    const kept = scoreOf(weighed, 'agency') / scoreOf(lexical, 'agency');
    const lowered = scoreOf(weighed, 'bills') / scoreOf(lexical, 'bills');
    expect(lowered).toBeLessThan(kept);
    expect(weighed[0]?.reason).toMatch(/; close in meaning to your description \(0\.\d\d\)$/);
    expect(weighed[1]?.reason).toMatch(
      /; (partly about what your product does|far in meaning from your description) \(0\.\d\d\)$/,
    );
  });

  it('reads for meaning only the posts that could reach the threshold', async () => {
    const read: string[][] = [];
    const counting: Meaning = {
      similarities: async (_project, texts) => {
        read.push([...texts]);
        return texts.map(() => 0.6);
      },
    };
    const ranked = await createRelevance({ meaning: counting }).rank([agency, unrelated], request);
    expect(ranked.map((scored) => scored.post.externalId)).toEqual(['agency']);
    expect(read).toEqual([[meaningText(agency)]]);
  });

  it('keeps the lexical scores when the encoder fails, and says so in the log', async () => {
    const warnings: string[] = [];
    const failing: Meaning = {
      similarities: async () => {
        throw new Error('the model could not be loaded');
      },
    };
    const logger = pino({ level: 'warn' }, { write: (line: string) => warnings.push(JSON.parse(line).msg) });
    const lexical = await createRelevance({}).rank([agency, ownBills], request);
    const weighed = await createRelevance({ meaning: failing }, logger).rank([agency, ownBills], request);
    expect(weighed).toEqual(lexical);
    expect(warnings).toEqual(['reading posts for meaning failed; using lexical scores']);
  });

  it('is off unless asked for: DISCOVERY_MEANING=off, or plain options without it', async () => {
    for (const relevance of [createRelevance({ DISCOVERY_MEANING: 'off' }), createRelevance({})]) {
      const [best] = await relevance.rank([agency], request);
      expect(best?.reason).not.toMatch(/meaning|what your product does/);
    }
  });
});
