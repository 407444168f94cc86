import type { Social } from '@contract/entities';
import { useEffect, useMemo } from 'react';
import { useLocation, useParams, useSearch } from 'wouter';
import { type MentionsSearch, parseMentionsSearch, routes } from '@/app/routes';
import { correctedSearch, shownSocial } from './mentions-search';

/**
 * The selection the URL names: its social, and its found date and keyword. `go` shows another; the
 * person's choice is a new history entry, a correction of the URL replaces the current one.
 */
export function useMentionsSearch() {
  const { social = '' } = useParams<{ social: string }>();
  const searchString = useSearch();
  const search = useMemo(() => parseMentionsSearch(searchString), [searchString]);
  const [, navigate] = useLocation();
  const go = (next: MentionsSearch, { replace = false } = {}) =>
    navigate(routes.mentionsBySocial.href({ social }, next), { replace });
  return { social, search, go };
}

/**
 * Keeps the URL to its rules and answers the social the page shows: the one the URL names when it is
 * known, else the first (the page redirects to it). The rules: newest date when none is chosen, no
 * keyword the date does not have. Not while the page leaves for another social: its redirect carries the
 * search, and a correction here would undo it.
 */
export function useSearchCorrection({
  social,
  search,
  go,
  reviewed,
  socials,
  dates,
  keywords,
}: ReturnType<typeof useMentionsSearch> & {
  reviewed: boolean;
  socials: readonly Pick<Social, 'slug'>[] | undefined;
  dates: readonly string[] | null;
  keywords: readonly string[] | null;
}): string | null {
  const shown = socials
    ? shownSocial(
        socials.map((candidate) => candidate.slug),
        social,
      )
    : social;
  const correction = reviewed && shown === social ? correctedSearch(search, dates, keywords) : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `go` is rebuilt each render; the correction drives it.
  useEffect(() => {
    if (correction) go(correction, { replace: true });
  }, [correction?.found_date, correction?.keyword, correction === null]);
  return shown;
}
