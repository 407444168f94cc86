import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { replyCharLimit, replyMaxWords } from '../engine/drafting/reply-rules';
import { createSafeFetcher } from '../net/safe-fetch';
import { BuiltinDrafter } from './builtin-drafter';
import type { ReplyPost, ReplyProject } from './drafter';
import { nounPhrasesOf } from './nlp';
import { ReplyMemory } from './reply-writer';

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

const sentences = (text: string) => text.split(/(?<=[.!?)])\s+(?=[A-Z])/).filter(Boolean);

describe('built-in drafts for 20 fixture posts, written as one day', async () => {
  // One day's drafts share what they have said, the way a discovery run drafts them.
  const batch = new ReplyMemory();
  const drafts: Array<{ post: FixturePost; project: ReplyProject; reply: string }> = [];
  for (const post of posts) {
    const project = projectOf(post);
    drafts.push({ post, project, reply: await drafter.draftReply({ post, project, prompt: '', batch }) });
  }
  const reply = (id: string) => drafts.find(({ post }) => post.id === id)?.reply ?? '';

  it('covers 20 posts over three projects and several networks', () => {
    expect(posts).toHaveLength(20);
    expect(new Set(posts.map((post) => post.project)).size).toBe(3);
    expect(new Set(posts.map((post) => post.network)).size).toBeGreaterThanOrEqual(5);
  });

  it('never says the same sentence twice in a day, also once the product name is taken out', () => {
    const said = drafts.flatMap(({ reply, project }) =>
      sentences(reply.replaceAll(project.name, 'PRODUCT')).map((sentence) => sentence.toLowerCase()),
    );
    expect(said.filter((sentence, index) => said.indexOf(sentence) !== index)).toEqual([]);
  });

  it.each(posts.map((post, index) => [post.id, index] as const))(
    '%s: mentions something from its post, names the product at most once, stays within the limits',
    (_id, index) => {
      const { post, project, reply } = drafts[index] ?? {};
      if (!post || !project || reply === undefined) throw new Error('no draft');
      const said = reply.toLowerCase();
      expect(termsOf(post).some((term) => said.includes(term))).toBe(true);
      expect(mentions(reply, project.name)).toBeLessThanOrEqual(1);
      expect(words(reply)).toBeLessThanOrEqual(replyMaxWords);
      const maxChars = replyCharLimit(post.network);
      if (maxChars) expect(reply.length).toBeLessThanOrEqual(maxChars);
      expect(reply).not.toMatch(/#\w/);
      expect(reply).not.toContain('…');
    },
  );

  it('names the product in one complete sentence, with a disclosure, never cut short', () => {
    for (const { post, project, reply } of drafts) {
      const named = sentences(reply).filter((sentence) => sentence.includes(project.name));
      if (named.length === 0) continue;
      expect(named, post.id).toHaveLength(1);
      expect(named[0], post.id).toMatch(/[.)]$/);
      expect(named[0], post.id).toMatch(/disclosure|transparency|I work on|we make/i);
    }
  });

  it('adds a link only where the tone of voice asks for one, and then only beside the product', () => {
    for (const { post, project, reply } of drafts) {
      const linked = /https?:\/\//.test(reply);
      expect(linked, post.id).toBe(post.project === 'logpond' && reply.includes(project.name));
      if (linked) expect(reply).toContain(project.url ?? '');
    }
    expect(reply('hn-datadog-bill')).toContain('https://logpond.example');
  });

  it('names the product only where the post is about what it does', () => {
    expect(reply('reddit-chase-late-invoices')).toContain('sends polite payment reminders');
    expect(reply('reddit-shift-swaps')).toContain('swap shifts');
    for (const offTopic of ['bluesky-rust-async', 'bluesky-second-bakery', 'reddit-freelance-boundaries']) {
      const { project } = drafts.find(({ post }) => post.id === offTopic) ?? {};
      expect(reply(offTopic)).not.toContain(project?.name ?? '?');
    }
  });

  it('answers the point the post makes, in its words', () => {
    expect(reply('reddit-chase-late-invoices')).toMatch(
      /^To chase late invoices without ruining the relationship,/,
    );
    expect(reply('hn-datadog-bill')).toMatch(/Loki/);
    expect(reply('hn-datadog-bill')).toMatch(/OpenSearch/);
    expect(reply('x-when-i-work-or-homebase')).toContain('When I Work');
    expect(reply('bluesky-second-bakery')).toContain('your second bakery location');
    expect(reply('reddit-alert-fatigue')).toContain('five engineers');
  });

  it('writes the formal projects without contractions', () => {
    for (const { post, reply } of drafts) {
      if (post.project === 'rosterly') expect(reply, post.id).not.toMatch(/\b(I'd|it's|don't|shouldn't)\b/);
    }
  });
});
