import { describe, expect, it } from 'vitest';
import { postsAbout, TableSource } from '../../tests/support/discovery-doubles';
import { searchEstimates } from './keyword-estimates';
import { SourceError, type SourceQuery } from './types';

const now = new Date('2026-11-20T12:00:00Z');

describe('how many posts a proposed keyword finds a week', () => {
  it('adds up what each network finds over the last seven days', async () => {
    const reddit = new TableSource('reddit', {
      'time tracking': postsAbout('reddit', 'time tracking', 12, now),
    });
    const hackernews = new TableSource('hackernews', {
      'time tracking': postsAbout('hackernews', 'time tracking', 3, now),
      invoices: postsAbout('hackernews', 'invoices', 5, now),
    });
    const weekly = await searchEstimates(async () => [reddit, hackernews], { now: () => now }).weeklyPosts([
      'time tracking',
      'invoices',
      'billable hours',
    ]);
    expect(weekly.get('time tracking')).toEqual({ posts: 15, more: false });
    expect(weekly.get('invoices')).toEqual({ posts: 5, more: false });
    expect(weekly.get('billable hours')).toEqual({ posts: 0, more: false });
    const asked = reddit.queries[0] as SourceQuery;
    expect(asked.until).toEqual(now);
    expect(now.getTime() - asked.since.getTime()).toBe(7 * 24 * 60 * 60_000);
    expect(asked.filter).toBeNull();
  });

  it('says there are more when a network gives a full page', async () => {
    const reddit = new TableSource('reddit', { crm: postsAbout('reddit', 'crm', 150, now) });
    const weekly = await searchEstimates(async () => [reddit], { now: () => now }).weeklyPosts(['crm']);
    expect(weekly.get('crm')).toEqual({ posts: 100, more: true });
  });

  it('counts a failing network for nothing, and knows nothing when no network answered', async () => {
    const reddit = new TableSource('reddit', { crm: postsAbout('reddit', 'crm', 4, now) });
    const x = new TableSource('x', {});
    x.failWith = new SourceError('x', 'rate_limited', 'too many requests');
    expect((await searchEstimates(async () => [reddit, x]).weeklyPosts(['crm'])).get('crm')).toEqual({
      posts: 4,
      more: false,
    });
    reddit.failWith = new SourceError('reddit', 'unavailable', 'down');
    expect((await searchEstimates(async () => [reddit, x]).weeklyPosts(['crm'])).get('crm')).toEqual({
      posts: null,
      more: false,
    });
    expect((await searchEstimates(async () => []).weeklyPosts(['crm'])).get('crm')).toEqual({
      posts: null,
      more: false,
    });
  });

  it('gives up on a network that has not answered in time, and keeps what the others found', async () => {
    const slow = {
      slug: 'bluesky' as const,
      name: 'Bluesky',
      kind: 'microblogging' as const,
      search: (query: SourceQuery) =>
        new Promise<never>((_, reject) =>
          query.signal?.addEventListener('abort', () => reject(new Error('aborted'))),
        ),
    };
    const reddit = new TableSource('reddit', { crm: postsAbout('reddit', 'crm', 2, now) });
    const weekly = await searchEstimates(async () => [reddit, slow], { timeoutMs: 50 }).weeklyPosts(['crm']);
    expect(weekly.get('crm')).toEqual({ posts: 2, more: false });
  });
});
