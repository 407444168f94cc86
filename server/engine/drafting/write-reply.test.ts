import { describe, expect, it } from 'vitest';
import type { Intent } from '../intent/intent';
import { ReplyMemory } from './reply-memory';
import { type DraftPost, type DraftProject, intentOf, writeReply } from './write-reply';

const listwise: DraftProject = {
  name: 'Listwise',
  url: 'https://listwise.example',
  description:
    'Listwise is a to-do list app for Android, iPhone and the web. It sorts tasks into projects and categories.',
  tov: 'Write in a warm, conversational voice, in short, direct sentences, without exclamation marks.',
};

/** A real post's words (Reddit, 2013): the classifier reads it as asking for a tool. */
const asksForApps: DraftPost = {
  keyword: 'to-do list apps',
  network: 'reddit',
  title: 'Best to-do list apps for Android?',
  content:
    'Just bought an Android phone and am looking to get some useful apps to help out. Any good recommendations for to-do/reminder apps? or decent productivity boosting apps for Android in general?',
};

/** A real post's words (Reddit, 2012): the classifier reads it as asking for help. */
const asksForHelp: DraftPost = {
  keyword: 'formula',
  network: 'reddit',
  title: 'Apply formating, say a formula, to many thousands of rows?',
  content:
    'Instead of having to drag the little corner box down many hundreds of thousands of rows. How do I apply the formula, say a vlookup, to all those rows without having to drag down for 15 mins while my computer freezes?',
};

const words = (text: string) => text.split(/\s+/).filter(Boolean).length;
const mentions = (text: string, name: string) => text.split(name).length - 1;
const sentences = (text: string) => text.split(/(?<=[.!?)])\s+(?=[A-Z])/).filter(Boolean);
const contraction = /\b\w+(?:'|’)(?:s|d|ll|re|ve|m|t)\b/i;

describe('the built-in writer answers what the post does', () => {
  it('names the product as one honest option, with a disclosure, to a post asking for a tool', () => {
    expect(intentOf(asksForApps)).toBe('asks-tool');
    const reply = writeReply({ post: asksForApps, project: listwise, prompt: '' });
    expect(mentions(reply, 'Listwise')).toBe(1);
    const naming = sentences(reply).find((sentence) => sentence.includes('Listwise')) ?? '';
    expect(naming).toMatch(/disclosure|transparency/i);
    expect(naming).toContain('I work on');
    expect(naming).toContain('a to-do list app for Android, iPhone and the web');
    expect(reply).toContain('to-do list apps');
  });

  it('gives a post asking for help a first step and one question back, without a pitch', () => {
    expect(intentOf(asksForHelp)).toBe('asks-help');
    const reply = writeReply({ post: asksForHelp, project: listwise, prompt: '' });
    expect(reply).toContain('formula');
    expect(reply).not.toContain('Listwise');
    expect(reply).not.toMatch(/disclosure|I work on/i);
    expect(reply.trim()).toMatch(/\?$/);
    expect(reply.split('?')).toHaveLength(2);
  });

  it('acknowledges a complaint and offers the product as an alternative, with a disclosure', () => {
    const reply = writeReply({
      post: {
        keyword: 'to-do list',
        title: 'My to-do list app lost a week of tasks after the update',
        content: 'Third time this year. I am done with it.',
      },
      project: listwise,
      prompt: '',
      intent: 'complains',
    });
    expect(mentions(reply, 'Listwise')).toBe(1);
    expect(reply).toMatch(/disclosure|transparency/i);
    expect(reply).toContain('to-do list');
  });

  it.each<Intent>(['promotes', 'news', 'job', 'other'])(
    'engages briefly with a post that %s, and does not pitch',
    (intent) => {
      const reply = writeReply({
        post: { keyword: 'to-do list', title: 'Something about to-do lists', content: 'A post.' },
        project: listwise,
        prompt: '',
        intent,
      });
      expect(reply).toContain('to-do list');
      expect(reply).not.toContain('Listwise');
      expect(words(reply)).toBeLessThanOrEqual(40);
    },
  );

  it('gives the same post the same draft, and different posts different drafts', () => {
    const draft = (post: DraftPost) => writeReply({ post, project: listwise, prompt: '' });
    expect(draft(asksForApps)).toBe(draft(asksForApps));
    expect(draft(asksForApps)).not.toBe(draft({ ...asksForApps, content: `${asksForApps.content} Thanks!` }));
  });
});

describe("the built-in writer honours the person's prompt", () => {
  it('halves the length limit when asked for "shorter": 40 words, only the parts the post needs', () => {
    for (const post of [asksForApps, asksForHelp]) {
      const plain = writeReply({ post, project: listwise, prompt: '' });
      const shorter = writeReply({ post, project: listwise, prompt: 'shorter' });
      expect(words(shorter)).toBeLessThanOrEqual(40);
      expect(words(shorter)).toBeLessThan(words(plain) * 0.8);
      expect(sentences(shorter).length).toBeLessThan(sentences(plain).length);
    }
    // the product is still named with its disclosure when the reply gets shorter
    const shorter = writeReply({ post: asksForApps, project: listwise, prompt: 'make it shorter please' });
    expect(shorter).toMatch(
      /Listwise[^.]*(?:disclosure|transparency)|(?:disclosure|transparency)[^.]*Listwise/i,
    );
  });

  it('changes the register when asked to be "more formal": no contractions', () => {
    const plain = writeReply({ post: asksForApps, project: listwise, prompt: '' });
    const formal = writeReply({ post: asksForApps, project: listwise, prompt: 'more formal' });
    expect(plain).toMatch(contraction);
    expect(formal).not.toBe(plain);
    expect(formal).not.toMatch(contraction);
    expect(mentions(formal, 'Listwise')).toBe(1);
  });

  it('writes a professional tone of voice formally, unless the prompt asks for casual', () => {
    const professional = {
      ...listwise,
      tov: 'Write in a clear, professional voice, without exclamation marks.',
    };
    expect(writeReply({ post: asksForApps, project: professional, prompt: '' })).not.toMatch(contraction);
    expect(writeReply({ post: asksForApps, project: professional, prompt: 'less formal' })).toMatch(
      contraction,
    );
  });

  it('adds what "mention the free plan" asks for, and keeps a long request within 80 words', () => {
    const reply = writeReply({
      post: asksForHelp,
      project: listwise,
      prompt: 'more formal, mention the free plan',
    });
    expect(reply).toContain('the free plan');
    expect(reply).not.toMatch(contraction);
    const long = writeReply({
      post: asksForApps,
      project: listwise,
      prompt: `mention ${'that the reminders can be scheduled weekly '.repeat(10)}`,
    });
    expect(words(long)).toBeLessThanOrEqual(80);
    expect(long).toContain('the reminders can be scheduled');
  });

  it('discloses whenever the product is named, also where the prompt names it', () => {
    const reply = writeReply({
      post: asksForHelp,
      project: listwise,
      prompt: 'mention that Listwise is free',
    });
    expect(reply).toContain('Listwise is free');
    expect(reply).toMatch(/Disclosure: I work on Listwise|transparency, I work on Listwise/);
  });
});

describe('the built-in writer fits the network', () => {
  it('fits a reply to an X post in 280 characters, and one to Bluesky in 300, still naming the product whole', () => {
    const querybench: DraftProject = {
      name: 'Querybench',
      url: 'https://querybench.example',
      description:
        'Querybench is a desktop SQL editor that connects to PostgreSQL, MySQL, SQL Server, Oracle and SQLite from one window. It autocompletes tables and columns.',
      tov: 'Plain and technical, speaking as the team behind the product ("we"). Include a link to the website.',
    };
    for (const [network, limit] of [
      ['x', 280],
      ['bluesky', 300],
    ] as const) {
      const reply = writeReply({
        post: { ...asksForApps, keyword: 'SQL editor', network },
        project: querybench,
        prompt: '',
      });
      expect(reply.length).toBeLessThanOrEqual(limit);
      expect(reply).toContain('Querybench');
      expect(reply).toMatch(/we make/);
      expect(reply).toContain('https://querybench.example');
      expect(reply).not.toContain('…');
    }
  });

  it('adds the link only when the tone of voice asks, and never to a reply that does not name the product', () => {
    const linking = { ...listwise, tov: 'Friendly. Include a link to the website when the product helps.' };
    expect(writeReply({ post: asksForApps, project: linking, prompt: '' })).toContain(
      'https://listwise.example',
    );
    expect(writeReply({ post: asksForHelp, project: linking, prompt: '' })).not.toContain('https://');
    const never = { ...listwise, tov: 'Friendly. Never include links.' };
    expect(writeReply({ post: asksForApps, project: never, prompt: '' })).not.toContain('https://');
  });
});

describe('the product in a built-in reply', () => {
  it('is said as what it is when the project is left unnamed', () => {
    const reply = writeReply({
      post: asksForApps,
      project: {
        name: '',
        url: null,
        description:
          "Kitchen management for restaurants: recipe costing that keeps food cost in check, prep lists built from the day's covers.",
        tov: 'Plain.',
      },
      prompt: '',
    });
    expect(reply).toContain('kitchen management for restaurants');
    expect(reply).toMatch(/disclosure|transparency/i);
    expect(reply).not.toMatch(/My product|\(\)|undefined/);
  });

  it('takes the name a description opens with, for a project that has none of its own', () => {
    const reply = writeReply({
      post: asksForApps,
      project: {
        name: '',
        url: null,
        description: 'Tripnote plans solo trips: a day-by-day itinerary.',
        tov: '',
      },
      prompt: '',
    });
    expect(reply).toContain('Tripnote, which plans solo trips');
  });

  it('follows its name with what it is when the description does not open with the name', () => {
    const reply = writeReply({
      post: asksForApps,
      project: {
        name: 'Draftwell',
        url: null,
        description: 'A writing app for novelists: outline chapters and scenes, keep notes beside the draft.',
        tov: '',
      },
      prompt: '',
    });
    expect(reply).toContain('Draftwell (a writing app for novelists)');
  });

  it('never shares a sentence with another reply of its batch', () => {
    const batch = new ReplyMemory();
    const replies = ['a', 'b', 'c', 'd', 'e', 'f'].map((letter) =>
      writeReply({
        post: { ...asksForApps, content: `${asksForApps.content} ${letter}` },
        project: listwise,
        prompt: '',
        batch,
      }),
    );
    const said = replies.flatMap((reply) => sentences(reply).map((sentence) => sentence.toLowerCase()));
    expect(said.filter((sentence, index) => said.indexOf(sentence) !== index)).toEqual([]);
    expect(replies.every((reply) => mentions(reply, 'Listwise') === 1)).toBe(true);
  });
});
