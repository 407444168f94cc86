// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { wordDiff } from './word-diff';

const marked = (parts: { text: string; changed: boolean }[]) =>
  parts.map((part) => (part.changed ? `[${part.text}]` : part.text)).join('');

describe('the words two versions of an answer differ in', () => {
  it('marks only the words that differ, on each side, and keeps each text whole', () => {
    const mine = 'Queue the edits locally and send them when the train leaves the tunnel.';
    const theirs = 'Queue the edits on the device and send them when the train leaves the tunnel.';
    const diff = wordDiff(mine, theirs);
    expect(marked(diff.mine)).toBe(
      'Queue the edits [locally ]and send them when the train leaves the tunnel.',
    );
    expect(marked(diff.theirs)).toBe(
      'Queue the edits [on the device ]and send them when the train leaves the tunnel.',
    );
    expect(diff.mine.map((part) => part.text).join('')).toBe(mine);
    expect(diff.theirs.map((part) => part.text).join('')).toBe(theirs);
  });

  it('marks nothing in equal texts, and everything against an empty one', () => {
    expect(wordDiff('Same words.', 'Same words.').mine).toEqual([{ text: 'Same words.', changed: false }]);
    expect(wordDiff('', 'New text here').theirs).toEqual([{ text: 'New text here', changed: true }]);
  });

  it('compares words, not the white space or line breaks between them', () => {
    const diff = wordDiff('One two\nthree', 'One  two three');
    expect(diff.mine.every((part) => !part.changed)).toBe(true);
  });

  it('shows very long texts whole, marked as changed, rather than comparing them slowly', () => {
    const long = (word: string) => Array.from({ length: 2_100 }, (_, n) => `${word}${n}`).join(' ');
    const diff = wordDiff(long('a'), long('b'));
    expect(diff.mine).toHaveLength(1);
    expect(diff.mine[0]?.changed).toBe(true);
  });
});
