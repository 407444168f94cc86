import { useMemo } from 'react';
import { Button } from '@/components/ui/button';
import { Text } from '@/components/ui/text';
import type { MirrorDb, MirrorPost } from '@/db/mirror';
import { type DiffPart, wordDiff } from '@/lib/word-diff';
import { resolveConflict } from '@/sync/answer-outbox';

/** Both texts of an edit the server refused as based on an older version, and the person's choice. */
export function ConflictChoice({
  db,
  post,
  serverAnswer,
}: {
  db: MirrorDb;
  post: MirrorPost;
  serverAnswer: string;
}) {
  const diff = useMemo(() => wordDiff(post.answer, serverAnswer), [post.answer, serverAnswer]);
  return (
    <div role="alert" className="flex flex-col gap-2 rounded-md border border-border p-2">
      <Text size="xs" tone="muted">
        This answer was changed elsewhere too. The words that differ are highlighted.
      </Text>
      <div className="grid gap-2 sm:grid-cols-2">
        <div>
          <Text size="xs" tone="muted">
            Your text
          </Text>
          <DiffText parts={diff.mine} />
        </div>
        <div>
          <Text size="xs" tone="muted">
            Text on the server
          </Text>
          <DiffText parts={diff.theirs} />
        </div>
      </div>
      <div className="flex gap-2">
        <Button size="sm" onClick={() => void resolveConflict(db, post.id, 'mine')}>
          Keep mine
        </Button>
        <Button size="sm" variant="secondary" onClick={() => void resolveConflict(db, post.id, 'theirs')}>
          Keep theirs
        </Button>
      </div>
    </div>
  );
}

/** One side of a conflict, the words the other side lacks highlighted. */
function DiffText({ parts }: { parts: DiffPart[] }) {
  return (
    <Text size="sm" className="whitespace-pre-line break-words">
      {parts.map((part, index) =>
        part.changed ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts are a fixed split of one text.
          <mark key={index} className="rounded-sm bg-amber-100 text-foreground">
            {part.text}
          </mark>
        ) : (
          part.text
        ),
      )}
    </Text>
  );
}
