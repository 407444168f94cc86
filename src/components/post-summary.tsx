import type { Post } from '@contract/entities';
import { isWebLink } from '@contract/web-link';
import ExternalLink from 'lucide-react/icons/external-link';
import { Badge } from '@/components/ui/badge';
import { Text } from '@/components/ui/text';
import { Title } from '@/components/ui/title';
import { useHydrated } from '@/first-screen/use-hydrated';
import { cn } from '@/lib/cn';
import { formatDayMonth } from '@/lib/dates';

/**
 * The found post itself: author, keyword badge, date ('D MMM'), optional title, content and a link to the
 * original that opens in a new tab. `clamp` limits the content to 4 lines. Only an http(s) link is
 * drawn: a post kept from before links were checked may carry another scheme, which would run.
 */
export function PostSummary({ post, clamp = false }: { post: Post; clamp?: boolean }) {
  // The server does not know the device's time zone: its page, and the app's take-over of it, say UTC.
  const timeZone = useHydrated() ? 'device' : 'UTC';
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <Text as="span" size="sm" className="font-medium">
          {post.author}
        </Text>
        <Badge>{post.keyword}</Badge>
        <Text as="span" size="sm" tone="muted">
          <time dateTime={post.published_date}>{formatDayMonth(post.published_date, timeZone)}</time>
        </Text>
      </div>
      {post.title ? (
        <Title level={4} as="h2">
          {post.title}
        </Title>
      ) : null}
      <Text size="sm" className={cn('whitespace-pre-line', clamp && 'line-clamp-4')}>
        {post.content}
      </Text>
      {isWebLink(post.url) ? (
        <a
          href={post.url}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex w-fit items-center gap-1 text-sm text-primary underline underline-offset-4"
        >
          Open original post
          <ExternalLink aria-hidden="true" className="size-3.5" />
        </a>
      ) : null}
    </div>
  );
}
