import { describe, expect, it } from 'vitest';
import { FilterSyntaxError, matchesFilter, parseFilter } from './keyword-filter';
import type { SourcePost } from './types';

function post(content: string, extra: Partial<SourcePost> = {}): SourcePost {
  return {
    externalId: '1',
    network: 'reddit',
    author: 'jane_doe',
    title: null,
    content,
    url: 'https://www.reddit.com/r/freelance/comments/1',
    publishedAt: new Date('2025-03-05T10:00:00Z'),
    ...extra,
  };
}

describe('parsing a keyword filter', () => {
  it.each([
    ['invoice reminder', { all: [[w('invoice')], [w('reminder')]] }],
    ['"late invoice"', { all: [[p('late invoice')]] }],
    ['“late   invoice”', { all: [[p('late invoice')]] }],
    ['-hiring -"job offer"', { exclude: [w('hiring'), p('job offer')] }],
    ['agency OR freelancer invoice', { all: [[w('agency'), w('freelancer')], [w('invoice')]] }],
    ['a OR "b c" OR d', { all: [[w('a'), p('b c'), w('d')]] }],
    ['cats or dogs', { all: [[w('cats')], [w('or')], [w('dogs')]] }],
    ['site:reddit.com', { sites: ['reddit.com'] }],
    ['SITE:https://www.News.ycombinator.com/', { sites: ['news.ycombinator.com'] }],
    ['site:a.com OR site:b.org', { sites: ['a.com', 'b.org'] }],
    ['author:@jane', { authors: ['jane'] }],
    ['author:"Jane Doe"', { authors: ['Jane Doe'] }],
    ['follow-up', { all: [[w('follow-up')]] }],
  ])('%s', (text, expected) => {
    expect(parseFilter(text)).toEqual({
      all: [],
      exclude: [],
      sites: [],
      authors: [],
      source: text,
      ...expected,
    });
  });

  it.each(['', '   ', '\n\t'])('blank text %j is no filter', (text) => {
    expect(parseFilter(text)).toBeNull();
  });

  it.each([
    ['invoice "late pay', 8, 'Unclosed quote at position 8'],
    ['-"job', 1, 'Unclosed quote at position 1'],
    ['a "" b', 2, 'Empty quotes at position 2'],
    ['invoice - job', 8, 'Nothing to exclude after "-" at position 8'],
    ['invoice -', 8, 'Nothing to exclude after "-" at position 8'],
    ['OR invoice', 0, 'OR needs a word or phrase on each side at position 0'],
    ['invoice OR', 8, 'OR needs a word or phrase on each side at position 8'],
    ['a OR OR b', 2, 'OR needs a word or phrase on each side at position 2'],
    ['a OR -b', 2, 'OR needs a word or phrase on each side at position 2'],
    ['a OR site:x.com', 2, 'OR needs a word or phrase on each side at position 2'],
    ['crm site:', 4, 'Missing domain after site: at position 4'],
    ['crm site: reddit.com', 4, 'Missing domain after site: at position 4'],
    ['site:reddit..com', 5, 'Invalid domain "reddit..com" at position 5'],
    ['site:reddit.com/r/x', 5, 'Invalid domain "reddit.com/r/x" at position 5'],
    ['author:', 0, 'Missing name after author: at position 0'],
    ['author:@', 0, 'Missing name after author: at position 0'],
    ['-site:x.com', 0, 'site: cannot be excluded at position 0'],
    ['crm !!!', 4, 'Nothing to match in "!!!" at position 4'],
  ])('refuses %j at position %i', (text, position, message) => {
    const error = catchError(() => parseFilter(text));
    expect(error).toBeInstanceOf(FilterSyntaxError);
    expect(error).toMatchObject({ position, message });
  });
});

describe('matching a post against a filter', () => {
  const late = 'Any tool for sending payment reminders? Two clients pay their invoices 60 days late.';
  it.each([
    ['invoice', late, {}, true],
    ['INVOICES reminder', late, {}, true], // case and stems
    ['invoice crm', late, {}, false], // every word
    ['"payment reminders"', late, {}, true],
    ['"reminders payment"', late, {}, false], // a phrase keeps its order
    ['"late invoice"', late, {}, false], // the words, not next to each other
    ['invoice -hiring', late, {}, true],
    ['invoice -hiring', `${late} We are hiring.`, {}, false],
    ['-"pay their"', late, {}, false],
    ['crm OR invoice', late, {}, true],
    ['crm OR erp', late, {}, false],
    ['crm OR invoice days', late, {}, true],
    ['crm OR invoice weeks', late, {}, false],
    ['"late invoice"', 'Late!', { title: 'Late invoice again' }, true], // the title counts
    ['"invoice again"', 'again and again', { title: 'Late invoice' }, false], // not across title and text
    ['site:reddit.com', late, {}, true],
    ['site:old.reddit.com', late, { url: 'https://old.reddit.com/r/x' }, true],
    ['site:reddit.com', late, { url: 'https://notreddit.com/x' }, false],
    ['site:news.ycombinator.com', late, {}, false],
    ['site:a.com site:reddit.com', late, {}, true], // sites are alternatives
    ['author:Jane_Doe', late, {}, true],
    ['author:@jane_doe', late, { author: '@jane_doe' }, true],
    ['author:john', late, {}, false],
    ['author:jane_doe site:x.com', late, {}, false], // both must hold
  ])('%s → %s', (text, content, extra, expected) => {
    expect(matchesFilter(post(content, extra), parseFilter(text))).toBe(expected);
  });

  it('lets every post through when there is no filter', () => {
    expect(matchesFilter(post('anything at all'), null)).toBe(true);
  });
});

function w(text: string) {
  return { text, phrase: false };
}
function p(text: string) {
  return { text, phrase: true };
}
function catchError(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return null;
}
