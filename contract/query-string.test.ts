// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { buildPath } from './api';
import { routes } from './app-routes';
import { buildQuery } from './first-answers';
import { queryString } from './query-string';

describe('queryString', () => {
  it('joins the set values in order, encoded', () => {
    expect(queryString({ keyword: 'crm tools', found_date: '2025-03-05' })).toBe(
      '?keyword=crm+tools&found_date=2025-03-05',
    );
    expect(queryString({ preview: true, page: 2 })).toBe('?preview=true&page=2');
  });

  it("leaves out a value that is undefined, null or '' (not set), and is '' when none is set", () => {
    expect(queryString({ keyword: '', found_date: '2025-03-05' })).toBe('?found_date=2025-03-05');
    expect(queryString({ keyword: undefined, found_date: null })).toBe('');
    expect(queryString({})).toBe('');
    expect(queryString(undefined)).toBe('');
  });

  it("gives a route's href and the API call made for it the same query", () => {
    const search = { keyword: '', found_date: '2025-03-05' };
    const href = routes.mentionsBySocial.href({ social: 'reddit' }, search);
    const call = buildPath('/api/posts/:social', { social: 'reddit' }) + buildQuery(search);
    expect(href).toBe('/mentions/reddit?found_date=2025-03-05');
    expect(call).toBe('/api/posts/reddit?found_date=2025-03-05');
  });
});
