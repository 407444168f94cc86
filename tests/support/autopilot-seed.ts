import { and, eq } from 'drizzle-orm';
import type { Database } from '../../server/db/client';
import {
  autopostingSetups,
  posts,
  projects,
  publishAttempts,
  subscriptions,
  workspaces,
} from '../../server/db/schema';
import { syncSocials } from '../../server/routes/socials/socials.routes';
import { seedPost, tallybirdProject } from './seed';

/** Every network, as the server lists them (names are what the cards say). */
export const allSocials = [
  { slug: 'reddit', name: 'Reddit' },
  { slug: 'hackernews', name: 'Hacker News' },
  { slug: 'x', name: 'X' },
  { slug: 'bluesky', name: 'Bluesky' },
  { slug: 'mastodon', name: 'Mastodon' },
  { slug: 'linkedin', name: 'LinkedIn' },
] as const;

export const seedSocials = (db: Database) => syncSocials(db, allSocials);

export interface AutopilotProjectOptions {
  /** The browser profile the project publishes through. */
  profileId: string;
  dailyCap?: number;
  minGapMinutes?: number;
  paused?: boolean;
  /** The workspace bought the Autopilot add-on (default true). */
  addon?: boolean;
  /** The wizard was finished (default true). */
  setupFinished?: boolean;
  stopped?: Record<string, string>;
}

/**
 * A workspace on Autopilot with one reviewed project whose setup is finished, stored straight in the
 * database: the state the wizard and the checkout leave behind.
 */
export async function seedAutopilotProject(db: Database, name: string, options: AutopilotProjectOptions) {
  const [workspace] = await db
    .insert(workspaces)
    .values({
      name,
      autopostDailyCap: options.dailyCap ?? 5,
      autopostMinGapMinutes: options.minGapMinutes ?? 20,
    })
    .returning();
  if (!workspace) throw new Error('no workspace');
  await db.insert(subscriptions).values({
    workspaceId: workspace.id,
    provider: 'local',
    status: 'active',
    active: true,
    addons: { autopost: options.addon ?? true },
  });
  const [project] = await db
    .insert(projects)
    .values({
      workspaceId: workspace.id,
      ...tallybirdProject,
      name,
      autopostingSetup: options.setupFinished ?? true,
    })
    .returning();
  if (!project) throw new Error('no project');
  await db.insert(autopostingSetups).values({
    projectId: project.id,
    step: options.setupFinished === false ? 'checkSocials' : 'finish',
    provider: 'local',
    profileId: options.profileId,
    email: 'olive@example.com',
    country: 'US',
    os: 'linux',
    paused: options.paused ?? false,
    stopped: options.stopped ?? {},
  });
  return { workspace, project };
}

/** An approved reply to a thread, as a person leaves it after pressing Publish. */
export const seedApprovedPost = (
  db: Database,
  projectId: string,
  social: string,
  url: string,
  answer = 'We send a polite reminder on day 3, then a firmer one on day 10.',
) => seedPost(db, projectId, { social, url, answer, approved: true });

export async function storedPost(db: Database, postId: string) {
  const [row] = await db.select().from(posts).where(eq(posts.id, postId));
  if (!row) throw new Error(`no post ${postId}`);
  return row;
}

export const attemptsOf = (db: Database, postId: string) =>
  db
    .select()
    .from(publishAttempts)
    .where(eq(publishAttempts.postId, postId))
    .orderBy(publishAttempts.startedAt);

export async function setupOf(db: Database, projectId: string) {
  const [row] = await db.select().from(autopostingSetups).where(eq(autopostingSetups.projectId, projectId));
  if (!row) throw new Error(`no setup for ${projectId}`);
  return row;
}

/** An attempt a run left behind when its process died, started at `startedAt`. */
export async function leftAttempt(
  db: Database,
  post: { id: string; projectId: string; answer: string },
  social: string,
  startedAt: Date,
) {
  const [row] = await db
    .insert(publishAttempts)
    .values({
      postId: post.id,
      projectId: post.projectId,
      social,
      status: 'started',
      answer: post.answer,
      startedAt,
    })
    .returning();
  if (!row) throw new Error('no attempt');
  return row;
}

export const clearStops = (db: Database, projectId: string) =>
  db
    .update(autopostingSetups)
    .set({ stopped: {} })
    .where(and(eq(autopostingSetups.projectId, projectId)));
