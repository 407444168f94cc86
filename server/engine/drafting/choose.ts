import type { ReplyMemory } from './reply-memory';

/** A stable number for a text (FNV-1a), so the same post gets the same draft and posts differ. */
export function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

export interface Chosen {
  /** The alternative's key in the batch's memory. */
  key: string;
  index: number;
  text: string;
}

/**
 * Picks among a part's alternatives for one post: a start fixed by the post's hash, then the first
 * alternative the batch has not used and whose sentences it has not said. When every one has been used,
 * a required part takes the least used one whose filled sentence is still new (an optional part is left
 * out instead).
 */
export class Chooser {
  private turn = 0;

  constructor(
    private readonly seed: number,
    private readonly memory: ReplyMemory,
  ) {}

  pick(group: string, options: readonly string[], required: boolean): Chosen | null {
    if (options.length === 0) return null;
    const start = (this.seed + this.turn * 7) % options.length;
    this.turn += 1;
    const order = options.map((_, i) => (start + i) % options.length);
    const key = (i: number) => `${group}#${i}`;
    const unsaid = order.filter((i) => !this.memory.hasSaid(options[i] ?? ''));
    let index = unsaid.find((i) => this.memory.usesOf(key(i)) === 0);
    if (index === undefined && required) {
      const pool = unsaid.length > 0 ? unsaid : order;
      index = pool.reduce((a, b) => (this.memory.usesOf(key(b)) < this.memory.usesOf(key(a)) ? b : a));
    }
    if (index === undefined) return null;
    return { key: key(index), index, text: options[index] ?? '' };
  }
}
