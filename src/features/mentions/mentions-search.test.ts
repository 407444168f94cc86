// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { routes } from '@/app/routes';
import { ALL_KEYWORDS, correctedSearch, newestDate, withKeyword } from './mentions-search';

describe('mentions search rules', () => {
  it('picks the newest found date', () => {
    expect(newestDate(['2025-03-01', '2025-03-05', '2025-02-28'])).toBe('2025-03-05');
    expect(newestDate([])).toBeNull();
  });

  it('chooses the newest found date when none is chosen', () => {
    expect(correctedSearch({}, ['2025-03-01', '2025-03-05'], null)).toEqual({ found_date: '2025-03-05' });
    expect(correctedSearch({ found_date: '2025-03-01' }, ['2025-03-01', '2025-03-05'], null)).toBeNull();
    expect(correctedSearch({}, [], null)).toBeNull();
    expect(correctedSearch({}, null, null)).toBeNull();
  });

  it('removes a keyword that is not in the loaded list, and keeps one that is', () => {
    const search = { found_date: '2025-03-05', keyword: 'gone' };
    expect(correctedSearch(search, ['2025-03-05'], ['crm', 'leads'])).toEqual({
      found_date: '2025-03-05',
      keyword: undefined,
    });
    expect(correctedSearch({ ...search, keyword: 'crm' }, ['2025-03-05'], ['crm'])).toBeNull();
    expect(correctedSearch(search, ['2025-03-05'], null)).toBeNull();
  });

  it('removes the keyword parameter when all is chosen', () => {
    const search = { found_date: '2025-03-05', keyword: 'crm' };
    expect(routes.mentionsBySocial.href({ social: 'reddit' }, withKeyword(search, ALL_KEYWORDS))).toBe(
      '/mentions/reddit?found_date=2025-03-05',
    );
    expect(routes.mentionsBySocial.href({ social: 'reddit' }, withKeyword(search, 'leads'))).toBe(
      '/mentions/reddit?keyword=leads&found_date=2025-03-05',
    );
  });
});
