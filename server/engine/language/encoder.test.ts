import { describe, expect, it } from 'vitest';
import { cosine, embed, wordVectors } from './encoder';
import { sentencesOf, wordsOf } from './words';

describe('wordsOf', () => {
  it('reads words in lower case, keeping an apostrophe inside a word and leaving out links and markup', () => {
    expect(wordsOf("I <b>don't</b> know how to use Excel's IF: https://example.com/help?x=1")).toEqual([
      'i',
      "don't",
      'know',
      'how',
      'to',
      'use',
      "excel's",
      'if',
    ]);
  });

  it('reads letters of any script', () => {
    expect(wordsOf('Café résumé 日本語')).toEqual(['café', 'résumé', '日本語']);
  });
});

describe('sentencesOf', () => {
  it('splits after a full stop, a question mark or a line break', () => {
    expect(sentencesOf('It broke. Why?\nAny idea')).toEqual(['It broke.', 'Why?', 'Any idea']);
  });
});

describe('the encoder', () => {
  it('puts texts about the same need closer together than texts about different things', () => {
    const formula = embed('My Excel formula returns #VALUE and I cannot see why');
    const spreadsheet = embed('Need help fixing a spreadsheet formula');
    const puppy = embed('Our puppy keeps barking all night, what should we do');
    expect(cosine(formula, spreadsheet)).toBeGreaterThan(cosine(formula, puppy) + 0.2);
  });

  it('reads a word its vocabulary lacks as the sentence pieces it is made of', () => {
    expect(wordVectors().documentFrequency('clientbookly')).toBe(0);
    expect(wordVectors().rowsOf('clientbookly').length).toBeGreaterThan(1);
  });

  it('gives a unit vector, and all zeros to a text it cannot read', () => {
    const vector = embed('time tracking for freelancers');
    expect(cosine(vector, vector)).toBeCloseTo(1, 5);
    expect(Array.from(embed('⚙️ 🙂')).every((value) => value === 0)).toBe(true);
  });

  it('weighs a rare word more than a common one', () => {
    const words = wordVectors();
    expect(words.idf('spreadsheet')).toBeGreaterThan(words.idf('the') + 3);
  });
});
