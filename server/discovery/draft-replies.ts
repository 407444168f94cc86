import { ReplyMemory } from '../engine/drafting/reply-memory';
import type { Drafter, ReplyProject } from '../generation/drafter';
import type { ScoredPost } from './types';

/** Replies drafted at once for one keyword (a model drafter answers in seconds; the built-in one at once). */
const draftConcurrency = 3;

export interface DraftedReplies {
  /** One per kept post, in order; '' where drafting failed. */
  answers: string[];
  /** The posts whose draft failed, with why. */
  failures: { post: ScoredPost; error: unknown }[];
}

/**
 * Drafts a reply to each kept post in the project's tone of voice, a few at a time. A draft that fails
 * leaves '' for that post (the person can Rewrite it) and is reported; a stop request (`signal`) ends it.
 * The replies share `batch` (one per run, so across its keywords): no two say the same sentence.
 */
export async function draftReplies(
  drafter: Pick<Drafter, 'draftReply'>,
  project: ReplyProject,
  kept: readonly ScoredPost[],
  signal?: AbortSignal,
  batch: ReplyMemory = new ReplyMemory(),
): Promise<DraftedReplies> {
  const failures: DraftedReplies['failures'] = [];
  const answers = await mapConcurrently(kept, draftConcurrency, async (scored) => {
    signal?.throwIfAborted();
    try {
      return await drafter.draftReply({
        post: {
          author: scored.post.author,
          keyword: scored.keyword,
          title: scored.post.title,
          content: scored.post.content,
          network: scored.post.network,
          url: scored.post.url,
        },
        project,
        prompt: '',
        batch,
      });
    } catch (error) {
      signal?.throwIfAborted();
      failures.push({ post: scored, error });
      return '';
    }
  });
  return { answers, failures };
}

/** `map` with at most `limit` calls in flight, results in input order. */
async function mapConcurrently<T, R>(
  items: readonly T[],
  limit: number,
  map: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await map(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
