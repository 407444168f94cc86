import type { Post } from '@contract/entities';
import { postSchema } from '@contract/entities';
import type { PostMutation, PostMutationKind } from '@contract/post-mutations';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { appliedMutations } from '../../db/schema';
import { DomainError } from '../../domain/errors';
import { isUuid } from '../../domain/ids';
import { postNotFound } from './post-scope';
import { postView } from './post-view';
import { preparedStatement } from './prepared-statement';

type MutationRoute = (typeof appliedMutations.$inferInsert)['route'];

/** One change to a post: a mutation of the outbox, or a call of its own (whose mutation id is optional). */
export type PostChange = Omit<PostMutation, 'mutationId'> & { mutationId: string | undefined };

/** The project the changes are made in: its id, and whether Autopilot is set up for it. */
export interface MutatedProject {
  id: string;
  autopostingSetup: boolean;
}

/** What became of one change: the post as it now stands, or the refusal. */
export type ChangeOutcome = { post: Post } | { refused: DomainError };

/** The name each kind of change is recorded under with its mutation id (the routes' names before batches). */
const routeOfKind: Record<PostMutationKind, MutationRoute> = {
  answer: 'update-answer',
  approval: 'approved',
  relevance: 'relevance',
  copied: 'copied',
};

export const alreadyPublished = (what: string) =>
  new DomainError('conflict', 'conflict', `This post is already published: its ${what} cannot change`);

export const beingPublishedNow = (what: string) =>
  new DomainError(
    'conflict',
    'conflict',
    `This reply is being published right now, so it cannot be ${what}: try again in a few minutes.`,
  );

/** Hacker News forbids generated comments: its replies are never approved for Autopilot. */
const handPostedOnly = 'Hacker News replies are posted by hand: copy the answer and post it yourself.';

/** The change as the statements read it: one element of the `$changes` JSON array. */
interface ChangeRow {
  ord: number;
  mutation_id: string | null;
  post_id: string;
  route: MutationRoute;
  answer: string | null;
  base_version: number | null;
  approved: boolean | null;
  relevant: boolean | null;
}

/** The changes sent, as rows (`ord` is the change's place in the request). */
const changes = sql`select * from jsonb_to_recordset(${sql.placeholder('changes')}::jsonb) as c(
    ord int, mutation_id text, post_id uuid, route text, answer text, base_version int, approved boolean,
    relevant boolean)`;
const projectId = sql`${sql.placeholder('projectId')}::uuid`;
/**
 * The posts the changes name, again as an array: PostgreSQL then reads each by its id, where a join on
 * the JSON's rows alone (estimated at 100) reads every post of the project (0.9 ms for 2,000 posts).
 */
const postIds = sql`${sql.placeholder('postIds')}::uuid[]`;
/**
 * The changes' mutation ids, as an array for the same reason: the records are read by their key, where
 * a join on the JSON's rows read the whole table of records, which grows with every change (a plan made
 * while it was small, kept by the prepared statement).
 */
const mutationIds = sql`${sql.placeholder('mutationIds')}::text[]`;

/** The columns of the post's view that no change sets. */
const keptColumns = [
  'author',
  'keyword',
  'published_date',
  'title',
  'content',
  'url',
  'published',
  'score',
  'reason',
  'published_at',
  'reply_url',
];

/** What deciding a change reads: the post `p`'s columns, the change's values, and two facts about the post. */
interface Decided {
  post: string;
  change: (field: keyof Omit<ChangeRow, 'ord' | 'post_id'>) => SQL;
  /** Autopilot is sending the post's reply (an attempt started and not settled). */
  beingPublished: SQL;
  /** The slug of the post's network. */
  social: SQL;
}

/** The outcome of a change on the post, in one `case`: 'unchanged', 'updated', or the refusal it names. */
function outcome({ post: p, change: c, beingPublished, social }: Decided): SQL {
  return sql`case ${c('route')}
    when 'update-answer' then case
      when ${sql.raw(p)}.answer = ${c('answer')} then 'unchanged'
      when ${sql.raw(p)}.published then 'published'
      when ${beingPublished} then 'being_published'
      when ${c('base_version')} is not null and ${c('base_version')} <> ${sql.raw(p)}.answer_version
        then 'conflict'
      else 'updated' end
    when 'approved' then case
      when ${sql.raw(p)}.approved = ${c('approved')} then 'unchanged'
      when ${sql.raw(p)}.published then 'published'
      when ${c('approved')} and ${social} = 'hackernews' then 'hand_posted'
      when ${c('approved')} and not ${sql.placeholder('autopostingSetup')}::boolean then 'no_autoposting'
      when not ${c('approved')} and ${beingPublished} then 'being_published'
      else 'updated' end
    when 'relevance' then case
      when ${sql.raw(p)}.relevant is not distinct from ${c('relevant')} then 'unchanged' else 'updated' end
    else case when ${sql.raw(p)}.copied_at is not null then 'unchanged' else 'updated' end
  end`;
}

/** The columns a change sets, each as SQL over the post `p` and the change; the rest keep their value. */
function changedColumns(p: string, c: (field: keyof ChangeRow) => SQL): Record<string, SQL> {
  const post = (column: string) => sql.raw(`${p}.${column}`);
  const when = (route: MutationRoute, value: SQL, column: string) =>
    sql`case when ${c('route')} = ${sql.raw(`'${route}'`)} then ${value} else ${post(column)} end`;
  return {
    answer: when('update-answer', c('answer'), 'answer'),
    answer_version: when('update-answer', sql`${post('answer_version')} + 1`, 'answer_version'),
    approved: when('approved', c('approved'), 'approved'),
    // An unapproved reply is no longer waiting for anything: its card's publishing note goes.
    publish_note: when(
      'approved',
      sql`case when ${c('approved')} then ${post('publish_note')} end`,
      'publish_note',
    ),
    relevant: when('relevance', c('relevant'), 'relevant'),
    copied_at: when('copied', sql`now()`, 'copied_at'),
    // A copy changes nothing Autopilot reads: a failed publication stays failed (`publish-store.ts`).
    updated_at: sql`case when ${c('route')} = 'copied' then ${post('updated_at')} else now() end`,
  };
}

const beingPublishedOf = (p: string) =>
  sql.raw(`exists (select 1 from publish_attempts a where a.post_id = ${p}.id and a.status = 'started')`);
const socialOf = (p: string) => sql.raw(`(select s.slug from socials s where s.id = ${p}.social_id)`);

/**
 * The changes that apply, as one `update` (what most requests are): each post of the project is updated
 * only when its change's outcome is 'updated' and its mutation id was never recorded, and the id is
 * recorded with the post as the change left it. PostgreSQL checks the outcome again on the latest version
 * of a row another request changed meanwhile, so two edits from one version cannot both apply, and a
 * second request with the same id finds the answer already equal. What is not updated here is decided by
 * `decideStatement` on the locked post.
 */
function updateStatement(): SQL {
  const c = (field: string) => sql.raw(`c.${field}`);
  const sets = Object.entries(changedColumns('t', c)).map(
    ([column, value]) => sql`${sql.raw(column)} = ${value}`,
  );
  return sql`with c as (${changes}), updated as (
    update posts t set ${sql.join(sets, sql`, `)}
    from c
    where t.id = c.post_id and t.id = any(${postIds}) and t.project_id = ${projectId}
      and (${outcome({ post: 't', change: c, beingPublished: beingPublishedOf('t'), social: socialOf('t') })}) = 'updated'
      and (c.mutation_id is null or not c.mutation_id = any(array(
        select m.mutation_id from applied_mutations m where m.mutation_id = any(${mutationIds})
      )))
    returning c.ord, c.mutation_id, c.route as change_route, t.*
  ), result as (
    select u.ord, u.id, u.mutation_id, u.change_route, ${postView('u')} as post from updated u
  ), claim as (
    insert into applied_mutations (mutation_id, project_id, post_id, route, result)
    select r.mutation_id, ${projectId}, r.id, r.change_route, r.post::jsonb
    from result r
    where r.mutation_id is not null
    on conflict (mutation_id) do nothing
    returning mutation_id
  )
  select r.ord, r.post, (r.mutation_id is null or r.mutation_id in (select mutation_id from claim)) as claimed
  from result r`;
}

/**
 * The changes the `update` did not apply, decided in one statement on the locked posts: it locks each post
 * of the project, reads the result stored for each mutation id, decides the outcome, records the mutation
 * id with its result (the post's view) and updates the post, only when the id was claimed. A concurrent
 * request with the same id waits for the post's lock (or the id's), claims nothing and changes nothing.
 * Refusals are not recorded: the same id may be sent again once the refusal is gone.
 */
function decideStatement(): SQL {
  const c = (field: string) => sql.raw(`t.change_${field}`);
  const columns = changedColumns('t', c);
  const next = Object.entries(columns).map(
    ([column, value]) =>
      sql`case when t.outcome = 'updated' then ${value} else t.${sql.raw(column)} end as ${sql.raw(column)}`,
  );
  const sets = Object.keys(columns).map((column) => sql`${sql.raw(column)} = n.${sql.raw(column)}`);
  return sql`with c as (${changes}), target as (
    select p.*, c.ord, c.mutation_id as change_mutation_id, c.route as change_route, c.answer as change_answer,
      c.base_version as change_base_version, c.approved as change_approved, c.relevant as change_relevant,
      ${beingPublishedOf('p')} as being_published, ${socialOf('p')} as social
    from c join posts p on p.id = c.post_id and p.id = any(${postIds}) and p.project_id = ${projectId}
    for update of p
  ), prior as (
    select c.ord, m.project_id, m.post_id, m.route, m.result
    from applied_mutations m join c on m.mutation_id = c.mutation_id
    where m.mutation_id = any(${mutationIds})
  ), next as (
    select t.ord, t.id, t.outcome, t.change_mutation_id, t.change_route,
      ${sql.raw(keptColumns.map((column) => `t.${column}`).join(', '))}, ${sql.join(next, sql`, `)}
    from (
      select t.*, ${outcome({ post: 't', change: c, beingPublished: sql.raw('t.being_published'), social: sql.raw('t.social') })} as outcome
      from target t where not exists (select 1 from prior where prior.ord = t.ord)
    ) t
  ), result as (
    select n.ord, n.id, n.outcome, n.change_mutation_id as mutation_id, n.change_route, ${postView('n')} as post,
      ${sql.join(
        Object.keys(columns).map((column) => sql.raw(`n.${column}`)),
        sql`, `,
      )}
    from next n
  ), claim as (
    insert into applied_mutations (mutation_id, project_id, post_id, route, result)
    select r.mutation_id, ${projectId}, r.id, r.change_route, r.post::jsonb
    from result r
    where r.mutation_id is not null and r.outcome in ('unchanged', 'updated')
    on conflict (mutation_id) do nothing
    returning mutation_id
  ), updated as (
    update posts p set ${sql.join(sets, sql`, `)}
    from result n
    where p.id = n.id and n.outcome = 'updated'
      and (n.mutation_id is null or n.mutation_id in (select mutation_id from claim))
    returning p.id
  )
  select c.ord,
    exists (select 1 from target t where t.ord = c.ord) as found,
    (select row_to_json(x) from (select project_id, post_id, route, result from prior where prior.ord = c.ord) x)
      as prior,
    r.outcome, r.post, r.mutation_id in (select mutation_id from claim) as claimed
  from c left join result r on r.ord = c.ord`;
}

interface UpdatedRow {
  ord: number;
  post: Post;
  claimed: boolean;
}

/** A mutation id's record: the change it was applied to, and its result. */
interface StoredRow {
  project_id: string;
  post_id: string;
  route: string;
  result: unknown;
}

interface DecidedRow {
  ord: number;
  found: boolean;
  prior: StoredRow | null;
  outcome: string | null;
  post: Post | null;
  claimed: boolean | null;
}

/** The posts and mutation ids the changes name, as the statements' arrays. */
const arrays = (rows: readonly ChangeRow[]) => ({
  postIds: rows.map((row) => row.post_id),
  mutationIds: rows.flatMap((row) => (row.mutation_id === null ? [] : [row.mutation_id])),
});

/** The refusal a decided outcome names, for a change of this kind. */
function refusalOf(outcome: string, kind: PostMutationKind, post: Post): DomainError | null {
  switch (outcome) {
    case 'published':
      return alreadyPublished(kind === 'answer' ? 'answer' : 'approval');
    case 'being_published':
      return beingPublishedNow(kind === 'answer' ? 'edited' : 'unapproved');
    case 'conflict':
      return new DomainError(
        'conflict',
        'conflict',
        'This answer was changed elsewhere since your edit began: choose which text to keep',
        { field: 'baseVersion', data: post },
      );
    case 'hand_posted':
      return new DomainError('conflict', 'conflict', handPostedOnly);
    case 'no_autoposting':
      return new DomainError(
        'conflict',
        'conflict',
        'Set up autoposting first: approved replies are published by it',
      );
    default:
      return null;
  }
}

/** A mutation id that named another change: 409, whatever the change. */
const mutationIdReused = () =>
  new DomainError(
    'conflict',
    'conflict',
    'This mutation id was already used for another change: send a new one',
    {
      field: 'mutationId',
    },
  );

/** The result stored for a mutation id, when it was stored for this change (409 when for another). */
function storedFor(
  change: { projectId: string; postId: string; route: MutationRoute },
  stored: StoredRow,
): ChangeOutcome {
  if (
    stored.project_id !== change.projectId ||
    stored.post_id !== change.postId ||
    stored.route !== change.route
  )
    return { refused: mutationIdReused() };
  return { post: postSchema.parse(stored.result) };
}

/** PostgreSQL's code for a statement it chose to end to break a deadlock (nothing of it was applied). */
const deadlockDetected = '40P01';

/**
 * Runs a statement again when PostgreSQL ended it to break a deadlock: each statement is a transaction of
 * its own, so nothing of it was applied. Changes sent in the posts' order never deadlock among themselves;
 * another writer (Autopilot, discovery) locking posts in another order still may.
 */
async function retryDeadlock<T>(run: () => Promise<T>, tries = 3): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      const code =
        (error as { cause?: { code?: unknown } }).cause?.code ?? (error as { code?: unknown }).code;
      if (code !== deadlockDetected || attempt >= tries) throw error;
    }
  }
}

/**
 * The one way a change reaches a post: the outbox's batches and the calls of their own alike. It checks
 * the post belongs to the project, applies each mutation id at most once (a repeat answers the result
 * stored the first time), checks an edit's base version, and answers each change with the post through
 * its one view (`postView`), or with the refusal.
 *
 * A batch costs one round trip when every change applies, two when some are refused, replayed or
 * unchanged. Several changes to one post are applied in their order, one round (of one or two
 * statements) for each.
 */
export function postMutator(db: Database) {
  const update = preparedStatement<UpdatedRow>(db, 'post_changes_update', updateStatement());
  const decide = preparedStatement<DecidedRow>(db, 'post_changes_decide', decideStatement());

  const stored = preparedStatement<StoredRow>(
    db,
    'post_changes_stored',
    sql`select project_id, post_id, route, result from applied_mutations
      where mutation_id = ${sql.placeholder('mutationId')}`,
  );

  /** One round: changes to distinct posts, answered by the order of each in the request. */
  async function round(project: MutatedProject, round: { ord: number; change: PostChange }[]) {
    const outcomes = new Map<number, ChangeOutcome>();
    const byOrd = new Map(round.map((item) => [item.ord, item.change]));
    const recordOf = (change: PostChange) => ({
      projectId: project.id,
      postId: change.postId,
      route: routeOfKind[change.kind],
    });
    // In the order of the posts' ids: every request locks the posts it changes in that one order, so
    // two requests changing the same posts (two devices' outboxes) wait for each other, never deadlock.
    const sorted = [...round].sort((x, y) => (x.change.postId < y.change.postId ? -1 : 1));
    const rows: ChangeRow[] = sorted.map(({ ord, change }) => ({
      ord,
      mutation_id: change.mutationId ?? null,
      post_id: change.postId,
      route: routeOfKind[change.kind],
      answer: change.kind === 'answer' ? (change.answer ?? null) : null,
      base_version: change.kind === 'answer' ? (change.baseVersion ?? null) : null,
      approved: change.kind === 'approval' ? (change.approved ?? null) : null,
      relevant: change.kind === 'relevance' ? (change.relevant ?? null) : null,
    }));
    const values = { projectId: project.id, autopostingSetup: project.autopostingSetup };
    /** Changes whose mutation id another request recorded meanwhile: they answer what it stored. */
    const raced: number[] = [];
    for (const row of await retryDeadlock(() =>
      update({ ...values, ...arrays(rows), changes: JSON.stringify(rows) }),
    )) {
      if (row.claimed) outcomes.set(row.ord, { post: row.post });
      else raced.push(row.ord);
    }
    const left = rows.filter((row) => !outcomes.has(row.ord) && !raced.includes(row.ord));
    if (left.length > 0) {
      for (const row of await retryDeadlock(() =>
        decide({ ...values, ...arrays(left), changes: JSON.stringify(left) }),
      )) {
        const change = byOrd.get(row.ord);
        if (!change) continue;
        if (!row.found || !row.post || !row.outcome) {
          outcomes.set(
            row.ord,
            row.prior ? storedFor(recordOf(change), row.prior) : { refused: postNotFound() },
          );
          continue;
        }
        const refused = refusalOf(row.outcome, change.kind, row.post);
        if (refused) outcomes.set(row.ord, { refused });
        else if (change.mutationId && !row.claimed) raced.push(row.ord);
        else outcomes.set(row.ord, { post: row.post });
      }
    }
    for (const ord of raced) {
      const change = byOrd.get(ord);
      const [record] = change?.mutationId ? await stored({ mutationId: change.mutationId }) : [];
      outcomes.set(ord, change && record ? storedFor(recordOf(change), record) : { refused: postNotFound() });
    }
    return outcomes;
  }

  /** Applies the changes to posts of the project in their order; one outcome per change, in that order. */
  return async function applyChanges(
    project: MutatedProject,
    list: readonly PostChange[],
  ): Promise<ChangeOutcome[]> {
    const outcomes = new Map<number, ChangeOutcome>();
    // A post id that is not an id names no post: nothing to ask the database.
    const rounds: { ord: number; change: PostChange }[][] = [];
    const seen = new Map<string, number>();
    list.forEach((change, ord) => {
      if (!isUuid(change.postId)) {
        outcomes.set(ord, { refused: postNotFound() });
        return;
      }
      const index = seen.get(change.postId) ?? 0;
      seen.set(change.postId, index + 1);
      rounds[index] ??= [];
      rounds[index].push({ ord, change });
    });
    for (const changes of rounds)
      for (const [ord, outcome] of await round(project, changes)) outcomes.set(ord, outcome);
    return list.map((_, ord) => outcomes.get(ord) ?? { refused: postNotFound() });
  };
}
