import { type Post, postSchema } from '@contract/entities';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { appliedMutations, posts } from '../../db/schema';
import { DomainError } from '../../domain/errors';
import { isPostId, postNotFound } from './post-scope';
import type { PostRow } from './post-view';

export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export type MutationRoute = (typeof appliedMutations.$inferInsert)['route'];

export interface PostMutation {
  /** The app's idempotency key; without one the write is applied every time it is sent. */
  mutationId: string | undefined;
  projectId: string;
  postId: string;
  route: MutationRoute;
}

/** A concurrent request with the same mutation id committed first; this one rolls back and reads its result. */
class AppliedMeanwhile extends Error {}

/** What is stored for a mutation id: the write it named and its result. */
interface StoredMutation {
  projectId: string;
  postId: string;
  route: string;
  result: unknown;
}

/**
 * The result stored for this mutation id (read now, or `known` when already read), or null when it was
 * never applied; 409 when it named another write.
 */
export async function storedResult(
  db: Database | Transaction,
  mutation: PostMutation,
  known?: StoredMutation,
): Promise<Post | null> {
  if (!mutation.mutationId) return null;
  const [stored] = known
    ? [known]
    : await db.select().from(appliedMutations).where(eq(appliedMutations.mutationId, mutation.mutationId));
  if (!stored) return null;
  if (
    stored.projectId !== mutation.projectId ||
    stored.postId !== mutation.postId ||
    stored.route !== mutation.route
  ) {
    throw new DomainError(
      'conflict',
      'conflict',
      'This mutation id was already used for another change: send a new one',
      { field: 'mutationId' },
    );
  }
  return postSchema.parse(stored.result);
}

/**
 * Applies a write to one post of the project at most once per mutation id. The post row is locked, a
 * stored result for the id is returned as it is, and otherwise the write and its record are made in
 * one transaction. Two requests with the same id at once: the second waits for the post's lock and
 * finds the first one's record, or (for a different post) loses the race on the primary key, rolls
 * back and reads what was stored.
 */
export async function applyOnce(
  db: Database,
  mutation: PostMutation,
  apply: (tx: Transaction, post: PostRow) => Promise<Post>,
): Promise<Post> {
  if (!isPostId(mutation.postId)) throw postNotFound();
  try {
    return await db.transaction(async (tx) => {
      const [post] = await tx
        .select()
        .from(posts)
        .where(and(eq(posts.id, mutation.postId), eq(posts.projectId, mutation.projectId)))
        .for('update');
      if (!post) throw postNotFound();
      const stored = await storedResult(tx, mutation);
      if (stored) return stored;
      const result = await apply(tx, post);
      if (mutation.mutationId) {
        const recorded = await tx
          .insert(appliedMutations)
          .values({
            mutationId: mutation.mutationId,
            projectId: mutation.projectId,
            postId: mutation.postId,
            route: mutation.route,
            result,
          })
          .onConflictDoNothing()
          .returning({ mutationId: appliedMutations.mutationId });
        if (recorded.length === 0) throw new AppliedMeanwhile();
      }
      return result;
    });
  } catch (error) {
    if (!(error instanceof AppliedMeanwhile)) throw error;
    const stored = await storedResult(db, mutation);
    if (!stored) throw error;
    return stored;
  }
}
