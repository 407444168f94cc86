import type { Post, Project, Social, Subscription } from '@contract/entities';
import type { MirrorDb, MirrorPost, OutboxRow } from '@/db/mirror';
import { withQuotaRetry } from '@/db/quota';
import { parkedReasonOf, syncStateOf } from '@/db/sync-state';

/** Where a list of posts came from: `GET /api/posts/{social}` for one project and found date. */
export interface PostsSlice {
  projectId: string;
  social: string;
  foundDate: string;
  /** Set when the list was filtered by keyword: then it is not the whole slice and nothing is removed. */
  keyword?: string | undefined;
}

/**
 * The server's post merged with what this device holds: while answer rows wait in the outbox the local
 * answer (and the version it is based on) stays; while approval rows wait the local approval stays.
 */
export function mergeServerPost(
  server: Post,
  place: Pick<MirrorPost, 'projectId' | 'social' | 'foundDate'>,
  existing: MirrorPost | undefined,
  rows: readonly OutboxRow[],
): MirrorPost {
  const answerPending = rows.some((row) => row.kind === 'answer');
  const approvalPending = rows.some((row) => row.kind === 'approval');
  // A conflict shown to the person compares against the newest server text they could keep.
  const shown = existing?.conflict ?? null;
  const conflict =
    shown && server.answerVersion > shown.serverVersion
      ? { serverAnswer: server.answer, serverVersion: server.answerVersion }
      : shown;
  return {
    ...server,
    ...place,
    answer: answerPending && existing ? existing.answer : server.answer,
    answerVersion: answerPending && existing ? existing.answerVersion : server.answerVersion,
    approved: approvalPending && existing ? existing.approved : server.approved,
    syncState: syncStateOf(conflict, rows),
    parkedReason: parkedReasonOf(rows),
    conflict,
  };
}

function rowsByPost(rows: readonly OutboxRow[]): Map<string, OutboxRow[]> {
  const byPost = new Map<string, OutboxRow[]>();
  for (const row of rows) byPost.set(row.postId, [...(byPost.get(row.postId) ?? []), row]);
  return byPost;
}

async function mergePosts(
  db: MirrorDb,
  posts: readonly Post[],
  placeOf: (existing: MirrorPost | undefined) => Pick<MirrorPost, 'projectId' | 'social' | 'foundDate'>,
): Promise<void> {
  const ids = posts.map((post) => post.id);
  const existing = await db.posts.bulkGet(ids);
  const pending = rowsByPost(await db.outbox.where('postId').anyOf(ids).toArray());
  await db.posts.bulkPut(
    posts.map((post, index) => {
      const current = existing[index];
      return mergeServerPost(post, placeOf(current), current, pending.get(post.id) ?? []);
    }),
  );
}

/**
 * Writes one `listPosts` answer into the mirror. An unfiltered list replaces its slice: posts no longer
 * listed are removed, unless they have changes waiting in the outbox.
 */
export function writePosts(db: MirrorDb, slice: PostsSlice, posts: readonly Post[]): Promise<void> {
  const { projectId, social, foundDate } = slice;
  return withQuotaRetry(db, () =>
    db.transaction('rw', db.posts, db.outbox, async () => {
      if (slice.keyword === undefined) {
        const listed = new Set(posts.map((post) => post.id));
        const withChanges = new Set((await db.outbox.toArray()).map((row) => row.postId));
        const gone = (
          await db.posts
            .where('[projectId+social+foundDate]')
            .equals([projectId, social, foundDate])
            .primaryKeys()
        ).filter((id) => !listed.has(id) && !withChanges.has(id));
        await db.posts.bulkDelete(gone);
      }
      await mergePosts(db, posts, () => ({ projectId, social, foundDate }));
    }),
  );
}

/** Writes `listPublishedPosts` into the mirror, keeping where a post was found when it is already known. */
export function writePublishedPosts(db: MirrorDb, projectId: string, posts: readonly Post[]): Promise<void> {
  return withQuotaRetry(db, () =>
    db.transaction('rw', db.posts, db.outbox, () =>
      mergePosts(db, posts, (existing) => ({
        projectId,
        social: existing?.social ?? '',
        foundDate: existing?.foundDate ?? '',
      })),
    ),
  );
}

/** Writes one post a write route answered with (its mirror place is kept). */
export function writePost(db: MirrorDb, projectId: string, post: Post): Promise<void> {
  return writePublishedPosts(db, projectId, [post]);
}

/** Replaces the projects list of a workspace, keeping the API's order. */
export function writeProjects(
  db: MirrorDb,
  workspaceId: string,
  projects: readonly Project[],
): Promise<void> {
  return withQuotaRetry(db, () =>
    db.transaction('rw', db.projects, async () => {
      await db.projects.filter((project) => project.workspaceId === workspaceId).delete();
      await db.projects.bulkPut(projects.map((project, position) => ({ ...project, workspaceId, position })));
    }),
  );
}

/** Replaces the socials list, keeping the API's order in `position`. */
export function writeSocials(db: MirrorDb, socials: readonly Social[]): Promise<void> {
  return withQuotaRetry(db, () =>
    db.transaction('rw', db.socials, async () => {
      await db.socials.clear();
      await db.socials.bulkPut(socials.map((social, position) => ({ ...social, position })));
    }),
  );
}

/** Replaces a project's found dates. */
export function writeFoundDates(db: MirrorDb, projectId: string, dates: readonly string[]): Promise<void> {
  return withQuotaRetry(db, () =>
    db.transaction('rw', db.foundDates, async () => {
      await db.foundDates.where('[projectId+date]').between([projectId, ''], [projectId, '\uffff']).delete();
      await db.foundDates.bulkPut(dates.map((date) => ({ projectId, date })));
    }),
  );
}

/** Writes the keywords of one found date. */
export function writeKeywords(
  db: MirrorDb,
  projectId: string,
  date: string,
  keywords: readonly { name: string }[],
): Promise<void> {
  return withQuotaRetry(db, async () => {
    await db.keywordsByDate.put({ projectId, date, keywords: keywords.map((keyword) => keyword.name) });
  });
}

/** Writes the active workspace's subscription. */
export function writeSubscription(
  db: MirrorDb,
  workspaceId: string,
  subscription: Subscription,
): Promise<void> {
  return withQuotaRetry(db, async () => {
    await db.subscription.put({ ...subscription, workspaceId });
  });
}

/** Every table a write of a first screen's answers touches. */
function firstScreenTables(db: MirrorDb) {
  return [db.socials, db.foundDates, db.keywordsByDate, db.posts, db.outbox, db.projects, db.subscription];
}

/**
 * Runs several of the writes above in one transaction: one commit, and one round of live queries told
 * of it, instead of one of each per write.
 */
export function writeTogether(db: MirrorDb, writes: readonly (() => Promise<void>)[]): Promise<void> {
  return withQuotaRetry(db, () =>
    db.transaction('rw', firstScreenTables(db), async () => {
      for (const write of writes) await write();
    }),
  );
}
