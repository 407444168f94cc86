import type { Post } from '@contract/entities';
import { useLiveQuery } from 'dexie-react-hooks';
import { type ReactNode, useEffect, useMemo, useRef } from 'react';
import { Link, Redirect, useLocation, useParams, useSearch } from 'wouter';
import { type MentionsSearch, parseMentionsSearch, routes } from '@/app/routes';
import { PostList } from '@/components/post-list';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageLoader } from '@/components/ui/loader';
import { SegmentedLinks } from '@/components/ui/segmented-links';
import { Text } from '@/components/ui/text';
import { Title } from '@/components/ui/title';
import { getMirrorDb, type MirrorDb, type MirrorPost } from '@/db/mirror';
import { writeFoundDates, writeKeywords, writePosts, writeSocials } from '@/db/mirror-writes';
import { newestPublishedFirst } from '@/lib/dates';
import { useFirstPaintDone } from '@/lib/first-paint';
import { isPageAnswer } from '@/lib/page-answers';
import { useApi } from '@/lib/use-api';
import { useScreenProjects } from '@/lib/use-projects';
import { FoundDateSelect } from './components/found-date-select';
import { KeywordSelect } from './components/keyword-select';
import { PostCard, PostsEditable } from './components/post-card';
import { correctedSearch, newestDate, shownSocial, withFoundDate, withKeyword } from './mentions-search';
import { logWriteFailure, useMirrored } from './use-mirrored';

/** How often the found dates are asked for again while there is none yet, or the search goes on. */
export const FOUND_DATES_POLL_MS = 15_000;

/** The server's posts as the mirror would hold them with no change of this device waiting. */
function asMirrorPosts(
  posts: readonly Post[],
  place: Pick<MirrorPost, 'projectId' | 'social' | 'foundDate'>,
): MirrorPost[] {
  return posts.map((post) => ({
    ...post,
    ...place,
    syncState: 'synced',
    parkedReason: null,
    conflict: null,
  }));
}

export interface MentionsPageProps {
  /** The workspace has the autopost add-on. */
  autopost?: boolean;
  /** Opens Autopilot (its setup until it is done, then its settings): the header's button, and 'Publish' before setup. */
  onOpenAutopilot?: (() => void) | undefined;
  db?: MirrorDb;
  /** How often found dates are asked for while there is none or the search goes on; 15 s unless a test shortens it. */
  foundDatesPollMs?: number;
}

function Header({ onOpenAutopilot }: { onOpenAutopilot?: (() => void) | undefined }) {
  return (
    <header className="flex flex-col gap-1">
      <div className="flex items-center justify-between gap-3">
        <Title level={1}>Mentions</Title>
        {onOpenAutopilot ? (
          <Button variant="secondary" size="sm" onClick={onOpenAutopilot}>
            Autopilot
          </Button>
        ) : null}
      </div>
      <Text tone="muted">
        Here last filtered mentions and answers for last day. Next update will be tomorrow.
      </Text>
    </header>
  );
}

function NotReviewed() {
  return (
    <Card className="flex flex-col items-start gap-4">
      <Title level={3} as="h2">
        To get first results review information about your project
      </Title>
      <Button asChild>
        <Link href={routes.project.href()}>Go to Project</Link>
      </Button>
    </Card>
  );
}

function SearchInProgress({ onCheck, checking }: { onCheck: () => void; checking: boolean }) {
  return (
    <Card className="flex flex-col items-start gap-3">
      <Title level={3} as="h2">
        Search in progress…
      </Title>
      <Text tone="muted">We're finding relevant posts and writing replies.</Text>
      <Button onClick={onCheck} loading={checking}>
        Check for Results
      </Button>
      <Text size="sm" tone="muted">
        If loading takes more than 5 minutes, click the button to see if results are ready
      </Text>
    </Card>
  );
}

/** A day (or a keyword of it) with no posts on this network: its discovery found none there. */
function NothingFound({ social, keyword }: { social: string; keyword: string | undefined }) {
  return (
    <Card className="flex flex-col items-start gap-2">
      <Title level={3} as="h2">
        No mentions on {social}
      </Title>
      <Text tone="muted">
        {keyword
          ? `No relevant post about “${keyword}” was found on this day.`
          : 'No relevant post was found on this day.'}{' '}
        Try another network or date.
      </Text>
    </Card>
  );
}

/**
 * The mentions of one social for one found date, optionally one keyword. Everything is fetched through
 * SWR, written into the mirror and shown from it; the URL's search parameters are the selection.
 */
export function MentionsPage({
  autopost = false,
  onOpenAutopilot,
  db = getMirrorDb(),
  foundDatesPollMs = FOUND_DATES_POLL_MS,
}: MentionsPageProps) {
  const { social = '' } = useParams<{ social: string }>();
  const searchString = useSearch();
  const search = useMemo(() => parseMentionsSearch(searchString), [searchString]);
  const [, navigate] = useLocation();
  /** The person's choice is a new history entry; a correction of the URL replaces the current one. */
  const go = (next: MentionsSearch, { replace = false } = {}) =>
    navigate(routes.mentionsBySocial.href({ social }, next), { replace });

  // The mirror is read and written once the first screen has painted, from the page's answers till then.
  const mirrorOpen = useFirstPaintDone();
  const projects = useScreenProjects({ db });
  const project = projects?.[0];
  const projectId = project?.id ?? null;
  const reviewed = project?.reviewed === true;

  // Socials.
  const socials = useMirrored(
    useApi('listSocials', {}).data,
    async () => {
      const kept = await db.socials.orderBy('position').toArray();
      return kept.length > 0 ? kept : undefined;
    },
    (answer) => writeSocials(db, answer),
    [db],
  );

  // Found dates, asked for again every 15 s while there is none or the search goes on; while it goes
  // on, the keywords and the posts are asked for again at the same pace, so new posts appear.
  const datesCall = useApi('listFoundDates', projectId && reviewed ? {} : null, {
    refreshInterval: (latest) =>
      latest && latest.foundDates.length > 0 && !latest.running ? 0 : foundDatesPollMs,
  });
  const running = datesCall.data?.running === true;
  const whileRunning = { refreshInterval: running ? foundDatesPollMs : 0 };
  const foundDates = useMirrored(
    datesCall.data?.foundDates,
    async () => {
      if (!projectId) return undefined;
      const rows = await db.foundDates
        .where('[projectId+date]')
        .between([projectId, ''], [projectId, '\uffff'])
        .toArray();
      return rows.length > 0 ? rows.map((row) => row.date) : undefined;
    },
    (answer) => (projectId ? writeFoundDates(db, projectId, answer) : Promise.resolve()),
    [db, projectId],
    isPageAnswer(datesCall.data),
  );
  const dates = useMemo(() => (foundDates ? [...foundDates].sort().reverse() : null), [foundDates]);

  // The date the URL names, or the newest while the URL is being corrected to name it (below), so the
  // first render already asks for, and shows, that date's posts.
  const foundDate = search.found_date ?? (dates ? (newestDate(dates) ?? undefined) : undefined);

  // Keywords of the chosen date.
  const keywordsCall = useApi(
    'listKeywordsForDate',
    projectId && reviewed && foundDate ? { query: { found_date: foundDate } } : null,
    whileRunning,
  );
  const keywordsAnswer = keywordsCall.data;
  const keywordNames = useMemo(() => keywordsAnswer?.keywords.map((k) => k.name), [keywordsAnswer]);
  const keywords =
    useMirrored(
      keywordNames,
      async () =>
        projectId && foundDate ? (await db.keywordsByDate.get([projectId, foundDate]))?.keywords : undefined,
      (answer) =>
        projectId && foundDate
          ? writeKeywords(
              db,
              projectId,
              foundDate,
              answer.map((name) => ({ name })),
            )
          : Promise.resolve(),
      [db, projectId, foundDate],
      isPageAnswer(keywordsAnswer),
    ) ?? null;

  // Posts.
  const keyword = search.keyword;
  const postsArgs =
    projectId && reviewed && foundDate && social
      ? {
          params: { social },
          query: keyword ? { found_date: foundDate, keyword } : { found_date: foundDate },
        }
      : null;
  const postsCall = useApi('listPosts', postsArgs, whileRunning);
  const postsResponse = postsCall.data;
  // Once the search has finished, its last posts are asked for (they may have come since the last check).
  const wasRunning = useRef(running);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the calls' `mutate` are stable; `running` drives it.
  useEffect(() => {
    if (wasRunning.current && !running) {
      void keywordsCall.mutate();
      void postsCall.mutate();
    }
    wasRunning.current = running;
  }, [running]);
  // Written at once (once painted; the page's own by the app): an edit is made to the mirror's copy, so
  // the cards wait for it.
  useEffect(() => {
    if (mirrorOpen && projectId && foundDate && postsResponse && !isPageAnswer(postsResponse)) {
      writePosts(db, { projectId, social, foundDate, keyword }, postsResponse).catch(logWriteFailure);
    }
  }, [db, mirrorOpen, projectId, social, foundDate, keyword, postsResponse]);
  const mirrorPosts = useLiveQuery(async () => {
    if (!mirrorOpen) return undefined;
    if (!projectId || !foundDate) return [];
    const rows = await db.posts
      .where('[projectId+social+foundDate]')
      .equals([projectId, social, foundDate])
      .toArray();
    return rows.filter((post) => !keyword || post.keyword === keyword).sort(newestPublishedFirst);
  }, [db, mirrorOpen, projectId, social, foundDate, keyword]);
  // The server's list shows until the mirror has answered with it, read-only, since an edit is made to
  // the mirror's copy (which may hold changes of this device the server has not seen yet).
  const fromMirror = mirrorPosts !== undefined && (mirrorPosts.length > 0 || !postsResponse?.length);
  const serverPosts = useMemo(
    () =>
      projectId && foundDate && postsResponse
        ? asMirrorPosts(postsResponse, { projectId, social, foundDate }).sort(newestPublishedFirst)
        : undefined,
    [postsResponse, projectId, social, foundDate],
  );
  const posts = fromMirror ? mirrorPosts : serverPosts;

  // The social the page shows: the one the URL names when it is known, else the first (a redirect below).
  const shown = socials
    ? shownSocial(
        socials.map((candidate) => candidate.slug),
        social,
      )
    : social;
  // The URL rules: newest date when none is chosen, no keyword the date does not have. Not while the page
  // leaves for another social: its redirect carries the search, and a correction here would undo it.
  const correction = reviewed && shown === social ? correctedSearch(search, dates, keywords) : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `go` is rebuilt each render; the correction drives it.
  useEffect(() => {
    if (correction) go(correction, { replace: true });
  }, [correction?.found_date, correction?.keyword, correction === null]);

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

  const selector =
    socials.length > 0 ? (
      <SegmentedLinks
        aria-label="Social network"
        links={socials.map((candidate) => ({
          href: routes.mentionsBySocial.href({ social: candidate.slug }, search),
          label: candidate.name,
          current: candidate.slug === social,
        }))}
        className="w-fit"
      />
    ) : null;

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
        {posts === undefined || (posts.length === 0 && postsResponse === undefined) ? (
          <PageLoader />
        ) : posts.length === 0 ? (
          <NothingFound
            social={socials.find((candidate) => candidate.slug === social)?.name ?? social}
            keyword={keyword}
          />
        ) : (
          <PostsEditable.Provider value={fromMirror}>
            <PostList
              items={posts}
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
      {selector}
      {body}
    </>
  );
}
