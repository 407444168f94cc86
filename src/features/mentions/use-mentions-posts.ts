import type { Post } from '@contract/entities';
import { useMemo } from 'react';
import { keptCopies } from '@/db/kept-copies';
import type { MirrorDb, MirrorPost } from '@/db/mirror';
import { newestPublishedFirst } from '@/lib/dates';
import { useApi } from '@/lib/use-api';

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

/**
 * The day's posts, newest first, once the project is reviewed: the mirror's copy as soon as it holds
 * them (an edit is made to that copy, which may hold changes of this device the server has not seen
 * yet), the server's answer, read-only, until then. `editable` says whether they come from the mirror.
 */
export function useMentionsPosts(
  db: MirrorDb,
  { projectId, social, foundDate, keyword }: PostsPlace,
  reviewed: boolean,
  options: { refreshInterval: number },
) {
  const postsCall = useApi(
    'listPosts',
    projectId && reviewed && foundDate && social
      ? {
          params: { social },
          query: keyword ? { found_date: foundDate, keyword } : { found_date: foundDate },
        }
      : null,
    {
      ...options,
      kept: projectId && foundDate ? keptCopies.posts(db, { projectId, social, foundDate, keyword }) : null,
      shown: 'first',
    },
  );
  const { data, kept } = postsCall;
  const serverPosts = useMemo(
    () =>
      projectId && foundDate && data && !kept
        ? asMirrorPosts(data, { projectId, social, foundDate }).sort(newestPublishedFirst)
        : undefined,
    [data, kept, projectId, social, foundDate],
  );
  return { postsCall, posts: kept ?? serverPosts, editable: kept !== undefined };
}
