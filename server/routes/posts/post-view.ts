import type { Post } from '@contract/entities';
import { type SQL, sql } from 'drizzle-orm';
import type { posts } from '../../db/schema';

export type PostRow = typeof posts.$inferSelect;

/** A timestamp as `Date.toISOString()` writes it (milliseconds, UTC), or null. */
const isoTime = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The API's one view of a stored post, built by the database from the `posts` row (or a row with its
 * columns) named `alias`: every call that answers posts selects it, the lists as the writes, and a write
 * stores it as the result of its mutation id.
 */
export const postView = (alias: string): SQL<Post> =>
  sql.raw(`json_build_object(
    'id', ${alias}.id, 'author', ${alias}.author, 'keyword', ${alias}.keyword,
    'published_date', ${isoTime(`${alias}.published_date`)}, 'title', ${alias}.title,
    'content', ${alias}.content, 'url', ${alias}.url, 'answer', ${alias}.answer,
    'approved', ${alias}.approved, 'published', ${alias}.published,
    'answerVersion', ${alias}.answer_version, 'score', ${alias}.score, 'reason', ${alias}.reason,
    'publishedAt', ${isoTime(`${alias}.published_at`)}, 'replyUrl', ${alias}.reply_url,
    'publishNote', ${alias}.publish_note)`) as SQL<Post>;

/** `postView` of the `posts` table as a query names it. */
export const postOfRow: SQL<Post> = postView('"posts"');
