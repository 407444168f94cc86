import type { Post } from '@contract/entities';
import { isWebLink } from '@contract/web-link';
import ExternalLink from 'lucide-react/icons/external-link';
import { PostList } from '@/components/post-list';
import { PostSummary } from '@/components/post-summary';
import { Card } from '@/components/ui/card';
import { PageLoader } from '@/components/ui/loader';
import { Text } from '@/components/ui/text';
import { Title } from '@/components/ui/title';
import { keptCopies } from '@/db/kept-copies';
import { getMirrorDb, type MirrorDb } from '@/db/mirror';
import { useHydrated } from '@/first-screen/use-hydrated';
import { useApi } from '@/lib/use-api';
import { useOnline } from '@/lib/use-online';
import { useScreenProjects } from '@/lib/use-projects';

/** Under the spinner when the list cannot be had: offline, or the server failing, and none kept here. */
export const repliesUnreachable =
  'ReplyRadar cannot reach the server right now. Published replies will show here once it can.';

/** When a reply was published, as '5 Mar 2025, 14:03'; the input when unreadable. */
export function formatPublishedAt(iso: string, timeZone: 'device' | 'UTC' = 'device'): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    ...(timeZone === 'UTC' ? { timeZone: 'UTC' } : {}),
  }).format(date);
}

/** When the reply went out and a link to it in its thread, when Autopilot read them back. */
function PublishedReply({ post }: { post: Post }) {
  // The server does not know the device's time zone: its page, and the app's take-over of it, say UTC.
  const timeZone = useHydrated() ? 'device' : 'UTC';
  if (!post.publishedAt && !isWebLink(post.replyUrl)) return null;
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      {post.publishedAt ? (
        <Text as="span" size="sm" tone="muted">
          Published <time dateTime={post.publishedAt}>{formatPublishedAt(post.publishedAt, timeZone)}</time>
        </Text>
      ) : null}
      {isWebLink(post.replyUrl) ? (
        <a
          href={post.replyUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex w-fit items-center gap-1 text-sm text-primary underline underline-offset-4"
        >
          View reply
          <ExternalLink aria-hidden="true" className="size-3.5" />
        </a>
      ) : null}
    </div>
  );
}

/**
 * Published replies, kept on this device and shown from the mirror's copy as soon as it holds them, so
 * what was seen last is still there offline. Loading and a failed load both show a spinner; a failed
 * load or no network, with nothing kept on this device, also says why it spins.
 */
export function RepliesPage({ db = getMirrorDb() }: { db?: MirrorDb }) {
  const projects = useScreenProjects({ db });
  const projectId = projects?.[0]?.id ?? null;
  const { data: posts, error } = useApi('listPublishedPosts', projectId ? {} : null, {
    kept: projectId ? keptCopies.published(db, projectId) : null,
    shown: 'first',
  });
  const online = useOnline();

  const header = (
    <header className="flex flex-col gap-1">
      <Title level={1}>Replies</Title>
      <Text tone="muted">Here you can find published replies</Text>
    </header>
  );

  if (!posts) {
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
              <PublishedReply post={post} />
            </Card>
          )}
        />
      )}
    </>
  );
}
