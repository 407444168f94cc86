import { sentencesOf } from '../language/words';

/** A sentence as a batch compares it: lower case, the words only. */
const sentenceKey = (sentence: string) =>
  sentence
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/**
 * What a batch of replies (a day's drafts for a project) has said so far: the template alternatives it
 * has used and its sentences. A reply written with it picks alternatives not yet used and never says a
 * sentence again.
 */
export class ReplyMemory {
  private readonly alternatives = new Map<string, number>();
  private readonly sentences = new Set<string>();

  /** How many replies of the batch used an alternative (its key: family, part and index). */
  usesOf(alternative: string): number {
    return this.alternatives.get(alternative) ?? 0;
  }

  /** Whether the batch has said any sentence of a text. */
  hasSaid(text: string): boolean {
    return sentencesOf(text).some((sentence) => this.sentences.has(sentenceKey(sentence)));
  }

  remember(alternatives: Iterable<string>, reply: string): void {
    for (const key of alternatives) this.alternatives.set(key, this.usesOf(key) + 1);
    for (const sentence of sentencesOf(reply)) this.sentences.add(sentenceKey(sentence));
  }
}
