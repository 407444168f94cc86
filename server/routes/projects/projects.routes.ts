import { api } from '@contract/api';
import type { Project } from '@contract/entities';
import { limits } from '@contract/messages';
import { asc, eq } from 'drizzle-orm';
import { projects } from '../../db/schema';
import type { Env } from '../../env';
import type { Bind } from '../../http/bind-route';
import type { AppDeps } from '../../http/deps';

type ProjectRow = typeof projects.$inferSelect;

/** How many keywords a workspace's projects may keep: 5, or 30 for the workspaces configured for more. */
export function keywordsLimitFor(env: Env, workspaceId: string): number {
  return env.KEYWORDS_WIDE_WORKSPACES.includes(workspaceId)
    ? limits.keywordsMaxDesignated
    : limits.keywordsMax;
}

/** The API's view of a stored project. */
export function toProject(row: ProjectRow, keywordsLimit: number): Project {
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    description: row.description,
    goal: row.goal,
    tov: row.tov,
    keywords: row.keywords.map((keyword) => ({ name: keyword.name, filter: keyword.filter })),
    reviewed: row.reviewed,
    autopostingSetup: row.autopostingSetup,
    keywordsLimit,
  };
}

export function registerProjectRoutes(bind: Bind, { db, env }: AppDeps): void {
  bind(api.listProjects, async (c) => {
    const { workspaceId } = c.get('principal');
    if (!workspaceId) return [];
    const rows = await db
      .select()
      .from(projects)
      .where(eq(projects.workspaceId, workspaceId))
      .orderBy(asc(projects.createdAt), asc(projects.id));
    const keywordsLimit = keywordsLimitFor(env, workspaceId);
    return rows.map((row) => toProject(row, keywordsLimit));
  });
}
