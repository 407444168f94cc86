/**
 * The built-in drafts for 20 real public posts, written as one day's batch (`real-drafts.ts`): read in
 * a row, no sentence and no phrasing recurs, and each picks up something its own post says. Skipped
 * when the real-posts dataset is absent.
 */
import { describe, expect, it } from 'vitest';
import { replyCharLimit } from '../../server/engine/drafting/reply-rules';
import { readPostPoint, stemsOf } from '../../server/generation/post-point';
import { draftRealPosts, realPostsFile } from './real-drafts';

const drafts = draftRealPosts();
const sentencesOf = (text: string) => text.split(/(?<=[.!?)])\s+(?=[A-Z])/).filter(Boolean);
const tokensOf = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}'-]+/gu) ?? [];

describe.skipIf(!drafts)(`built-in drafts for 20 real posts (${realPostsFile()})`, () => {
  const all = drafts ?? [];

  it('are 20, over four products', () => {
    expect(all).toHaveLength(20);
    expect(new Set(all.map((draft) => draft.slug)).size).toBe(4);
  });

  it('never share a sentence, also once the product name is taken out', () => {
    const said = all.flatMap(({ reply, project }) =>
      sentencesOf(reply.replaceAll(project.name, 'PRODUCT')).map((sentence) => sentence.toLowerCase()),
    );
    expect(said.filter((sentence, index) => said.indexOf(sentence) !== index)).toEqual([]);
  });

  it('never share a phrasing, even with other words in its slots', () => {
    // Runs of six words two drafts share once each post's and product's own words are masked out.
    const seen = new Map<string, number>();
    for (const [index, { reply, request, project }] of all.entries()) {
      const own = new Set(tokensOf(`${request.title ?? ''} ${request.content} ${project.description}`));
      const tokens = tokensOf(reply).map((word) => (own.has(word) ? '*' : word));
      for (let start = 0; start + 6 <= tokens.length; start++) {
        const run = tokens.slice(start, start + 6);
        if (run.filter((word) => word !== '*').length < 5) continue;
        const key = run.join(' ');
        const earlier = seen.get(key);
        expect(earlier === undefined || earlier === index, `"${key}" in drafts ${earlier} and ${index}`).toBe(
          true,
        );
        seen.set(key, index);
      }
    }
  });

  it('each mention something from the point their own post makes, within the network’s limit', () => {
    for (const { reply, request } of all) {
      const point = readPostPoint(request);
      const pointStems = stemsOf(`${point.sentence} ${point.topic}`);
      const replyStems = stemsOf(reply);
      expect(
        [...pointStems].some((stem) => replyStems.has(stem)),
        `${request.title}: ${reply}`,
      ).toBe(true);
      const limit = replyCharLimit(request.network);
      if (limit) expect(reply.length).toBeLessThanOrEqual(limit);
    }
  });

  it('name the product, if at all, once and in a whole sentence with a disclosure', () => {
    for (const { reply, project } of all) {
      const naming = sentencesOf(reply).filter((sentence) => sentence.includes(project.name));
      expect(naming.length, reply).toBeLessThanOrEqual(1);
      for (const sentence of naming) {
        expect(sentence, reply).toMatch(/disclosure|transparency|I work on|we make/i);
        expect(sentence, reply).toMatch(/[.!?)]$/);
      }
    }
  });
});
