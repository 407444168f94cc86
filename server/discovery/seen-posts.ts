import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { posts, socials } from '../db/schema';
import { type SeenPosts, textKey } from './types';

/** Seen posts that can grow as a run stores more. */
export interface GrowingSeenPosts extends SeenPosts {
  ids: Set<string>;
  texts: Set<string>;
}

export const seenId = (network: string, externalId: string) => `${network}:${externalId}`;

/**
 * Every post already stored for the project, by network and id and by text (the digest `textKey`).
 * Posts stored before discovery kept text keys have theirs computed from their content here.
 */
export async function loadSeenPosts(db: Database, projectId: string): Promise<GrowingSeenPosts> {
  const rows = await db
    .select({
      network: socials.slug,
      externalId: posts.externalId,
      textKey: posts.textKey,
      content: sql<string | null>`case when ${posts.textKey} is null then ${posts.content} end`,
    })
    .from(posts)
    .innerJoin(socials, eq(socials.id, posts.socialId))
    .where(eq(posts.projectId, projectId));
  const ids = new Set<string>();
  const texts = new Set<string>();
  for (const row of rows) {
    ids.add(seenId(row.network, row.externalId));
    const key = row.textKey ?? textKey(row.content ?? '');
    // A post with no text of its own has no key: it is matched by network and id only.
    if (key) texts.add(key);
  }
  return { ids, texts };
}
