import type { Post } from '@contract/entities';
import type { posts } from '../../db/schema';

export type PostRow = typeof posts.$inferSelect;

/** The API's view of a stored post. */
export function toPost(row: PostRow): Post {
  return {
    id: row.id,
    author: row.author,
    keyword: row.keyword,
    published_date: row.publishedDate.toISOString(),
    title: row.title,
    content: row.content,
    url: row.url,
    answer: row.answer,
    approved: row.approved,
    published: row.published,
    answerVersion: row.answerVersion,
    score: row.score,
    reason: row.reason,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    replyUrl: row.replyUrl,
    publishNote: row.publishNote,
  };
}
