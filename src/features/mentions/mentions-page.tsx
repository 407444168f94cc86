import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { routes } from '@/app/routes';
import { PostList } from '@/components/post-list';
import { PageLoader } from '@/components/ui/loader';
import { SegmentedLinks } from '@/components/ui/segmented-links';
import { Text } from '@/components/ui/text';
import { getMirrorDb, type MirrorDb } from '@/db/mirror';
import { useScreenProjects } from '@/lib/use-projects';
import { FoundDateSelect } from './components/found-date-select';
import { KeywordSelect } from './components/keyword-select';
import { PostCard, PostsEditable } from './components/post-card';
import { Header, NothingFound, NotReviewed, SearchInProgress } from './mentions-page-parts';
import { newestDate, withFoundDate, withKeyword } from './mentions-search';
import { holdsUnsavedAnswer } from './unsaved-answers';
import { useFoundDates, useKeywords, useLastResultsWhenSearchEnds, useSocials } from './use-mentions-lists';
import { useMentionsPosts } from './use-mentions-posts';
import { useMentionsSearch, useSearchCorrection } from './use-mentions-search';

/** How often the found dates are asked for again while there is none yet, or the search goes on. */
export const FOUND_DATES_POLL_MS = 15_000;

export interface MentionsPageProps {
  /** The workspace has the autopost add-on. */
  autopost?: boolean;
  /** Opens Autopilot (its setup until it is done, then its settings): the header's button, and 'Publish' before setup. */
  onOpenAutopilot?: (() => void) | undefined;
  db?: MirrorDb;
  /** How often found dates are asked for while there is none or the search goes on; 15 s unless a test shortens it. */
  foundDatesPollMs?: number;
}

/**
 * The mentions of one social for one found date, optionally one keyword. Everything is read with
 * `useApi`: asked of the API, kept in the mirror and read back from it; the URL's search parameters are
 * the selection.
 */
export function MentionsPage({
  autopost = false,
  onOpenAutopilot,
  db = getMirrorDb(),
  foundDatesPollMs = FOUND_DATES_POLL_MS,
}: MentionsPageProps) {
  const url = useMentionsSearch();
  const { social, search, go } = url;
  const project = useScreenProjects({ db })?.[0];
  const projectId = project?.id ?? null;
  const reviewed = project?.reviewed === true;

  const socials = useSocials(db);
  const { datesCall, running, whileRunning, dates } = useFoundDates(
    db,
    projectId,
    reviewed,
    foundDatesPollMs,
  );
  // The date the URL names, or the newest while the URL is being corrected to name it, so the first
  // render already asks for, and shows, that date's posts.
  const foundDate = search.found_date ?? (dates ? (newestDate(dates) ?? undefined) : undefined);
  const { keywordsCall, keywords } = useKeywords(db, projectId, reviewed, foundDate, whileRunning);
  const keyword = search.keyword;
  const place = { projectId, social, foundDate, keyword };
  const { postsCall, posts, editable } = useMentionsPosts(db, place, reviewed, whileRunning);
  useLastResultsWhenSearchEnds(running, [keywordsCall, postsCall]);
  const shown = useSearchCorrection({ ...url, reviewed, socials, dates, keywords });

  const header = <Header onOpenAutopilot={autopost ? onOpenAutopilot : undefined} />;
  if (!project || !socials) {
    return (
      <>
        {header}
        <PageLoader />
      </>
    );
  }

  if (shown !== null && shown !== social) {
    return <Redirect to={routes.mentionsBySocial.href({ social: shown }, search)} replace />;
  }

  let body: ReactNode;
  if (!reviewed) {
    body = <NotReviewed />;
  } else if (dates === null) {
    body = <PageLoader />;
  } else if (dates.length === 0) {
    body = <SearchInProgress checking={datesCall.isValidating} onCheck={() => void datesCall.mutate()} />;
  } else {
    body = (
      <>
        <div className="flex flex-wrap gap-3">
          <FoundDateSelect
            dates={dates}
            value={foundDate}
            onChange={(date) => go(withFoundDate(search, date))}
          />
          <KeywordSelect
            keywords={keywords}
            value={keyword}
            onChange={(value) => go(withKeyword(search, value))}
          />
        </div>
        {running && foundDate === dates[0] ? (
          <Text role="status" size="sm" tone="muted">
            Still searching: more posts may appear.
          </Text>
        ) : null}
        {posts === undefined || (posts.length === 0 && postsCall.data === undefined) ? (
          <PageLoader />
        ) : posts.length === 0 ? (
          <NothingFound
            social={socials.find((candidate) => candidate.slug === social)?.name ?? social}
            keyword={keyword}
          />
        ) : (
          <PostsEditable.Provider value={editable}>
            <PostList
              items={posts}
              drawNow={holdsUnsavedAnswer}
              renderItem={(post) => (
                <PostCard
                  post={post}
                  db={db}
                  autopost={autopost}
                  autopostingSetup={project.autopostingSetup}
                  onSetUpAutoposting={onOpenAutopilot}
                />
              )}
            />
          </PostsEditable.Provider>
        )}
      </>
    );
  }

  return (
    <>
      {header}
      {socials.length > 0 ? (
        <SegmentedLinks
          aria-label="Social network"
          links={socials.map((candidate) => ({
            href: routes.mentionsBySocial.href({ social: candidate.slug }, search),
            label: candidate.name,
            current: candidate.slug === social,
          }))}
          className="w-fit"
        />
      ) : null}
      {body}
    </>
  );
}
