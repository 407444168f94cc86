import { isWebLink } from '@contract/web-link';
import { useContext } from 'react';
import { Badge } from '@/components/ui/badge';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { Text } from '@/components/ui/text';
import type { MirrorPost } from '@/db/mirror';
import { PostsEditable } from './posts-editable';

/** Whether Autopilot never publishes on the post's network: Hacker News forbids generated comments. */
export const postedByHand = (post: MirrorPost) => post.social === 'hackernews';

/**
 * The card's publishing control (autopost add-on): 'Published' and 'View reply' once published; on
 * Hacker News why the card's copy button reads 'Copy and post yourself' (`id`-by-hand describes it);
 * otherwise 'Publish', bound to approved once autoposting is set up, and opening its setup until then.
 */
export function PublishControl({
  id,
  post,
  autopostingSetup,
  onApprove,
  onSetUp,
}: {
  id: string;
  post: MirrorPost;
  autopostingSetup: boolean;
  onApprove: (approved: boolean) => void;
  onSetUp: (() => void) | undefined;
}) {
  // Off while the cards are the server's, not the mirror's (see PostsEditable).
  const editable = useContext(PostsEditable);
  if (post.published)
    return (
      <>
        <Badge variant="success">Published</Badge>
        {isWebLink(post.replyUrl) ? (
          <a
            href={post.replyUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="text-sm text-primary underline underline-offset-4"
          >
            View reply
          </a>
        ) : null}
      </>
    );
  if (postedByHand(post))
    return (
      <Text id={`${id}-by-hand`} size="xs" tone="muted">
        Hacker News forbids generated comments: post it yourself.
      </Text>
    );
  const hint = autopostingSetup ? undefined : `${id}-setup`;
  return (
    <div className="flex items-center gap-2">
      <Checkbox
        id={`${id}-publish`}
        checked={post.approved}
        disabled={!editable || (!autopostingSetup && !onSetUp)}
        aria-describedby={hint}
        onCheckedChange={(checked) => (autopostingSetup ? onApprove(checked) : onSetUp?.())}
      />
      <Label htmlFor={`${id}-publish`}>Publish</Label>
      {hint ? (
        <Text id={hint} size="xs" tone="muted">
          Set up autoposting first
        </Text>
      ) : null}
    </div>
  );
}
