import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { PostList } from '@/components/post-list';
import { PostSummary } from '@/components/post-summary';
import { Card } from '@/components/ui/card';
import { PageLoader } from '@/components/ui/loader';
import { Text } from '@/components/ui/text';
import { Title } from '@/components/ui/title';
import { getMirrorDb, type MirrorDb } from '@/db/mirror';
import { writePublishedPosts } from '@/db/mirror-writes';
import { newestPublishedFirst } from '@/lib/dates';
import { useApi } from '@/lib/use-api';
import { useOnline } from '@/lib/use-online';
import { useScreenProjects } from '@/lib/use-projects';

/** Under the spinner when the list cannot be had: offline, or the server failing, and none kept here. */
export const repliesUnreachable =
  'ReplyRadar cannot reach the server right now. Published replies will show here once it can.';

/**
 * Published replies. The list is fetched through SWR, written into the mirror and shown from the mirror,
 * so what was seen last is still there offline. Loading and a failed load both show a spinner; a failed
 * load or no network, with nothing kept on this device, also says why it spins.
 */
export function RepliesPage({ db = getMirrorDb() }: { db?: MirrorDb }) {
  const projects = useScreenProjects({ db });
  const projectId = projects?.[0]?.id ?? null;
  const { data: published, error } = useApi('listPublishedPosts', projectId ? {} : null);
  const online = useOnline();
  const [writtenFor, setWrittenFor] = useState<unknown>(null);

  useEffect(() => {
    if (!projectId || !published) return;
    let live = true;
    writePublishedPosts(db, projectId, published)
      .catch((error: unknown) => console.error('Could not keep the published replies on this device', error))
      .finally(() => {
        if (live) setWrittenFor(published);
      });
    return () => {
      live = false;
    };
  }, [db, projectId, published]);

  const posts = useLiveQuery(
    async () =>
      projectId
        ? (await db.posts.filter((post) => post.projectId === projectId && post.published).toArray()).sort(
            newestPublishedFirst,
          )
        : [],
    [db, projectId],
  );

  const header = (
    <header className="flex flex-col gap-1">
      <Title level={1}>Replies</Title>
      <Text tone="muted">Here you can find published replies</Text>
    </header>
  );

  if (!posts || (posts.length === 0 && (!published || writtenFor !== published))) {
    return (
      <>
        {header}
        <PageLoader />
        {!online || error ? <Text tone="muted">{repliesUnreachable}</Text> : null}
      </>
    );
  }

  return (
    <>
      {header}
      {posts.length === 0 ? (
        <Text tone="muted">Your published replies will appear here</Text>
      ) : (
        <PostList
          items={posts}
          estimateSize={260}
          renderItem={(post) => (
            <Card size="sm" className="flex flex-col gap-3">
              <PostSummary post={post} />
              <div className="rounded-md bg-muted p-3">
                <Text size="sm" className="whitespace-pre-line">
                  {post.answer}
                </Text>
              </div>
            </Card>
          )}
        />
      )}
    </>
  );
}
