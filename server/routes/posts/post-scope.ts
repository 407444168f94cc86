import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import type { ProjectRow } from '../../auth/principal';
import type { Database } from '../../db/client';
import { posts } from '../../db/schema';
import { DomainError } from '../../domain/errors';
import { isUuid } from '../../domain/ids';
import type { AppEnv } from '../../http/bind-route';
import type { PostRow } from './post-view';

export type { ProjectRow } from '../../auth/principal';

/**
 * The `project-id` project (the principal resolver has checked it belongs to the active workspace and
 * read it with the principal), once it is reviewed: posts are found only after the first save, and the
 * app asks for them only then.
 */
export function reviewedProject(c: Context<AppEnv>): ProjectRow {
  const { projectId, project } = c.get('principal');
  if (!projectId)
    throw new DomainError('invalid', 'bad_request', 'Send the project-id header: posts belong to a project', {
      field: 'project-id',
    });
  if (!project)
    throw new DomainError('not-found', 'not_found', 'There is no such project in your active workspace', {
      field: 'project-id',
    });
  if (!project.reviewed)
    throw new DomainError(
      'conflict',
      'conflict',
      'Review the project first: posts are found once it is saved',
    );
  return project;
}

/** 404 naming `postId`: a post of another project (or workspace) is answered as if it did not exist. */
export const postNotFound = () =>
  new DomainError('not-found', 'not_found', 'There is no such post in this project', { field: 'postId' });

/** A post of the project, or 404; never another project's post. */
export async function postOfProject(db: Database, projectId: string, postId: string): Promise<PostRow> {
  const [post] = isUuid(postId)
    ? await db
        .select()
        .from(posts)
        .where(and(eq(posts.id, postId), eq(posts.projectId, projectId)))
    : [];
  if (!post) throw postNotFound();
  return post;
}

/** A post the person marked 'Not relevant' is hidden: every list of found posts leaves it out. */
export const notHidden: SQL = sql`${posts.relevant} is not false`;
