import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ReplyMemory } from './reply-memory';
import { replyCharLimit, replyMaxWords } from './reply-rules';
import { type DraftPost, type DraftProject, intentOf, writeReply } from './write-reply';

const fixtures = path.resolve(import.meta.dirname, '../../../tests/fixtures/posts');
const read = <T>(file: string): T => JSON.parse(readFileSync(path.join(fixtures, file), 'utf8')) as T;
type FixturePost = DraftPost & { id: string; project: string };
const posts = read<FixturePost[]>('posts.json');
const projects = read<Record<string, DraftProject>>('projects.json');

const words = (text: string) => text.split(/\s+/).filter(Boolean).length;
const sentences = (text: string) => text.split(/(?<=[.!?)])\s+(?=[A-Z])/).filter(Boolean);

describe("a day's built-in drafts for 20 posts over three projects and six networks", () => {
  // One day's drafts share what they have said, the way a discovery run drafts them.
  const batch = new ReplyMemory();
  const drafts = posts.map((post) => {
    const project = projects[post.project];
    if (!project) throw new Error(`No fixture project ${post.project}`);
    return { post, project, intent: intentOf(post), reply: writeReply({ post, project, prompt: '', batch }) };
  });

  it('never say the same sentence twice, also once the product name is taken out', () => {
    const said = drafts.flatMap(({ reply, project }) =>
      sentences(reply.replaceAll(project.name, 'PRODUCT')).map((sentence) => sentence.toLowerCase()),
    );
    expect(said.filter((sentence, index) => said.indexOf(sentence) !== index)).toEqual([]);
  });

  it('each say what their post is about, within 80 words and the network’s limit, with no hashtag', () => {
    for (const { post, reply } of drafts) {
      expect(reply, post.id).toContain(post.keyword);
      expect(words(reply), post.id).toBeLessThanOrEqual(replyMaxWords);
      const limit = replyCharLimit(post.network);
      if (limit) expect(reply.length, post.id).toBeLessThanOrEqual(limit);
      expect(reply, post.id).not.toMatch(/#\w|…/);
    }
  });

  it('name the product only in replies to a post asking for a tool or complaining, once, with a disclosure', () => {
    for (const { post, project, intent, reply } of drafts) {
      const naming = sentences(reply).filter((sentence) => sentence.includes(project.name));
      expect(naming.length, post.id).toBeLessThanOrEqual(
        intent === 'asks-tool' || intent === 'complains' ? 1 : 0,
      );
      for (const sentence of naming) expect(sentence, post.id).toMatch(/disclosure|transparency/i);
    }
  });

  it('add a link only beside the product, and only where the tone of voice asks for one', () => {
    for (const { post, project, reply } of drafts) {
      if (!reply.includes('http')) continue;
      expect(post.project, post.id).toBe('logpond');
      expect(reply, post.id).toContain(project.url ?? '?');
      expect(reply, post.id).toContain(project.name);
    }
  });

  it('write the project whose tone of voice is professional without contractions', () => {
    for (const { post, reply } of drafts)
      if (post.project === 'rosterly') expect(reply, post.id).not.toMatch(/\b\w+'(?:s|d|ll|re|ve|m|t)\b/);
  });

  it('answer a long post from its opening, briefly and whole', () => {
    const long = posts[0] as FixturePost;
    const reply = writeReply({
      post: { ...long, content: `${long.content} ${'More detail about the same problem. '.repeat(300)}` },
      project: projects[long.project] as DraftProject,
      prompt: '',
    });
    expect(words(reply)).toBeLessThanOrEqual(replyMaxWords);
    expect(reply).toMatch(/[.?!)]$/);
  });
});
