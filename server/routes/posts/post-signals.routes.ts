import { api } from '@contract/api';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { posts } from '../../db/schema';
import type { Bind } from '../../http/bind-route';
import { applyOnce } from './apply-once';
import { postNotFound, reviewedProject } from './post-scope';
import { toPost } from './post-view';

/** A post the person marked 'Not relevant' is hidden: every list of found posts leaves it out. */
export const notHidden: SQL = sql`${posts.relevant} is not false`;

/**
 * The person's signals on a found post: 'Not relevant' (or relevant), and a copied answer. Both come from
 * the app's outbox with a mutation id and are applied once; the project's learned ranking reads them
 * (`server/discovery/learned-relevance.ts`).
 */
export function registerPostSignalRoutes(bind: Bind, db: Database): void {
  // "Set to X", like the approval: a replayed or reordered mark cannot flip it back.
  bind(api.setRelevance, async (c, { params, body }) => {
    const project = reviewedProject(c);
    return applyOnce(
      db,
      { mutationId: body.mutationId, projectId: project.id, postId: params.postId, route: 'relevance' },
      async (tx, post) => {
        if (post.relevant === body.relevant) return toPost(post);
        const [row] = await tx
          .update(posts)
          .set({ relevant: body.relevant, updatedAt: new Date() })
          .where(eq(posts.id, post.id))
          .returning();
        if (!row) throw postNotFound();
        return toPost(row);
      },
    );
  });

  // The first copy is the one kept; copying again (or a replayed request) changes nothing.
  bind(api.markCopied, async (c, { params, body }) => {
    const project = reviewedProject(c);
    return applyOnce(
      db,
      { mutationId: body.mutationId, projectId: project.id, postId: params.postId, route: 'copied' },
      async (tx, post) => {
        if (post.copiedAt) return toPost(post);
        const [row] = await tx
          .update(posts)
          .set({ copiedAt: new Date() })
          .where(eq(posts.id, post.id))
          .returning();
        if (!row) throw postNotFound();
        return toPost(row);
      },
    );
  });
}
