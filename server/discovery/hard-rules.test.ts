import { describe, expect, it } from 'vitest';
import { applyHardRules } from './hard-rules';
import type { RelevanceRequest, SourcePost } from './types';

const now = new Date('2025-05-01T15:00:00Z');
const request: RelevanceRequest = {
  keyword: 'interview',
  filter: null,
  project: { name: 'Résumé Radar', description: 'Résumé reviews for developers', goal: 'Find job seekers' },
  since: new Date(now.getTime() - 86_400_000),
  until: now,
  seen: { ids: new Set(), texts: new Set() },
  limit: 20,
};

function post(fields: Partial<SourcePost>): SourcePost {
  return {
    externalId: `t3_${Math.random().toString(36).slice(2)}`,
    network: 'reddit',
    author: 'job_seeker',
    title: 'Not getting interviews',
    content: 'Two hundred applications and not one interview. What is wrong with my résumé?',
    url: 'https://www.reddit.com/r/cscareerquestions/comments/abc/',
    publishedAt: new Date(now.getTime() - 3_600_000),
    ...fields,
  };
}

const dropReason = (candidate: SourcePost) => {
  const { kept, dropped } = applyHardRules([candidate], request);
  return kept.length === 1 ? null : Object.keys(dropped)[0];
};

describe('hard rules: deleted and bot posts are never kept', () => {
  it('keeps a person’s question', () => {
    expect(dropReason(post({}))).toBeNull();
  });

  it.each([['[deleted]'], ['[removed]'], ['[ Removed by Reddit ]'], ['[removed by moderator]']])(
    'drops a post whose body is %s',
    (content) => {
      expect(dropReason(post({ content }))).toBe('deleted');
    },
  );

  it('drops a post whose author is [deleted], or that its network marks deleted', () => {
    expect(dropReason(post({ author: '[deleted]' }))).toBe('deleted');
    expect(dropReason(post({ deleted: true }))).toBe('deleted');
  });

  it.each([['AutoModerator'], ['RemindMeBot'], ['repost_bot'], ['feed-bot']])(
    'drops a post by %s',
    (author) => {
      expect(dropReason(post({ author }))).toBe('bot');
    },
  );

  it('drops a post signed the way Reddit’s bots sign, whatever the account is called', () => {
    const content =
      'This is the daily thread for questions about interviews and résumés.\n\nI am a bot, and this action was performed automatically. Please contact the moderators of this subreddit if you have any questions or concerns.';
    expect(dropReason(post({ author: 'cscq_helper', content }))).toBe('bot');
  });

  it('keeps a person whose name only ends in the letters "bot", and one who talks about bots', () => {
    expect(dropReason(post({ author: 'Abbot' }))).toBeNull();
    expect(
      dropReason(
        post({ content: 'Is a bot screening my résumé before anyone reads it? I never get an interview.' }),
      ),
    ).toBeNull();
  });
});
