import type { Post, Project, Social, Subscription } from '@contract/entities';
import Dexie, { type Table } from 'dexie';
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
  // An answer waiting in the outbox stays; so does one newer than the server's reply, read before the
  // device's own edit landed there (a list fetched while the edit was sent).
  const answerPending =
    rows.some((row) => row.kind === 'answer') ||
    (existing !== undefined && server.answerVersion < existing.answerVersion);
  const approvalPending = rows.some((row) => row.kind === 'approval');
  // The server lists only posts it shows; while a relevance mark waits, the device's choice stays.
  const hidden = rows.some((row) => row.kind === 'relevance') && existing?.hidden === true;
  // A conflict shown to the person compares against the newest server text they could keep.
  const shown = existing?.conflict ?? null;
  const conflict =
    shown && server.answerVersion > shown.serverVersion
      ? { serverAnswer: server.answer, serverVersion: server.answerVersion }
      : shown;
  // A newer answer taken from the server with nothing of this device's waiting is someone else's edit.
  const taken = !answerPending && (existing === undefined || server.answerVersion > existing.answerVersion);
  const foreignVersion = taken ? server.answerVersion : existing?.foreignVersion;
  return {
    ...server,
    ...place,
    answer: answerPending && existing ? existing.answer : server.answer,
    answerVersion: answerPending && existing ? existing.answerVersion : server.answerVersion,
    approved: approvalPending && existing ? existing.approved : server.approved,
    syncState: syncStateOf(conflict, rows),
    parkedReason: parkedReasonOf(rows),
    conflict,
    ...(hidden ? { hidden } : {}),
    ...(foreignVersion === undefined ? {} : { foreignVersion }),
  };
}

function rowsByPost(rows: readonly OutboxRow[]): Map<string, OutboxRow[]> {
  const byPost = new Map<string, OutboxRow[]>();
  for (const row of rows) byPost.set(row.postId, [...(byPost.get(row.postId) ?? []), row]);
  return byPost;
}

/**
 * One change to the mirror, made inside a transaction that holds the tables it touches. Each is a chain of
 * Dexie's own promises, never an `async` function, so that it stays inside that transaction however many
 * are chained in one (`writeTogether`) and whatever else the app asks of the mirror meanwhile: a native
 * `await` between two steps can lose the transaction, which then commits before the chain is done
 * (Dexie's PrematureCommitError).
 */
type MirrorStep = () => PromiseLike<unknown>;

/** A step's tables and the step: what `writeTogether` runs, and what each write below runs on its own. */
interface MirrorWrite {
  tables: Table[];
  step: MirrorStep;
}

function mergePosts(
  db: MirrorDb,
  posts: readonly Post[],
  placeOf: (existing: MirrorPost | undefined) => Pick<MirrorPost, 'projectId' | 'social' | 'foundDate'>,
): PromiseLike<unknown> {
  const ids = posts.map((post) => post.id);
  return db.posts.bulkGet(ids).then((existing) =>
    db.outbox
      .where('postId')
      .anyOf(ids)
      .toArray()
      .then((rows) => {
        const pending = rowsByPost(rows);
        return putInSlices(
          db.posts,
          posts.map((post, index) => {
            const current = existing[index];
            return mergeServerPost(post, placeOf(current), current, pending.get(post.id) ?? []);
          }),
        );
      }),
  );
}

/**
 * How many posts one request of a write puts. Putting a post copies it whole (a long text and its answer)
 * while the page waits, so a day of 50 in one request is a long task on a phone; each slice is asked for
 * once the one before is written, in a task of its own, in the same transaction.
 */
export const POSTS_PER_PUT = 10;

/** Puts `rows` a slice at a time, each after the last, inside the transaction the chain runs in. */
function putInSlices(table: MirrorDb['posts'], rows: readonly MirrorPost[]): PromiseLike<unknown> {
  let chain: PromiseLike<unknown> = table.bulkPut(rows.slice(0, POSTS_PER_PUT));
  for (let start = POSTS_PER_PUT; start < rows.length; start += POSTS_PER_PUT) {
    const slice = rows.slice(start, start + POSTS_PER_PUT);
    chain = chain.then(() => table.bulkPut(slice));
  }
  return chain;
}

/** Runs one write in a transaction of its own, retried once after pruning when the device is full. */
const run = (db: MirrorDb, write: MirrorWrite): Promise<void> => writeTogether(db, [write]);

/**
 * One `listPosts` answer for the mirror. An unfiltered list replaces its slice: posts no longer listed are
 * removed, unless they have changes waiting in the outbox.
 */
function postsWrite(db: MirrorDb, slice: PostsSlice, posts: readonly Post[]): MirrorWrite {
  const { projectId, social, foundDate } = slice;
  const place = () => ({ projectId, social, foundDate });
  const removeUnlisted = () => {
    const listed = new Set(posts.map((post) => post.id));
    return db.outbox.toArray().then((rows) => {
      const withChanges = new Set(rows.map((row) => row.postId));
      return db.posts
        .where('[projectId+social+foundDate]')
        .equals([projectId, social, foundDate])
        .primaryKeys()
        .then((ids) => db.posts.bulkDelete(ids.filter((id) => !listed.has(id) && !withChanges.has(id))));
    });
  };
  return {
    tables: [db.posts, db.outbox],
    step: () =>
      slice.keyword === undefined
        ? removeUnlisted().then(() => mergePosts(db, posts, place))
        : mergePosts(db, posts, place),
  };
}

/** Writes one `listPosts` answer into the mirror (see `postsWrite`). */
export function writePosts(db: MirrorDb, slice: PostsSlice, posts: readonly Post[]): Promise<void> {
  return run(db, postsWrite(db, slice, posts));
}

/** Writes `listPublishedPosts` into the mirror, keeping where a post was found when it is already known. */
export function writePublishedPosts(db: MirrorDb, projectId: string, posts: readonly Post[]): Promise<void> {
  return run(db, {
    tables: [db.posts, db.outbox],
    step: () =>
      mergePosts(db, posts, (existing) => ({
        projectId,
        social: existing?.social ?? '',
        foundDate: existing?.foundDate ?? '',
      })),
  });
}

/** Writes one post a write route answered with (its mirror place is kept). */
export function writePost(db: MirrorDb, projectId: string, post: Post): Promise<void> {
  return writePublishedPosts(db, projectId, [post]);
}

/** The projects list of a workspace, replacing what the mirror holds of it, in the API's order. */
function projectsWrite(db: MirrorDb, workspaceId: string, projects: readonly Project[]): MirrorWrite {
  return {
    tables: [db.projects],
    step: () =>
      db.projects
        .filter((project) => project.workspaceId === workspaceId)
        .delete()
        .then(() =>
          db.projects.bulkPut(projects.map((project, position) => ({ ...project, workspaceId, position }))),
        ),
  };
}

/** Replaces the projects list of a workspace, keeping the API's order. */
export function writeProjects(
  db: MirrorDb,
  workspaceId: string,
  projects: readonly Project[],
): Promise<void> {
  return run(db, projectsWrite(db, workspaceId, projects));
}

/** The socials list, replacing the mirror's, with the API's order in `position`. */
function socialsWrite(db: MirrorDb, socials: readonly Social[]): MirrorWrite {
  return {
    tables: [db.socials],
    step: () =>
      db.socials
        .clear()
        .then(() => db.socials.bulkPut(socials.map((social, position) => ({ ...social, position })))),
  };
}

/** Replaces the socials list, keeping the API's order in `position`. */
export function writeSocials(db: MirrorDb, socials: readonly Social[]): Promise<void> {
  return run(db, socialsWrite(db, socials));
}

/** A project's found dates, replacing the mirror's. */
function foundDatesWrite(db: MirrorDb, projectId: string, dates: readonly string[]): MirrorWrite {
  return {
    tables: [db.foundDates],
    step: () =>
      db.foundDates
        .where('[projectId+date]')
        .between([projectId, ''], [projectId, '\uffff'])
        .delete()
        .then(() => db.foundDates.bulkPut(dates.map((date) => ({ projectId, date })))),
  };
}

/** Replaces a project's found dates. */
export function writeFoundDates(db: MirrorDb, projectId: string, dates: readonly string[]): Promise<void> {
  return run(db, foundDatesWrite(db, projectId, dates));
}

/** The keywords of one found date. */
function keywordsWrite(
  db: MirrorDb,
  projectId: string,
  date: string,
  keywords: readonly { name: string }[],
): MirrorWrite {
  return {
    tables: [db.keywordsByDate],
    step: () => db.keywordsByDate.put({ projectId, date, keywords: keywords.map((keyword) => keyword.name) }),
  };
}

/** Writes the keywords of one found date. */
export function writeKeywords(
  db: MirrorDb,
  projectId: string,
  date: string,
  keywords: readonly { name: string }[],
): Promise<void> {
  return run(db, keywordsWrite(db, projectId, date, keywords));
}

/** The active workspace's subscription. */
function subscriptionWrite(db: MirrorDb, workspaceId: string, subscription: Subscription): MirrorWrite {
  return {
    tables: [db.subscription],
    step: () => db.subscription.put({ ...subscription, workspaceId }),
  };
}

/** Writes the active workspace's subscription. */
export function writeSubscription(
  db: MirrorDb,
  workspaceId: string,
  subscription: Subscription,
): Promise<void> {
  return run(db, subscriptionWrite(db, workspaceId, subscription));
}

/**
 * Runs several of the writes above in one transaction: one commit, and one round of live queries told
 * of it, instead of one of each per write. The steps are chained, each starting when the last is done.
 */
function writeTogether(db: MirrorDb, writes: readonly MirrorWrite[]): Promise<void> {
  const tables = [...new Set(writes.flatMap((write) => write.tables))];
  return withQuotaRetry(db, () =>
    db
      .transaction('rw', tables, () =>
        writes.reduce<PromiseLike<unknown>>(
          (done, write) => done.then(() => write.step()),
          Dexie.Promise.resolve(),
        ),
      )
      .then(() => undefined),
  );
}
