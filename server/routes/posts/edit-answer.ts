import { type Post, postSchema } from '@contract/entities';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { HttpError } from '../../http/envelope';
import { type PostMutation, storedResult } from './apply-once';
import { isPostId, postNotFound } from './post-scope';

/** A timestamp as `Date.toISOString()` writes it (milliseconds, UTC), or null. */
const isoTime = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The API's view of a post (`post-view.ts`'s `toPost`), built by the database from the row `alias`. */
const postView = (alias: string) =>
  sql.raw(`json_build_object(
    'id', ${alias}.id, 'author', ${alias}.author, 'keyword', ${alias}.keyword,
    'published_date', ${isoTime(`${alias}.published_date`)}, 'title', ${alias}.title,
    'content', ${alias}.content, 'url', ${alias}.url, 'answer', ${alias}.answer,
    'approved', ${alias}.approved, 'published', ${alias}.published,
    'answerVersion', ${alias}.answer_version, 'score', ${alias}.score, 'reason', ${alias}.reason,
    'publishedAt', ${isoTime(`${alias}.published_at`)}, 'replyUrl', ${alias}.reply_url,
    'publishNote', ${alias}.publish_note)`);

export interface AnswerEdit {
  answer: string;
  /** The version the edit began from; without it the last write wins. */
  baseVersion: number | undefined;
}

/** How the edit went, decided on the locked post. */
type Outcome = 'unchanged' | 'updated' | 'published' | 'being_published' | 'conflict';

interface EditRow {
  found: boolean;
  prior: { project_id: string; post_id: string; route: string; result: unknown } | null;
  outcome: Outcome | null;
  post: Post | null;
  claimed: boolean;
}

/**
 * The edit as one statement (one round trip): it locks the post of the project, reads a result stored
 * for the mutation id, decides the outcome on the locked row (unchanged, published, being published, a
 * base version that is not the stored one, or updated), records the mutation id with its result and
 * updates the post, only when the mutation id was claimed. A concurrent request with the same id waits
 * for the post's lock (or the id's), claims nothing and changes nothing.
 */
function editStatement(mutation: PostMutation, edit: AnswerEdit): SQL {
  const mutationId = mutation.mutationId ?? null;
  const base = edit.baseVersion ?? null;
  return sql`with target as (
    select p.*, exists (
      select 1 from publish_attempts a where a.post_id = p.id and a.status = 'started'
    ) as being_published
    from posts p where p.id = ${mutation.postId} and p.project_id = ${mutation.projectId}
    for update of p
  ), prior as (
    select project_id, post_id, route, result from applied_mutations
    where ${mutationId}::text is not null and mutation_id = ${mutationId}::text
  ), next as (
    select o.*,
      case when o.outcome = 'updated' then ${edit.answer}::text else o.answer end as next_answer,
      o.answer_version + case when o.outcome = 'updated' then 1 else 0 end as next_version
    from (
      select t.*, case
        when t.answer = ${edit.answer}::text then 'unchanged'
        when t.published then 'published'
        when t.being_published then 'being_published'
        when ${base}::int is not null and ${base}::int <> t.answer_version then 'conflict'
        else 'updated' end as outcome
      from target t where not exists (select 1 from prior)
    ) o
  ), result as (
    select n.id, n.outcome, ${postView('v')} as post from next n
    cross join lateral (
      select n.id, n.author, n.keyword, n.published_date, n.title, n.content, n.url,
        n.next_answer as answer, n.approved, n.published, n.next_version as answer_version, n.score,
        n.reason, n.published_at, n.reply_url, n.publish_note
    ) v
  ), claim as (
    insert into applied_mutations (mutation_id, project_id, post_id, route, result)
    select ${mutationId}::text, ${mutation.projectId}, r.id, ${mutation.route}, r.post::jsonb from result r
    where ${mutationId}::text is not null and r.outcome in ('unchanged', 'updated')
    on conflict (mutation_id) do nothing
    returning mutation_id
  ), updated as (
    update posts p set answer = n.next_answer, answer_version = n.next_version, updated_at = now()
    from next n
    where p.id = n.id and n.outcome = 'updated'
      and (${mutationId}::text is null or exists (select 1 from claim))
    returning p.id
  )
  select
    exists (select 1 from target) as found,
    (select row_to_json(prior) from prior) as prior,
    (select outcome from result) as outcome,
    (select post from result) as post,
    exists (select 1 from claim) as claimed`;
}

const alreadyPublished = () =>
  new HttpError(409, 'conflict', 'This post is already published: its answer cannot change');

/**
 * Stores an edit of a post's answer at most once per mutation id: a stored result is answered as it
 * is; an edit based on an older version than the stored one is refused with the stored post, so the
 * person can choose which text to keep.
 */
export async function editAnswer(db: Database, mutation: PostMutation, edit: AnswerEdit): Promise<Post> {
  if (!isPostId(mutation.postId)) throw postNotFound();
  const { rows } = (await db.execute(editStatement(mutation, edit))) as unknown as { rows: EditRow[] };
  const row = rows[0];
  if (!row?.found) throw postNotFound();
  if (row.prior) {
    const { project_id: projectId, post_id: postId, route, result } = row.prior;
    const stored = await storedResult(db, mutation, { projectId, postId, route, result });
    if (stored) return stored;
  }
  const post = row.post ? postSchema.parse(row.post) : null;
  if (!post) throw postNotFound();
  switch (row.outcome) {
    case 'published':
      throw alreadyPublished();
    case 'being_published':
      throw new HttpError(
        409,
        'conflict',
        'This reply is being published right now, so it cannot be edited: try again in a few minutes.',
      );
    case 'conflict':
      throw new HttpError(
        409,
        'conflict',
        'This answer was changed elsewhere since your edit began: choose which text to keep',
        'baseVersion',
        post,
      );
  }
  if (mutation.mutationId && !row.claimed) {
    // The same mutation id was applied meanwhile by a request this statement waited for.
    const stored = await storedResult(db, mutation);
    if (stored) return stored;
  }
  return post;
}
