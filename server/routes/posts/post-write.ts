import type { Post } from '@contract/entities';
import { is, Placeholder, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { type Database, namedQueryOf } from '../../db/client';
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

/** The columns of the view, in its order; a write changes some of them. */
const viewColumns = [
  'id',
  'author',
  'keyword',
  'published_date',
  'title',
  'content',
  'url',
  'answer',
  'approved',
  'published',
  'answer_version',
  'score',
  'reason',
  'published_at',
  'reply_url',
  'publish_note',
] as const;

/** The facts as subqueries over the post row `alias`. */
const factsOf = (alias: string): PostFacts => ({
  beingPublished: sql.raw(
    `exists (select 1 from publish_attempts a where a.post_id = ${alias}.id and a.status = 'started')`,
  ),
  social: sql.raw(`(select s.slug from socials s where s.id = ${alias}.social_id)`),
});

/** The facts as the columns the locked post `t` of the full statement carries. */
const lockedFacts: PostFacts = { beingPublished: sql.raw('t.being_published'), social: sql.raw('t.social') };

export type WritableColumn = 'answer' | 'answer_version' | 'approved' | 'publish_note';

/** How a write went: unchanged, updated, or a refusal the write names (decided on the locked post). */
export type WriteOutcome<Refusal extends string> = 'unchanged' | 'updated' | Refusal;

/** What a write's outcome may read besides the post's columns (`t`): both are subqueries. */
export interface PostFacts {
  /** Autopilot is sending the post's reply (an attempt started and not settled). */
  beingPublished: SQL;
  /** The slug of the post's network. */
  social: SQL;
}

/**
 * One write to a post, as SQL over the post `t` and the facts about it. Values the request sends are
 * placeholders.
 */
export interface PostWrite<Refusal extends string> {
  /** The statement's name: PostgreSQL prepares it once per connection (the update alone is `<name>_update`). */
  name: string;
  /** A `case … end` naming the outcome: 'unchanged', 'updated' or one of the refusals. */
  outcome: (facts: PostFacts) => SQL;
  /** The columns an update sets, each as SQL over `t`; `updated_at` is set too. */
  changes: Partial<Record<WritableColumn, SQL>>;
  /** Only to type the refusals. */
  refusals?: readonly Refusal[];
}

interface WriteRow {
  found: boolean;
  prior: { project_id: string; post_id: string; route: string; result: unknown } | null;
  outcome: string | null;
  post: Post | null;
  claimed: boolean;
}

interface UpdateRow {
  /** The post as the update left it, or null when the update did not apply. */
  post: Post | null;
  claimed: boolean;
}

/**
 * The write when it applies, as one `update` (what most requests are): the post of the project is
 * updated only when its outcome is 'updated' and the mutation id was never recorded, and the id is
 * recorded with the post as the write left it. PostgreSQL checks the outcome again on the latest version
 * of a row another request changed meanwhile, so two edits from one version cannot both apply and a
 * second request with the same id finds the answer already equal. When nothing is updated, the full
 * statement below decides on the locked post what to answer.
 */
function updateStatement(write: PostWrite<string>): SQL {
  const mutationId = sql`${sql.placeholder('mutationId')}::text`;
  const projectId = sql`${sql.placeholder('projectId')}::uuid`;
  const sets = Object.entries(write.changes).map(([column, change]) => sql`${sql.raw(column)} = ${change}`);
  return sql`with updated as (
    update posts t set ${sql.join(sets, sql`, `)}, updated_at = now()
    where t.id = ${sql.placeholder('postId')}::uuid and t.project_id = ${projectId}
      and (${write.outcome(factsOf('t'))}) = 'updated'
      and not exists (
        select 1 from applied_mutations m where ${mutationId} is not null and m.mutation_id = ${mutationId}
      )
    returning t.*
  ), result as (
    select u.id, ${postView('u')} as post from updated u
  ), claim as (
    insert into applied_mutations (mutation_id, project_id, post_id, route, result)
    select ${mutationId}, ${projectId}, r.id, ${sql.placeholder('route')}::text, r.post::jsonb
    from result r
    where ${mutationId} is not null
    on conflict (mutation_id) do nothing
    returning mutation_id
  )
  select (select post from result) as post, exists (select 1 from claim) as claimed`;
}

/**
 * The write as one statement (one round trip): it locks the post of the project, reads a result stored
 * for the mutation id, decides the outcome on the locked row, records the mutation id with its result
 * (the post view, built by the database) and updates the post, only when the mutation id was claimed. A
 * concurrent request with the same id waits for the post's lock (or the id's), claims nothing and
 * changes nothing. Refusals are not recorded: the same id may be sent again once the refusal is gone.
 */
function writeStatement(write: PostWrite<string>): SQL {
  const mutationId = sql`${sql.placeholder('mutationId')}::text`;
  const next = viewColumns.map((column) => {
    const change = write.changes[column as WritableColumn];
    return change
      ? sql`case when t.outcome = 'updated' then ${change} else t.${sql.raw(column)} end as ${sql.raw(column)}`
      : sql`t.${sql.raw(column)}`;
  });
  const sets = Object.keys(write.changes).map((column) => sql`${sql.raw(column)} = n.${sql.raw(column)}`);
  const facts = factsOf('p');
  return sql`with target as (
    select p.*, ${facts.beingPublished} as being_published, ${facts.social} as social
    from posts p
    where p.id = ${sql.placeholder('postId')}::uuid and p.project_id = ${sql.placeholder('projectId')}::uuid
    for update of p
  ), prior as (
    select project_id, post_id, route, result from applied_mutations
    where ${mutationId} is not null and mutation_id = ${mutationId}
  ), next as (
    select t.outcome, ${sql.join(next, sql`, `)}
    from (
      select t.*, ${write.outcome(lockedFacts)} as outcome from target t where not exists (select 1 from prior)
    ) t
  ), result as (
    select n.id, n.outcome, ${postView('n')} as post from next n
  ), claim as (
    insert into applied_mutations (mutation_id, project_id, post_id, route, result)
    select ${mutationId}, ${sql.placeholder('projectId')}::uuid, r.id, ${sql.placeholder('route')}::text,
      r.post::jsonb
    from result r
    where ${mutationId} is not null and r.outcome in ('unchanged', 'updated')
    on conflict (mutation_id) do nothing
    returning mutation_id
  ), updated as (
    update posts p set ${sql.join(sets, sql`, `)}, updated_at = now()
    from next n
    where p.id = n.id and n.outcome = 'updated' and (${mutationId} is null or exists (select 1 from claim))
    returning p.id
  )
  select
    exists (select 1 from target) as found,
    (select row_to_json(prior) from prior) as prior,
    (select outcome from result) as outcome,
    (select post from result) as post,
    exists (select 1 from claim) as claimed`;
}

const dialect = new PgDialect();

/**
 * The statement's text with one `$n` per placeholder name (drizzle numbers every use of a placeholder
 * anew: the edit's 13 parameters are 6 values), and the names in the order of their numbers.
 */
function numbered(statement: SQL): { text: string; names: string[] } {
  const query = dialect.sqlToQuery(statement);
  const names: string[] = [];
  const text = query.sql.replace(/\$(\d+)/g, (_, number: string) => {
    const param = query.params[Number(number) - 1];
    if (!is(param, Placeholder)) throw new Error('A post write sends every value as a placeholder');
    const index = names.indexOf(param.name);
    return `$${index >= 0 ? index + 1 : names.push(param.name)}`;
  });
  return { text, names };
}

/**
 * Runs the statement by name: straight through `pg` on PostgreSQL (planned once per connection), through
 * drizzle's prepared query on PGlite (whose driver has no named statements: planned each run).
 */
function statementRunner<Row>(db: Database, name: string, statement: SQL) {
  const { text, names } = numbered(statement);
  const namedQuery = namedQueryOf(db);
  if (namedQuery)
    return async (values: Record<string, unknown>) =>
      (await namedQuery(
        name,
        text,
        names.map((key) => values[key]),
      )) as unknown as { rows: Row[] };
  const prepared = db._.session.prepareQuery(
    { sql: text, params: names.map((key) => sql.placeholder(key)) },
    undefined,
    name,
    false,
  );
  return async (values: Record<string, unknown>) => (await prepared.execute(values)) as { rows: Row[] };
}

/**
 * The write, prepared once (PostgreSQL plans it once per connection; PGlite plans each run): it applies
 * a mutation to one post of the project at most once per mutation id, and answers the post as it is
 * after the write with the outcome, or the result stored for the mutation id (409 when that id named
 * another write).
 */
export function preparePostWrite<Refusal extends string>(db: Database, write: PostWrite<Refusal>) {
  const update = statementRunner<UpdateRow>(db, `${write.name}_update`, updateStatement(write));
  const run = statementRunner<WriteRow>(db, write.name, writeStatement(write));
  return async (
    mutation: PostMutation,
    values: Record<string, unknown>,
  ): Promise<{ outcome: WriteOutcome<Refusal>; post: Post }> => {
    if (!isPostId(mutation.postId)) throw postNotFound();
    const params = {
      ...values,
      mutationId: mutation.mutationId ?? null,
      projectId: mutation.projectId,
      postId: mutation.postId,
      route: mutation.route,
    };
    const [updated] = (await update(params)).rows;
    if (updated?.post) {
      if (mutation.mutationId && !updated.claimed) {
        // The id was recorded meanwhile for a write to another post (a client reusing its ids).
        const stored = await storedResult(db, mutation);
        if (stored) return { outcome: 'unchanged', post: stored };
      }
      return { outcome: 'updated', post: updated.post };
    }
    const { rows } = await run(params);
    const row = rows[0];
    if (!row?.found) throw postNotFound();
    if (row.prior) {
      const { project_id: projectId, post_id: postId, route, result } = row.prior;
      const stored = await storedResult(db, mutation, { projectId, postId, route, result });
      if (stored) return { outcome: 'unchanged', post: stored };
    }
    // Built by the database from the locked row's typed columns (`postView`): nothing to check.
    const post = row.post;
    if (!post || !row.outcome) throw postNotFound();
    const outcome = row.outcome as WriteOutcome<Refusal>;
    if (mutation.mutationId && !row.claimed && (outcome === 'unchanged' || outcome === 'updated')) {
      // The same mutation id was applied meanwhile by a request this statement waited for.
      const stored = await storedResult(db, mutation);
      if (stored) return { outcome: 'unchanged', post: stored };
    }
    return { outcome, post };
  };
}
