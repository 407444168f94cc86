import { postSchema } from '@contract/entities';
import { type ComponentProps, lazy, memo, Suspense, useContext, useEffect, useId, useState } from 'react';
import { PostSummary } from '@/components/post-summary';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Text } from '@/components/ui/text';
import { Textarea } from '@/components/ui/textarea';
import type { MirrorDb, MirrorPost } from '@/db/mirror';
import { writePost } from '@/db/mirror-writes';
import { apiClient } from '@/lib/api-client';
import { OFFLINE_REASON, useOnline } from '@/lib/use-online';
import {
  discardParked,
  markNotRelevant,
  recordCopy,
  restorePost,
  retryParked,
  setApproval,
} from '@/sync/answer-outbox';
import { PostsEditable } from './posts-editable';
import { PublishControl, postedByHand } from './publish-control';
import { keepStorage, logFailure, useAnswerDraft } from './use-answer-draft';

export { ANSWER_SAVE_DELAY_MS } from './use-answer-draft';

/** Both texts of a conflict and the person's choice: rare, so not part of the first screen's code. */
const ConflictChoice = lazy(() => import('./conflict-choice').then((m) => ({ default: m.ConflictChoice })));

const COPIED_FOR_MS = 2_000;
/** How long 'Undo' is offered after a post is hidden as not relevant. */
export const UNDO_HIDE_FOR_MS = 6_000;

export interface PostCardProps {
  post: MirrorPost;
  db: MirrorDb;
  /** The workspace has the autopost add-on: show 'Published' or the 'Publish' checkbox. */
  autopost: boolean;
  /** The project's autoposting is set up; until it is, 'Publish' opens its setup (or, without one, is off). */
  autopostingSetup: boolean;
  /** Opens the setup-autoposting modal: what 'Publish' does until autoposting is set up. */
  onSetUpAutoposting?: (() => void) | undefined;
}

export { PostsEditable } from './posts-editable';

function SyncStatus({ db, post }: { db: MirrorDb; post: MirrorPost }) {
  if (post.syncState === 'pending') {
    return (
      <Text size="xs" tone="muted">
        Waiting to sync
      </Text>
    );
  }
  if (post.syncState === 'parked') {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-2 rounded-md border border-border p-2">
        <Text size="sm" className="flex-1">
          {post.parkedReason ?? 'The server refused this change.'}
        </Text>
        <Button size="sm" variant="secondary" onClick={() => void retryParked(db, post.id)}>
          Retry
        </Button>
        <Button size="sm" variant="delete" onClick={() => void discardParked(db, post.id)}>
          Discard
        </Button>
      </div>
    );
  }
  if (post.syncState === 'conflict' && post.conflict) {
    return (
      <Suspense fallback={null}>
        <ConflictChoice db={db} post={post} serverAnswer={post.conflict.serverAnswer} />
      </Suspense>
    );
  }
  return null;
}

/** The same post as far as the card shows or uses it: every field equal (the conflict's too). */
function samePost(a: MirrorPost, b: MirrorPost): boolean {
  if (a === b) return true;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)] as (keyof MirrorPost)[]);
  for (const key of keys) {
    if (key === 'conflict') {
      if (a.conflict?.serverAnswer !== b.conflict?.serverAnswer) return false;
      if (a.conflict?.serverVersion !== b.conflict?.serverVersion) return false;
    } else if (a[key] !== b[key]) return false;
  }
  return true;
}

/**
 * One found post with its drafted answer: edit, rewrite with a prompt, copy, and (autopost) publish.
 * The mirror answers every query with new objects; a card whose post has not changed is not drawn again.
 */
export const PostCard = memo(
  PostCardContent,
  (before, after) =>
    samePost(before.post, after.post) &&
    before.db === after.db &&
    before.autopost === after.autopost &&
    before.autopostingSetup === after.autopostingSetup &&
    before.onSetUpAutoposting === after.onSetUpAutoposting,
);

/**
 * The answer's text area, read-only while the cards are not the mirror's (see PostsEditable), and for
 * good once the reply is published.
 */
function AnswerField({ readOnly, ...props }: ComponentProps<typeof Textarea>) {
  const editable = useContext(PostsEditable);
  return <Textarea {...props} readOnly={readOnly === true || !editable} />;
}

/** Why a control is off, in words on the card (a hover title is never seen on a phone). */
function Why({ children }: { children: string }) {
  return (
    <Text size="xs" tone="muted">
      {children}
    </Text>
  );
}

const publishedReason = 'This reply is published and can no longer be changed.';

/** 'Not relevant': disabled while the cards are not the mirror's (see PostsEditable). */
function NotRelevantButton(props: ComponentProps<typeof Button>) {
  return (
    <Button shape="link" variant="secondary" size="sm" {...props} disabled={!useContext(PostsEditable)} />
  );
}

/** Says a post was hidden, with 'Undo' for a few seconds; the card itself is gone. */
function HiddenToast({ onUndo, onClose }: { onUndo: () => void; onClose: () => void }) {
  useEffect(() => {
    const timer = setTimeout(onClose, UNDO_HIDE_FOR_MS);
    return () => clearTimeout(timer);
  }, [onClose]);
  return (
    <div
      role="status"
      className="fixed inset-x-4 bottom-4 z-50 mx-auto flex max-w-sm items-center gap-3 rounded-lg border border-border bg-background p-4 shadow-lg"
    >
      <Text size="sm" className="flex-1">
        Post hidden as not relevant.
      </Text>
      <Button size="sm" variant="secondary" onClick={onUndo}>
        Undo
      </Button>
    </div>
  );
}

function PostCardContent(props: PostCardProps) {
  const { post, db } = props;
  // Set when this card hid its post: 'Undo' is offered until it closes.
  const [undo, setUndo] = useState(false);
  if (post.hidden) {
    return undo ? (
      <HiddenToast
        onClose={() => setUndo(false)}
        onUndo={() => {
          setUndo(false);
          void restorePost(db, post.id).catch(logFailure('Could not show the post again'));
        }}
      />
    ) : null;
  }
  return (
    <VisiblePostCard
      {...props}
      onHide={() => {
        setUndo(true);
        void markNotRelevant(db, post.id).then(keepStorage).catch(logFailure('Could not hide the post'));
      }}
    />
  );
}

function VisiblePostCard({
  post,
  db,
  autopost,
  autopostingSetup,
  onSetUpAutoposting,
  onHide,
}: PostCardProps & { onHide: () => void }) {
  const id = useId();
  const answer = useAnswerDraft(db, post);
  const [prompt, setPrompt] = useState('');
  const [rewriting, setRewriting] = useState(false);
  const [copied, setCopied] = useState(false);
  const online = useOnline();
  const byHand = autopost && !post.published && postedByHand(post);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_FOR_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const rewrite = async () => {
    setRewriting(true);
    try {
      const result = await apiClient.call('regenerateAnswer', {
        params: { postId: post.id },
        body: { prompt },
      });
      await writePost(db, post.projectId, postSchema.parse({ ...post, ...result }));
    } catch (error) {
      console.error('Could not rewrite the answer', error);
    } finally {
      setRewriting(false);
    }
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(answer.value);
      setCopied(true);
      // A copied answer is a good find: the project's ranking learns from it.
      void recordCopy(db, post.id).catch(logFailure('Could not record the copy'));
    } catch (error) {
      console.error('Could not copy the answer', error);
    }
  };

  return (
    <Card size="sm" className="flex flex-col gap-3" data-post-id={post.id}>
      <PostSummary post={post} clamp />
      {post.reason ? (
        <Text size="xs" tone="muted">
          Why this post: {post.reason}
        </Text>
      ) : null}
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-answer`} className="sr-only">
          Answer
        </Label>
        <AnswerField
          id={`${id}-answer`}
          autoGrow
          readOnly={post.published}
          value={answer.value}
          onChange={(event) => answer.change(event.currentTarget.value)}
        />
        {post.published ? <Why>{publishedReason}</Why> : null}
        <SyncStatus db={db} post={post} />
      </div>
      <form
        className="flex gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          void rewrite();
        }}
      >
        <Input
          aria-label="Prompt for rewriting"
          placeholder="Prompt for rewriting"
          value={prompt}
          maxLength={2000}
          onChange={(event) => setPrompt(event.currentTarget.value)}
        />
        <Button
          type="submit"
          variant="secondary"
          loading={rewriting}
          disabled={!online || post.published}
          title={online ? undefined : OFFLINE_REASON}
        >
          Rewrite
        </Button>
      </form>
      {online ? null : <Why>{`${OFFLINE_REASON}: Rewrite needs the network.`}</Why>}
      <div className="flex flex-wrap items-center gap-3">
        {/* With Autopilot, a Hacker News reply is posted by hand: copying is its way out (see PublishControl). */}
        <Button
          variant={byHand ? 'primary' : 'secondary'}
          size="sm"
          onClick={() => void copy()}
          aria-describedby={byHand ? `${id}-by-hand` : undefined}
        >
          {copied ? 'Copied' : byHand ? 'Copy and post yourself' : 'Copy'}
        </Button>
        <NotRelevantButton onClick={onHide}>Not relevant</NotRelevantButton>
        {autopost ? (
          <PublishControl
            id={id}
            post={post}
            autopostingSetup={autopostingSetup}
            onSetUp={onSetUpAutoposting}
            onApprove={(approved) =>
              void setApproval(db, post.id, approved)
                .then(keepStorage)
                .catch(logFailure('Could not change the approval'))
            }
          />
        ) : null}
      </div>
      {/* Why an approved reply is not out yet (the day's cap, a stopped network, Autopilot paused). */}
      {autopost && post.approved && !post.published && post.publishNote ? (
        <Why>{post.publishNote}</Why>
      ) : null}
    </Card>
  );
}
