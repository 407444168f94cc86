import type { RouteData } from '@contract/api';
import type { Post, Project, Social, Subscription } from '@contract/entities';
import type { MirrorDb, MirrorPost } from '@/db/mirror';
import {
  type PostsSlice,
  writeFoundDates,
  writeKeywords,
  writePosts,
  writeProjects,
  writePublishedPosts,
  writeSocials,
  writeSubscription,
} from '@/db/mirror-writes';
import { newestPublishedFirst } from '@/lib/dates';
import type { KeptCopy } from '@/lib/read-through';

/**
 * Where each answer the app keeps is kept in the mirror, and how it is read back (`useApi`'s `kept`).
 * Each read answers undefined rather than an empty list: an empty copy would send the person to
 * onboarding while offline, or show a day with nothing found.
 */
export const keptCopies = {
  projects: (db: MirrorDb, workspaceId: string): KeptCopy<Project[]> => ({
    place: [db, workspaceId],
    keep: (projects) => writeProjects(db, workspaceId, projects),
    read: async () => {
      const rows = await db.projects.filter((project) => project.workspaceId === workspaceId).toArray();
      if (rows.length === 0) return undefined;
      return rows
        .sort((a, b) => a.position - b.position)
        .map(({ workspaceId: _workspace, position: _position, ...project }) => project);
    },
  }),

  subscription: (db: MirrorDb, workspaceId: string): KeptCopy<Subscription> => ({
    place: [db, workspaceId],
    keep: (subscription) => writeSubscription(db, workspaceId, subscription),
    read: async () => {
      const row = await db.subscription.get(workspaceId);
      if (!row) return undefined;
      const { workspaceId: _workspace, ...subscription } = row;
      return subscription;
    },
  }),

  socials: (db: MirrorDb): KeptCopy<Social[]> => ({
    place: [db],
    keep: (socials) => writeSocials(db, socials),
    read: async () => {
      const rows = await db.socials.orderBy('position').toArray();
      return rows.length === 0 ? undefined : rows.map(({ position: _position, ...social }) => social);
    },
  }),

  localBilling: (db: MirrorDb, workspaceId: string): KeptCopy<RouteData<'getLocalBilling'>> => ({
    place: [db, workspaceId],
    keep: async (billing) => {
      await db.localBilling.put({ ...billing, workspaceId });
    },
    read: async () => {
      const row = await db.localBilling.get(workspaceId);
      if (!row) return undefined;
      const { workspaceId: _workspace, ...billing } = row;
      return billing;
    },
  }),

  /** A project's found dates; the copy does not know whether a search goes on, so it says none does. */
  foundDates: (db: MirrorDb, projectId: string): KeptCopy<RouteData<'listFoundDates'>> => ({
    place: [db, projectId],
    keep: (answer) => writeFoundDates(db, projectId, answer.foundDates),
    read: async () => {
      const rows = await db.foundDates
        .where('[projectId+date]')
        .between([projectId, ''], [projectId, '\uffff'])
        .toArray();
      return rows.length > 0 ? { foundDates: rows.map((row) => row.date), running: false } : undefined;
    },
  }),

  /** The keywords of one found date. */
  keywords: (db: MirrorDb, projectId: string, date: string): KeptCopy<RouteData<'listKeywordsForDate'>> => ({
    place: [db, projectId, date],
    keep: (answer) => writeKeywords(db, projectId, date, answer.keywords),
    read: async () => {
      const row = await db.keywordsByDate.get([projectId, date]);
      return row ? { keywords: row.keywords.map((name) => ({ name })) } : undefined;
    },
  }),

  /**
   * One social's posts on one found date, newest first, with what this device changed in them and has
   * not sent yet: the copy a person edits (`src/sync/`).
   */
  posts: (db: MirrorDb, slice: PostsSlice): KeptCopy<Post[], MirrorPost[]> => ({
    place: [db, slice.projectId, slice.social, slice.foundDate, slice.keyword],
    keep: (posts) => writePosts(db, slice, posts),
    read: async () => {
      const rows = await db.posts
        .where('[projectId+social+foundDate]')
        .equals([slice.projectId, slice.social, slice.foundDate])
        .toArray();
      const shown = rows.filter((post) => !slice.keyword || post.keyword === slice.keyword);
      return shown.length > 0 ? shown.sort(newestPublishedFirst) : undefined;
    },
  }),

  /** The project's published replies, newest first, wherever they were found. */
  published: (db: MirrorDb, projectId: string): KeptCopy<Post[], MirrorPost[]> => ({
    place: [db, projectId],
    keep: (posts) => writePublishedPosts(db, projectId, posts),
    read: async () => {
      const rows = await db.posts.filter((post) => post.projectId === projectId && post.published).toArray();
      return rows.length > 0 ? rows.sort(newestPublishedFirst) : undefined;
    },
  }),
};
