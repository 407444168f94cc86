// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { openProposals, weeklyPostsText } from './keyword-proposals';

const proposal = (name: string) => ({ name, filter: null, weeklyPosts: 3, more: false });

describe('keyword proposals', () => {
  it("reads the weekly figure as '{n} posts a week', '1 post a week', '{n}+ posts a week' or 'No estimate'", () => {
    expect(weeklyPostsText({ weeklyPosts: 40, more: false })).toBe('40 posts a week');
    expect(weeklyPostsText({ weeklyPosts: 0, more: false })).toBe('0 posts a week');
    expect(weeklyPostsText({ weeklyPosts: 1, more: false })).toBe('1 post a week');
    expect(weeklyPostsText({ weeklyPosts: 100, more: true })).toBe('100+ posts a week');
    expect(weeklyPostsText({ weeklyPosts: 1, more: true })).toBe('1+ posts a week');
    expect(weeklyPostsText({ weeklyPosts: 1250, more: false })).toBe('1,250 posts a week');
    expect(weeklyPostsText({ weeklyPosts: null, more: false })).toBe('No estimate');
  });

  it('offers, in order, the proposals not among the keywords whatever their case, each once', () => {
    const proposals = [proposal('Time tracking'), proposal('crm'), proposal('invoices'), proposal('CRM ')];
    expect(openProposals(proposals, [{ name: 'CRM' }]).map((one) => one.name)).toEqual([
      'Time tracking',
      'invoices',
    ]);
    expect(openProposals(proposals, []).map((one) => one.name)).toEqual(['Time tracking', 'crm', 'invoices']);
    expect(openProposals([], [{ name: 'crm' }])).toEqual([]);
  });
});
