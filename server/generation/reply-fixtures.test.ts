import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSafeFetcher } from '../net/safe-fetch';
import { BuiltinDrafter } from './builtin-drafter';
import type { ReplyPost, ReplyProject } from './drafter';
import { nounPhrasesOf } from './nlp';
import { replyCharLimit, replyMaxWords } from './reply-rules';

const fixtures = path.resolve(import.meta.dirname, '../../tests/fixtures/posts');
const read = <T>(file: string): T => JSON.parse(readFileSync(path.join(fixtures, file), 'utf8')) as T;
type FixturePost = ReplyPost & { id: string; project: string };
const posts = read<FixturePost[]>('posts.json');
const projects = read<Record<string, ReplyProject>>('projects.json');

const drafter = new BuiltinDrafter(createSafeFetcher({ allowHosts: [] }));
const words = (text: string) => text.split(/\s+/).filter(Boolean).length;
const mentions = (text: string, name: string) => text.split(name).length - 1;
const projectOf = (post: FixturePost) => {
  const project = projects[post.project];
  if (!project) throw new Error(`No fixture project ${post.project}`);
  return project;
};

/** The post's own noun phrases and keyword, lower case: what "mentions something from its post" looks for. */
function termsOf(post: FixturePost): string[] {
  const text = `${post.title ?? ''}. ${post.content}`;
  const phrases = nounPhrasesOf(text).map((phrase) =>
    phrase
      .filter((word) => !word.stop)
      .map((word) => word.normal)
      .join(' '),
  );
  return [post.keyword.toLowerCase(), ...phrases].filter((term) => term.length >= 4);
}

describe('built-in drafts for 20 fixture posts', async () => {
  const drafts = await Promise.all(
    posts.map(async (post) => ({
      post,
      project: projectOf(post),
      reply: await drafter.draftReply({ post, project: projectOf(post), prompt: '' }),
    })),
  );

  it('covers 20 posts over three projects and several networks', () => {
    expect(posts).toHaveLength(20);
    expect(new Set(posts.map((post) => post.project)).size).toBe(3);
    expect(new Set(posts.map((post) => post.network)).size).toBeGreaterThanOrEqual(5);
  });

  it('all differ, also once the product name is taken out', () => {
    const replies = drafts.map(({ reply }) => reply);
    expect(new Set(replies).size).toBe(replies.length);
    const unnamed = drafts.map(({ reply, project }) => reply.replaceAll(project.name, 'PRODUCT'));
    expect(new Set(unnamed).size).toBe(unnamed.length);
  });

  it.each(posts.map((post, index) => [post.id, index] as const))(
    '%s: mentions something from its post, names the product once, stays within the limits',
    (_id, index) => {
      const { post, project, reply } = drafts[index] ?? {};
      if (!post || !project || reply === undefined) throw new Error('no draft');
      const said = reply.toLowerCase();
      expect(termsOf(post).some((term) => said.includes(term))).toBe(true);
      expect(mentions(reply, project.name)).toBe(1);
      expect(words(reply)).toBeLessThanOrEqual(replyMaxWords);
      const maxChars = replyCharLimit(post.network);
      if (maxChars) expect(reply.length).toBeLessThanOrEqual(maxChars);
      expect(reply).not.toMatch(/#\w/);
    },
  );

  it('adds a link only where the tone of voice asks for one, and then only when the product helps', () => {
    for (const { post, project, reply } of drafts) {
      const linked = /https?:\/\//.test(reply);
      if (post.project !== 'logpond') expect(linked, post.id).toBe(false);
      else expect(linked, post.id).toBe(!/Full disclosure: we make Logpond, but|no pitch here/.test(reply));
      if (linked) expect(reply).toContain(project.url ?? '');
    }
    const logpond = drafts.filter(({ post }) => post.project === 'logpond');
    expect(logpond.some(({ reply }) => reply.includes('https://logpond.example'))).toBe(true);
  });

  it('pitches only where the post is about what the product does', () => {
    const reply = (id: string) => drafts.find(({ post }) => post.id === id)?.reply ?? '';
    expect(reply('reddit-chase-late-invoices')).toContain('sends polite payment reminders');
    expect(reply('reddit-shift-swaps')).toContain('swap shifts');
    for (const offTopic of ['bluesky-rust-async', 'bluesky-second-bakery', 'reddit-freelance-boundaries']) {
      expect(reply(offTopic)).toMatch(/not what this needs|no pitch here/);
    }
  });

  it('answers the point the post makes, in its words', () => {
    const reply = (id: string) => drafts.find(({ post }) => post.id === id)?.reply ?? '';
    expect(reply('reddit-chase-late-invoices')).toMatch(
      /^To chase late invoices without ruining the relationship,/,
    );
    expect(reply('hn-datadog-bill')).toMatch(/Loki/);
    expect(reply('hn-datadog-bill')).toMatch(/OpenSearch/);
    expect(reply('x-when-i-work-or-homebase')).toContain('When I Work');
    expect(reply('bluesky-second-bakery')).toContain('your second bakery location');
    expect(reply('x-net-30-complaint')).toContain('45 days');
  });

  it('writes the formal projects without contractions', () => {
    for (const { post, reply } of drafts) {
      if (post.project === 'rosterly') expect(reply, post.id).not.toMatch(/\b(I'd|it's|don't|shouldn't)\b/);
    }
  });
});
