/**
 * The built-in drafts for 20 real public posts, written as one day's batch (`real-drafts.ts`): read in
 * a row, no sentence recurs; each says what its post is about and keeps to the limits; the product is
 * named only where the post asks for a tool or complains, with a disclosure. Skipped when the datasets
 * are absent.
 */
import { describe, expect, it } from 'vitest';
import { datasetDir } from '../../corpus/dataset';
import { replyCharLimit, replyMaxWords } from '../../server/engine/drafting/reply-rules';
import { draftRealPosts } from './real-drafts';

const drafts = draftRealPosts();
const sentencesOf = (text: string) => text.split(/(?<=[.!?)])\s+(?=[A-Z])/).filter(Boolean);
const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

describe.skipIf(!drafts)(`built-in drafts for 20 real posts (${datasetDir()})`, () => {
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

  it('each say what their post is about, within 80 words and the network’s limit', () => {
    for (const { reply, request } of all) {
      expect(reply, reply).toContain(request.keyword);
      expect(words(reply), reply).toBeLessThanOrEqual(replyMaxWords);
      const limit = replyCharLimit(request.network);
      if (limit) expect(reply.length).toBeLessThanOrEqual(limit);
    }
  });

  it('name the product only where the post asks for a tool or complains, once, with a disclosure', () => {
    for (const { reply, project, intent } of all) {
      const naming = sentencesOf(reply).filter((sentence) => sentence.includes(project.name));
      const pitches = intent === 'asks-tool' || intent === 'complains';
      expect(naming.length, reply).toBe(pitches ? 1 : 0);
      for (const sentence of naming)
        expect(sentence, reply).toMatch(/(?:disclosure|transparency)[^.]*(?:I work on|we make)/i);
    }
  });

  it('answer a request for help with a question back', () => {
    const help = all.filter(({ intent }) => intent === 'asks-help');
    expect(help.length).toBeGreaterThan(5);
    for (const { reply } of help) expect(reply.trim(), reply).toMatch(/\?$/);
  });
});
