import { and, eq, isNotNull, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { posts, socials } from '../db/schema';
import { profilePost } from '../engine/ranking/profiles';
import { ProjectSignals } from '../engine/ranking/project-signals';

/** Most judged posts read back per project (the newest first): enough to learn from, bounded in time. */
const maxSignals = 500;

/**
 * What a project's people taught it, from its stored posts they judged: a post marked 'Not relevant'
 * is a bad find; one marked relevant, copied, edited or rewritten (its answer's version moved), or
 * approved is a good one. Null while there is none.
 */
export async function loadProjectSignals(db: Database, projectId: string): Promise<ProjectSignals | null> {
  const rows = await db
    .select({
      title: posts.title,
      content: posts.content,
      url: posts.url,
      network: socials.slug,
      relevant: posts.relevant,
    })
    .from(posts)
    .innerJoin(socials, eq(socials.id, posts.socialId))
    .where(
      and(
        eq(posts.projectId, projectId),
        or(
          isNotNull(posts.relevant),
          isNotNull(posts.copiedAt),
          eq(posts.approved, true),
          sql`${posts.answerVersion} > 0`,
        ),
      ),
    )
    .orderBy(sql`${posts.updatedAt} desc`)
    .limit(maxSignals);
  if (rows.length === 0) return null;
  const read = (row: (typeof rows)[number]) =>
    profilePost({ title: row.title, content: row.content, network: row.network, url: row.url });
  return new ProjectSignals(
    rows.filter((row) => row.relevant !== false).map(read),
    rows.filter((row) => row.relevant === false).map(read),
  );
}
