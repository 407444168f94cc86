import { api } from '@contract/api';
import type { Project } from '@contract/entities';
import { asc, eq } from 'drizzle-orm';
import { projects } from '../../db/schema';
import type { Bind } from '../../http/bind-route';
import type { AppDeps } from '../../http/deps';

type ProjectRow = typeof projects.$inferSelect;

/** The API's view of a stored project. */
export function toProject(row: ProjectRow): Project {
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
  };
}

export function registerProjectRoutes(bind: Bind, { db }: AppDeps): void {
  bind(api.listProjects, async (c) => {
    const { workspaceId } = c.get('principal');
    if (!workspaceId) return [];
    const rows = await db
      .select()
      .from(projects)
      .where(eq(projects.workspaceId, workspaceId))
      .orderBy(asc(projects.createdAt), asc(projects.id));
    return rows.map(toProject);
  });
}
