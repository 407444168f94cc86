import type { Keyword } from '@contract/entities';
import type { KeywordProposal } from '@contract/keyword-proposals';

/**
 * A proposal's weekly figure as a person reads it: '40 posts a week', '1 post a week', '100+ posts a week'
 * when a network gave a full page (there are at least that many), 'No estimate' when no network answered.
 */
export function weeklyPostsText({
  weeklyPosts,
  more,
}: Pick<KeywordProposal, 'weeklyPosts' | 'more'>): string {
  if (weeklyPosts === null) return 'No estimate';
  const count = weeklyPosts.toLocaleString('en-US');
  if (more) return `${count}+ posts a week`;
  return weeklyPosts === 1 ? '1 post a week' : `${count} posts a week`;
}

const sameName = (name: string) => name.trim().toLowerCase();

/**
 * The proposals still to offer, best first: those whose name is not among `keywords` whatever its case
 * (the server keeps one keyword per name whatever its case), each name once.
 */
export function openProposals(
  proposals: readonly KeywordProposal[],
  keywords: readonly Pick<Keyword, 'name'>[],
): KeywordProposal[] {
  const taken = new Set(keywords.map((keyword) => sameName(keyword.name)));
  return proposals.filter((proposal) => {
    const name = sameName(proposal.name);
    if (taken.has(name)) return false;
    taken.add(name);
    return true;
  });
}
