import { describe, expect, it } from 'vitest';
import { createSafeFetcher } from '../net/safe-fetch';
import { BuiltinDrafter } from './builtin-drafter';
import type { ReplyPost, ReplyProject } from './drafter';
import { replyMaxWords } from './reply-writer';

const drafter = new BuiltinDrafter(createSafeFetcher({ allowHosts: [] }));

const project: ReplyProject = {
  name: 'Invoicely',
  url: 'https://invoicely.example',
  description:
    'Invoicely sends polite payment reminders to clients who pay late, so agencies get paid without awkward emails.',
  goal: 'Find agency owners complaining about clients who pay late',
  tov: 'Write in a warm, conversational voice that speaks to the reader directly as "you", in short, direct sentences, without exclamation marks.',
};

const posts: ReplyPost[] = [
  {
    author: 'studio_ana',
    keyword: 'late payments',
    title: 'How do you chase late payments?',
    content:
      'I run a small design agency. Three clients are 60 days overdue. How do you chase late payments without ruining the relationship?',
  },
  {
    author: 'ops_mike',
    keyword: 'invoicing',
    title: null,
    content:
      'Our invoicing process is a mess of spreadsheets. Every month we lose a day reconciling what was paid.',
  },
  {
    author: 'remote_lee',
    keyword: 'project management',
    title: 'Best project management tool for a remote team of five?',
    content: 'We tried two big names but nothing sticks. Looking for something simple.',
  },
  {
    author: 'tired_dev',
    keyword: 'freelance',
    title: 'Freelance burnout',
    content: 'After four years of freelance work I am exhausted. Clients expect replies at midnight.',
  },
];

const words = (text: string) => text.split(/\s+/).filter(Boolean).length;
const mentions = (text: string, name: string) => text.split(name).length - 1;

describe('the built-in drafter writes replies', () => {
  it('answers each post with its own words, names the product at most once and stays within the limit', async () => {
    const replies = await Promise.all(posts.map((post) => drafter.draftReply({ post, project, prompt: '' })));
    expect(new Set(replies).size).toBe(posts.length);
    expect(replies[0]).toContain('chase late payments');
    expect(replies[1]).toContain('invoicing process');
    expect(replies[2]).toContain('project management');
    expect(replies[3]).toContain('freelance');
    for (const reply of replies) {
      expect(words(reply)).toBeLessThanOrEqual(replyMaxWords);
      expect(mentions(reply, 'Invoicely')).toBeLessThanOrEqual(1);
      expect(reply).not.toContain('https://');
    }
  });

  it('names the product, with a disclosure, only when the post is about what it does', async () => {
    const [late, , tools, burnout] = await Promise.all(
      posts.map((post) => drafter.draftReply({ post, project, prompt: '' })),
    );
    expect(late).toContain('payment reminders');
    expect(late).toMatch(/(?:disclosure|transparency)[^.]*I work on/i);
    expect(tools).not.toContain('Invoicely');
    expect(burnout).not.toContain('Invoicely');
  });

  it('follows the prompt: shorter, more formal, and something to mention', async () => {
    const post = posts[0] as ReplyPost;
    const plain = await drafter.draftReply({ post, project, prompt: '' });
    const shorter = await drafter.draftReply({ post, project, prompt: 'shorter' });
    expect(words(shorter)).toBeLessThan(words(plain));
    expect(words(shorter)).toBeLessThanOrEqual(40);
    const formal = await drafter.draftReply({ post, project, prompt: 'more formal, mention the free plan' });
    expect(formal).not.toBe(plain);
    expect(formal).not.toMatch(/I'd|it's/);
    expect(formal).toContain('the free plan');
    expect(mentions(formal, 'Invoicely')).toBe(1);
  });

  it('adds the link only when the tone of voice asks for one', async () => {
    const reply = await drafter.draftReply({
      post: posts[0] as ReplyPost,
      project: { ...project, tov: 'Clear and professional. Always include a link to the website.' },
      prompt: '',
    });
    expect(reply).toContain('https://invoicely.example');
    expect(words(reply)).toBeLessThanOrEqual(replyMaxWords);
  });

  it('keeps a long prompt within the limit', async () => {
    const reply = await drafter.draftReply({
      post: posts[1] as ReplyPost,
      project,
      prompt: `mention ${'that the reminders can be scheduled weekly '.repeat(10)}`,
    });
    expect(words(reply)).toBeLessThanOrEqual(replyMaxWords);
  });
});

describe('the product sentence a built-in draft names', () => {
  it('is the description’s sentence about what the post asks for beyond its keyword', async () => {
    const listApp: ReplyProject = {
      name: 'Listwise',
      url: null,
      description:
        'Listwise is a to-do list app for phones and the web. It sorts tasks into projects and categories, and puts dated tasks on your calendar.',
      goal: 'Find people looking for a to-do list app',
      tov: 'Friendly and brief',
    };
    const reply = await drafter.draftReply({
      post: {
        author: 'planner_jo',
        keyword: 'to-do list app',
        title: 'Looking for a to-do list app with multiple categories',
        content:
          'I want separate lists for work, home and goals for the month, each in its own category. Any ideas?',
      },
      project: listApp,
      prompt: '',
    });
    expect(reply).toContain('sorts tasks into projects and categories');
    expect(reply).not.toContain('is a to-do list app for phones');
  });
});

describe('the product in a reply', () => {
  it('says what the product is after its name when the description opens with it ("Draftwell, a writing app…")', async () => {
    const draftwell: ReplyProject = {
      name: 'Draftwell',
      url: '',
      description:
        'A writing app for novelists: outline chapters and scenes, keep characters and notes beside the draft, and share chapters with beta readers.',
      goal: 'Writers stuck on a novel or looking for feedback on their draft',
      tov: 'Write in a warm, conversational voice, without exclamation marks.',
    };
    const reply = await drafter.draftReply({
      post: {
        author: 'quill',
        keyword: 'novel',
        title: 'Stuck halfway through my novel outline',
        content:
          'I have the characters and the first chapters of my novel, but the outline falls apart in the middle and I cannot get the scenes to connect. How do you outline the middle of a novel?',
      },
      project: draftwell,
      prompt: '',
    });
    expect(reply).toMatch(/Draftwell, a writing app for novelists/);
    expect(reply).not.toMatch(/Draftwell, and a /);
  });

  it('says a project left unnamed as what it is, never "My product"', async () => {
    const reply = await drafter.draftReply({
      post: {
        author: 'sous',
        keyword: 'food cost',
        title: 'How do you keep food cost under 30%?',
        content:
          'Our food cost went to 38% this quarter. Prep lists are guesswork and inventory counts happen once a month. How do you keep food cost under 30% with prep lists and inventory counts?',
      },
      project: {
        name: 'My product',
        url: '',
        description:
          "Kitchen management for restaurants: recipe costing that keeps food cost in check, prep lists built from the day's covers and inventory counts on a phone.",
        goal: 'Find chefs struggling with food cost, prep or inventory',
        tov: 'Write in a plain voice, without exclamation marks.',
      },
      prompt: '',
    });
    expect(reply).toMatch(/I work on kitchen management for restaurants: recipe costing/);
    expect(reply).not.toMatch(/My product/);
  });

  it('keeps the capital of a name that opens the description, for a project that has none of its own', async () => {
    const reply = await drafter.draftReply({
      post: {
        author: 'nomad',
        keyword: 'travel budget',
        title: 'How do you keep a travel budget across currencies?',
        content:
          'I am planning a solo trip through six countries and my travel budget falls apart every time the currency changes. How do you keep a travel budget across currencies?',
      },
      project: {
        name: 'My product',
        url: '',
        description:
          'Tripnote plans solo trips: a day-by-day itinerary, a travel budget that tracks spending in any currency, and hostels rated by solo travellers.',
        goal: 'Find solo travellers struggling with a travel budget',
        tov: 'Write in a plain voice, without exclamation marks.',
      },
      prompt: '',
    });
    expect(reply).toMatch(/Tripnote plans solo trips/);
    expect(reply).not.toMatch(/tripnote/);
  });
});
