import { and, asc, desc, eq, gte, inArray, ne, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import {
  autopostingSetups,
  posts,
  projects,
  publishAttempts,
  socials,
  subscriptions,
  workspaces,
} from '../db/schema';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export type AttemptRow = typeof publishAttempts.$inferSelect;

/** Failures that belong to one post, not the network: its reply is not tried again. */
export const postFailureKinds = ['thread_gone', 'thread_locked'];

/** The workspace has the Autopilot add-on (an active subscription with `autopost`): a condition over `projects`. */
const hasAutopilot = sql`exists (select 1 from ${subscriptions} where ${subscriptions.workspaceId} = ${projects.workspaceId} and ${subscriptions.active} and ${subscriptions.addons} @> '{"autopost": true}'::jsonb)`;

/** Hacker News is never published to: its guidelines forbid generated comments. */
const publishable = and(ne(socials.slug, 'hackernews'), eq(socials.enabled, true));

/**
 * The post's last attempt failed for a reason of its own (removed, locked), and the post has not changed
 * since (approved again, edited): it is not tried again.
 */
const failedForGood = sql`exists (select 1 from ${publishAttempts} where ${publishAttempts.postId} = ${posts.id} and ${publishAttempts.status} = 'failed' and ${inArray(publishAttempts.errorKind, postFailureKinds)} and ${posts.updatedAt} <= ${publishAttempts.finishedAt} and not exists (select 1 from ${publishAttempts} later where later.post_id = ${posts.id} and later.started_at > ${publishAttempts.startedAt}))`;

/** The projects with a reply to publish now: finished setup, the add-on, not paused, an approved post waiting. */
export async function duePublishingProjects(db: Database): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: projects.id })
    .from(posts)
    .innerJoin(projects, eq(projects.id, posts.projectId))
    .innerJoin(autopostingSetups, eq(autopostingSetups.projectId, projects.id))
    .innerJoin(socials, eq(socials.id, posts.socialId))
    .where(
      and(
        eq(posts.approved, true),
        eq(posts.published, false),
        eq(projects.autopostingSetup, true),
        eq(autopostingSetups.paused, false),
        sql`${autopostingSetups.profileId} is not null`,
        sql`${autopostingSetups.stopped} -> ${socials.slug} is null`,
        publishable,
        hasAutopilot,
        sql`not ${failedForGood}`,
      ),
    );
  return rows.map((row) => row.id);
}

/** What a run needs of the project: its profile, its switches and its workspace's pacing. */
export async function publishingProject(db: Database, projectId: string) {
  const [row] = await db
    .select({
      projectId: projects.id,
      setupFinished: projects.autopostingSetup,
      profileId: autopostingSetups.profileId,
      provider: autopostingSetups.provider,
      paused: autopostingSetups.paused,
      stopped: autopostingSetups.stopped,
      dailyCap: workspaces.autopostDailyCap,
      minGapMinutes: workspaces.autopostMinGapMinutes,
      autopilot: hasAutopilot.mapWith(Boolean),
    })
    .from(projects)
    .innerJoin(workspaces, eq(workspaces.id, projects.workspaceId))
    .innerJoin(autopostingSetups, eq(autopostingSetups.projectId, projects.id))
    .where(eq(projects.id, projectId));
  return row ?? null;
}

export type PublishingProject = NonNullable<Awaited<ReturnType<typeof publishingProject>>>;

/** The project's approved, unpublished posts on networks Autopilot publishes to, oldest first, with any live attempt. */
export async function waitingPosts(db: Database, projectId: string) {
  const live = db.select().from(publishAttempts).where(eq(publishAttempts.status, 'started')).as('live');
  return db
    .select({
      id: posts.id,
      url: posts.url,
      answer: posts.answer,
      publishNote: posts.publishNote,
      network: socials.slug,
      networkName: socials.name,
      attempt: {
        id: live.id,
        postId: live.postId,
        projectId: live.projectId,
        social: live.social,
        status: live.status,
        answer: live.answer,
        startedAt: live.startedAt,
        finishedAt: live.finishedAt,
        replyUrl: live.replyUrl,
        errorKind: live.errorKind,
        errorMessage: live.errorMessage,
      },
    })
    .from(posts)
    .innerJoin(socials, eq(socials.id, posts.socialId))
    .leftJoin(live, eq(live.postId, posts.id))
    .where(
      and(
        eq(posts.projectId, projectId),
        eq(posts.approved, true),
        eq(posts.published, false),
        publishable,
        sql`not ${failedForGood}`,
      ),
    )
    .orderBy(asc(socials.position), asc(posts.foundDate), asc(posts.publishedDate), asc(posts.id));
}

export type WaitingPost = Awaited<ReturnType<typeof waitingPosts>>[number];

/** The attempts that count for pacing on one account and network: every one but those abandoned unsent. */
export async function pacingOf(
  db: Database | Transaction,
  projectId: string,
  network: string,
  dayStart: Date,
) {
  const counted = and(
    eq(publishAttempts.projectId, projectId),
    eq(publishAttempts.social, network),
    ne(publishAttempts.status, 'abandoned'),
  );
  const [today] = await db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(publishAttempts)
    .where(and(counted, gte(publishAttempts.startedAt, dayStart)));
  const [last] = await db
    .select({ id: publishAttempts.id, startedAt: publishAttempts.startedAt })
    .from(publishAttempts)
    .where(counted)
    .orderBy(desc(publishAttempts.startedAt))
    .limit(1);
  return { today: today?.count ?? 0, last: last ?? null };
}

/**
 * Claims the post for publishing: in one transaction, the project's setup row is locked (so runs of one
 * account take turns), the caller's checks run on what is stored now, and the attempt is inserted with
 * the answer as it stands, only while the post is still approved and unpublished (the post's row is
 * locked as it is read, so an unapproval or an edit is either before the claim or refused after it). The unique index on
 * live attempts makes a second claim of the post insert nothing. Null: not claimed.
 */
export async function claimPost(
  db: Database,
  post: { id: string; network: string },
  projectId: string,
  now: Date,
  check: (tx: Transaction, setup: { paused: boolean; stopped: Record<string, string> }) => Promise<boolean>,
): Promise<AttemptRow | null> {
  return db.transaction(async (tx) => {
    const [setup] = await tx
      .select({ paused: autopostingSetups.paused, stopped: autopostingSetups.stopped })
      .from(autopostingSetups)
      .where(eq(autopostingSetups.projectId, projectId))
      .for('update');
    if (!setup || !(await check(tx, setup))) return null;
    const [attempt] = await tx
      .insert(publishAttempts)
      .select(
        tx
          .select({
            id: sql`gen_random_uuid()`.as('id'),
            postId: posts.id,
            projectId: posts.projectId,
            social: sql`${post.network}::text`.as('social'),
            status: sql`'started'`.as('status'),
            answer: posts.answer,
            startedAt: sql`${now.toISOString()}::timestamptz`.as('started_at'),
            finishedAt: sql`null::timestamptz`.as('finished_at'),
            replyUrl: sql`null::text`.as('reply_url'),
            errorKind: sql`null::text`.as('error_kind'),
            errorMessage: sql`null::text`.as('error_message'),
          })
          .from(posts)
          .where(
            and(
              eq(posts.id, post.id),
              eq(posts.projectId, projectId),
              eq(posts.approved, true),
              eq(posts.published, false),
              sql`btrim(${posts.answer}) <> ''`,
            ),
          )
          // Waits for an approval or an edit being written, then reads the post as it became.
          .for('update'),
      )
      .onConflictDoNothing()
      .returning();
    return attempt ?? null;
  });
}

/** The attempt went out: the post is published with the reply's link, in one transaction. */
export async function markPublished(db: Database, attempt: AttemptRow, replyUrl: string, now: Date) {
  await db.transaction(async (tx) => {
    const [settled] = await tx
      .update(publishAttempts)
      .set({ status: 'published', finishedAt: now, replyUrl })
      .where(and(eq(publishAttempts.id, attempt.id), eq(publishAttempts.status, 'started')))
      .returning({ id: publishAttempts.id });
    if (!settled) return;
    await tx
      .update(posts)
      .set({ published: true, publishedAt: now, replyUrl, publishNote: null, updatedAt: now })
      .where(eq(posts.id, attempt.postId));
  });
}

/** The attempt was never sent (looked for in the thread, not there): the post can be tried again. */
export async function markAbandoned(db: Database, attempt: AttemptRow, now: Date) {
  await db
    .update(publishAttempts)
    .set({ status: 'abandoned', finishedAt: now })
    .where(and(eq(publishAttempts.id, attempt.id), eq(publishAttempts.status, 'started')));
}

/**
 * The network stops: its entry in the setup's `stopped` set to `reason`, and the post's card says
 * `note`; with `attempt`, that attempt is recorded as failed (without, it stays started: whether it
 * went out is still unknown). The approval stays.
 */
export async function stopNetwork(
  db: Database,
  stop: {
    projectId: string;
    network: string;
    reason: string;
    postId: string;
    note: string;
    attempt?: { row: AttemptRow; kind: string; message: string };
  },
  now: Date,
) {
  await db.transaction(async (tx) => {
    if (stop.attempt)
      await tx
        .update(publishAttempts)
        .set({
          status: 'failed',
          finishedAt: now,
          errorKind: stop.attempt.kind,
          errorMessage: stop.attempt.message,
        })
        .where(and(eq(publishAttempts.id, stop.attempt.row.id), eq(publishAttempts.status, 'started')));
    await tx
      .update(autopostingSetups)
      .set({
        stopped: sql`${autopostingSetups.stopped} || jsonb_build_object(${stop.network}::text, ${stop.reason}::text)`,
        updatedAt: now,
      })
      .where(eq(autopostingSetups.projectId, stop.projectId));
    await tx.update(posts).set({ publishNote: stop.note }).where(eq(posts.id, stop.postId));
  });
}

/** Writes the note on the posts' cards where it says something else. */
export async function setNotes(db: Database, postIds: string[], note: string | null) {
  if (postIds.length === 0) return;
  await db
    .update(posts)
    .set({ publishNote: note })
    .where(
      and(
        inArray(posts.id, postIds),
        eq(posts.published, false),
        sql`${posts.publishNote} is distinct from ${note}`,
      ),
    );
}
