import { api } from '@contract/api';
import type { Project } from '@contract/entities';
import { fieldMessages, limits } from '@contract/messages';
import { and, asc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { projects, workspaces } from '../../db/schema';
import { DomainError } from '../../domain/errors';
import { isUuid } from '../../domain/ids';
import { draftingError } from '../../generation/generation-error';
import type { AppEnv, Bind } from '../../http/bind-route';
import type { AppDeps } from '../../http/deps';
import { KeyLimit } from '../../http/key-limit';
import type { JobQueue } from '../../jobs/job-queue';
import type { Logger } from '../../logger';
import { projectValues, storedKeywords, storedUrl } from './project-input';

type ProjectRow = typeof projects.$inferSelect;

/** How many keywords a workspace's projects may keep: 5, or 30 where the workspace has wide keywords. */
function keywordsLimitFor(wideKeywords: boolean): number {
  return wideKeywords ? limits.keywordsMaxDesignated : limits.keywordsMax;
}

const noSuchProject = () =>
  new DomainError('not-found', 'not_found', 'There is no such project in your active workspace', {
    field: 'id',
  });

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
    keywordProposals: row.keywordProposals,
  };
}

/** The caller's active workspace; projects live in one. */
function activeWorkspace(c: Context<AppEnv>): string {
  const { workspaceId } = c.get('principal');
  if (!workspaceId)
    throw new DomainError(
      'forbidden',
      'forbidden',
      'Set up or choose a workspace first: projects belong to a workspace',
    );
  return workspaceId;
}

/**
 * Calls that read a product page (generate from a link, regenerate the description or the tone of voice
 * of a project with a link) allowed per account and per workspace in any ten minutes: each read can keep a
 * page reader busy for its whole budget (decision 021).
 */
const pageReadLimits = { perAccount: 10, perWorkspace: 15, windowMs: 10 * 60_000 } as const;

const inMinutes = (ms: number) => {
  const minutes = Math.ceil(ms / 60_000);
  return minutes <= 1 ? 'a minute' : `${minutes} minutes`;
};

/** Counts a page read against the caller and the workspace, or refuses it with 429 and when to retry. */
function pageReadCounter() {
  const byAccount = new KeyLimit(pageReadLimits.perAccount, pageReadLimits.windowMs);
  const byWorkspace = new KeyLimit(pageReadLimits.perWorkspace, pageReadLimits.windowMs);
  return (c: Context<AppEnv>, workspaceId: string) => {
    const { userId } = c.get('principal');
    const accountWait = byAccount.waitMs(userId);
    const workspaceWait = byWorkspace.waitMs(workspaceId);
    const wait = Math.max(accountWait, workspaceWait);
    if (wait > 0) {
      c.header('Retry-After', String(Math.ceil(wait / 1000)));
      const who = accountWait >= workspaceWait ? 'You have' : 'Your workspace has';
      throw new DomainError(
        'limited',
        'rate_limited',
        `${who} asked ReplyRadar to read product pages too often. Try again in ${inMinutes(wait)}, or write the description yourself.`,
      );
    }
    byAccount.count(userId);
    byWorkspace.count(workspaceId);
  };
}

/** Runs a drafter call; a page that cannot be read or a failed model answer becomes its envelope error. */
async function drafting<T>(logger: Logger, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const refusal = draftingError(error);
    if (!refusal) throw error;
    logger.warn({ err: error, code: refusal.code }, 'drafting failed');
    throw refusal;
  }
}

/**
 * The first review asks for the project's first discovery run at once. A request that cannot be queued
 * does not fail the save: the worker's sweep runs every reviewed project that never had a run.
 */
async function requestFirstDiscovery(jobs: JobQueue, logger: Logger, projectId: string): Promise<void> {
  try {
    await jobs.requestDiscovery({ projectId });
  } catch (error) {
    logger.error({ err: error, projectId }, 'could not queue the first discovery run');
  }
}

export function registerProjectRoutes(
  bind: Bind,
  {
    db,
    drafter,
    logger,
    jobs,
    keywordEstimates,
  }: Pick<AppDeps, 'db' | 'drafter' | 'logger' | 'jobs' | 'keywordEstimates'>,
): void {
  const countPageRead = pageReadCounter();

  /** The workspace's keywords limit and its project `id` (null when it has none by that id), in one query. */
  async function projectOfWorkspace(
    workspaceId: string,
    id: string,
  ): Promise<{ keywordsLimit: number; project: ProjectRow | null }> {
    const [row] = await db
      .select({ wideKeywords: workspaces.wideKeywords, project: getTableColumns(projects) })
      .from(workspaces)
      .leftJoin(
        projects,
        isUuid(id) ? and(eq(projects.id, id), eq(projects.workspaceId, workspaces.id)) : sql`false`,
      )
      .where(eq(workspaces.id, workspaceId));
    return { keywordsLimit: keywordsLimitFor(row?.wideKeywords ?? false), project: row?.project ?? null };
  }

  bind(api.listProjects, async (c) => {
    const { workspaceId } = c.get('principal');
    if (!workspaceId) return [];
    const rows = await db
      .select({ project: projects, wideKeywords: workspaces.wideKeywords })
      .from(projects)
      .innerJoin(workspaces, eq(workspaces.id, projects.workspaceId))
      .where(eq(projects.workspaceId, workspaceId))
      .orderBy(asc(projects.createdAt), asc(projects.id));
    return rows.map(({ project, wideKeywords }) => toProject(project, keywordsLimitFor(wideKeywords)));
  });

  // Drafts the project from its page (or description) and stores it, unreviewed, as the workspace's
  // project: the first project of a workspace is its current one, so a second call updates it.
  bind(api.generateProject, async (c, { body }) => {
    const workspaceId = activeWorkspace(c);
    const url = body.noWebsite ? null : storedUrl(body.url ?? '');
    const description = body.noWebsite ? (body.description ?? '').trim() : null;
    if (url !== null) countPageRead(c, workspaceId);
    const generated = await drafting(logger, () =>
      drafter.generateProject({ goal: body.goal, url, description }),
    );
    const weekly = await keywordEstimates.weeklyPosts(generated.proposals.map((keyword) => keyword.name));
    const values = {
      name: generated.name,
      url,
      noWebsite: url === null,
      description: generated.description,
      goal: body.goal,
      tov: generated.tov,
      keywordProposals: generated.proposals.map((keyword) => ({
        name: keyword.name,
        filter: keyword.filter,
        weeklyPosts: weekly.get(keyword.name)?.posts ?? null,
        more: weekly.get(keyword.name)?.more ?? false,
      })),
    };
    const keywords = storedKeywords(generated.keywords, Number.POSITIVE_INFINITY);
    const { row, keywordsLimit } = await db.transaction(async (tx) => {
      // One generation at a time per workspace, so two quick calls cannot make two projects.
      const [workspace] = await tx
        .select({ wideKeywords: workspaces.wideKeywords })
        .from(workspaces)
        .where(eq(workspaces.id, workspaceId))
        .for('update');
      const keywordsLimit = keywordsLimitFor(workspace?.wideKeywords ?? false);
      const stored = { ...values, keywords: keywords.slice(0, keywordsLimit) };
      const [current] = await tx
        .select({ id: projects.id })
        .from(projects)
        .where(eq(projects.workspaceId, workspaceId))
        .orderBy(asc(projects.createdAt), asc(projects.id))
        .limit(1);
      const [saved] = current
        ? await tx
            .update(projects)
            .set({ ...stored, updatedAt: new Date() })
            .where(eq(projects.id, current.id))
            .returning()
        : await tx
            .insert(projects)
            .values({ workspaceId, ...stored })
            .returning();
      return { row: saved, keywordsLimit };
    });
    if (!row) throw new Error('storing the generated project returned no row');
    return toProject(row, keywordsLimit);
  });

  bind(api.regenerateTov, async (c, { body }) => {
    const workspaceId = activeWorkspace(c);
    if (body.url.trim() !== '') countPageRead(c, workspaceId);
    const tov = await drafting(logger, () => drafter.regenerateTov(body));
    return { tov };
  });

  bind(api.regenerateDescription, async (c, { body }) => {
    const workspaceId = activeWorkspace(c);
    if (body.url.trim() === '')
      throw new DomainError('invalid', 'bad_request', fieldMessages.urlShouldBePassed, { field: 'url' });
    const url = storedUrl(body.url) ?? '';
    countPageRead(c, workspaceId);
    const description = await drafting(logger, () => drafter.regenerateDescription({ ...body, url }));
    return { description };
  });

  // The first save: the person has reviewed what ReplyRadar proposed.
  bind(api.verifyProject, async (c, { body }) => {
    const workspaceId = activeWorkspace(c);
    const { keywordsLimit, project: current } = await projectOfWorkspace(workspaceId, body.id);
    const values = projectValues(body, keywordsLimit);
    if (!current) throw noSuchProject();
    const [row] = await db
      .update(projects)
      .set({ ...values, reviewed: true, updatedAt: new Date() })
      .where(and(eq(projects.id, current.id), eq(projects.workspaceId, workspaceId)))
      .returning();
    if (!row) throw noSuchProject();
    if (!current.reviewed) await requestFirstDiscovery(jobs, logger, row.id);
    return toProject(row, keywordsLimit);
  });

  bind(api.updateProject, async (c, { params, body }) => {
    const workspaceId = activeWorkspace(c);
    if (params.id !== body.id)
      throw new DomainError(
        'invalid',
        'bad_request',
        'The project id in the path and in the body must be the same',
        { field: 'id' },
      );
    const { keywordsLimit, project: current } = await projectOfWorkspace(workspaceId, body.id);
    const values = projectValues(body, keywordsLimit);
    if (!current) throw noSuchProject();
    if (!current.reviewed) {
      throw new DomainError(
        'conflict',
        'conflict',
        'This project has not been reviewed yet: save it with "Save and find relevant posts" first',
      );
    }
    const [row] = await db
      .update(projects)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(projects.id, current.id), eq(projects.workspaceId, workspaceId)))
      .returning();
    if (!row) throw noSuchProject();
    return toProject(row, keywordsLimit);
  });
}
