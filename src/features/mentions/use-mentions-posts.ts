import type { Post } from '@contract/entities';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo } from 'react';
import type { MirrorDb, MirrorPost } from '@/db/mirror';
import { writePosts } from '@/db/mirror-writes';
import { useFirstPaintDone } from '@/first-screen/first-paint';
import { isPageAnswer } from '@/first-screen/page-answers';
import { newestPublishedFirst } from '@/lib/dates';
import { useApi } from '@/lib/use-api';
import { logWriteFailure } from './use-mirrored';

/** The posts the page shows: one social's on one found date of one project, optionally of one keyword. */
export interface PostsPlace {
  projectId: string | null;
  social: string;
  foundDate: string | undefined;
  keyword: string | undefined;
}

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

/** The call for the day's posts from the API, once the project is reviewed. */
export function usePostsCall(
  { projectId, social, foundDate, keyword }: PostsPlace,
  reviewed: boolean,
  options: { refreshInterval: number },
) {
  const postsArgs =
    projectId && reviewed && foundDate && social
      ? {
          params: { social },
          query: keyword ? { found_date: foundDate, keyword } : { found_date: foundDate },
        }
      : null;
  return useApi('listPosts', postsArgs, options);
}

/**
 * The day's posts, newest first: the mirror's copy once the first screen has painted, the server's
 * answer (`postsResponse`) until then. `editable` says whether they come from the mirror.
 */
export function useMentionsPosts(
  db: MirrorDb,
  place: PostsPlace,
  postsResponse: readonly Post[] | undefined,
) {
  const { projectId, social, foundDate, keyword } = place;
  // The mirror is read and written once the first screen has painted, from the page's answers till then.
  const mirrorOpen = useFirstPaintDone();
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
  return { posts: fromMirror ? mirrorPosts : serverPosts, editable: fromMirror };
}
