import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { discoveryRuns, projects, subscriptions } from '../db/schema';
import { foundDateOf } from '../discovery/pipeline';
import type { DiscoveryJob } from './job-queue';

/** The project's workspace has an active subscription (a query's condition over `projects`). */
const subscribed = sql`exists (select 1 from ${subscriptions} where ${subscriptions.workspaceId} = ${projects.workspaceId} and ${subscriptions.active})`;

/** Whether a project's workspace has an active subscription: discovery runs for those only. */
export async function isProjectSubscribed(db: Database, projectId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.id, projectId), subscribed));
  return row !== undefined;
}

/** A run that failed this many times is left for the next day (its errors are recorded on it). */
export const maxRunAttempts = 3;

/**
 * The discovery runs due at `now`, for every reviewed project of a workspace with an active
 * subscription:
 * - a project that has never had a run (its first run, asked for at review, was lost) is due at once;
 * - from `hour` (UTC) on, a project whose run of today is not finished is due, unless it failed
 *   `maxRunAttempts` times already.
 * A run another process is working on may be listed; claiming it then does nothing.
 */
export async function dueDiscoveryRuns(db: Database, now: Date, hour: number): Promise<DiscoveryJob[]> {
  const today = foundDateOf(now);
  const afterHour = now.getUTCHours() >= hour;
  const neverRun = sql`not exists (select 1 from ${discoveryRuns} where ${discoveryRuns.projectId} = ${projects.id})`;
  const todayDone = sql`exists (select 1 from ${discoveryRuns} where ${discoveryRuns.projectId} = ${projects.id} and ${discoveryRuns.foundDate} = ${today} and (${discoveryRuns.status} = 'finished' or (${discoveryRuns.status} = 'failed' and ${discoveryRuns.attempts} >= ${maxRunAttempts})))`;
  const rows = await db
    .select({ id: projects.id })
    .from(projects)
    .where(
      and(
        eq(projects.reviewed, true),
        subscribed,
        afterHour ? sql`(${neverRun} or not ${todayDone})` : neverRun,
      ),
    )
    .orderBy(projects.createdAt, projects.id);
  return rows.map((row) => ({ projectId: row.id, foundDate: today }));
}
