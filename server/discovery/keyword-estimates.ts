import type { Source } from './types';

/** What one keyword's searches found over the last seven days. */
export interface WeeklyPosts {
  /** Posts found, all networks together; null when no network answered. */
  posts: number | null;
  /** A network gave a full page: there are at least `posts`. */
  more: boolean;
}

/** How many posts each keyword finds a week, for keyword proposals. */
export interface KeywordEstimates {
  weeklyPosts(keywords: readonly string[]): Promise<Map<string, WeeklyPosts>>;
}

const weekMs = 7 * 24 * 60 * 60_000;
/** Posts asked of each network per keyword: one page. */
const pageSize = 100;
/** Searches at once, over all keywords and networks. */
const concurrency = 4;

/**
 * Estimates from the networks themselves: each keyword searched once on each source over the last
 * seven days (one page, within the networks' shared budgets), within `timeoutMs` for all; a network
 * that fails or is too slow counts for nothing, and a keyword no network answered for is unknown.
 */
export function searchEstimates(
  sources: () => Promise<readonly Source[]>,
  options: { timeoutMs?: number; now?: () => Date } = {},
): KeywordEstimates {
  const timeoutMs = options.timeoutMs ?? 8_000;
  const now = options.now ?? (() => new Date());
  return {
    async weeklyPosts(keywords) {
      const usable = await sources();
      const until = now();
      const since = new Date(until.getTime() - weekMs);
      const signal = AbortSignal.timeout(timeoutMs);
      const results = new Map<string, WeeklyPosts>(
        keywords.map((keyword) => [keyword, { posts: null, more: false }]),
      );
      const tasks = keywords.flatMap((keyword) => usable.map((source) => ({ keyword, source })));
      let next = 0;
      const work = async () => {
        while (next < tasks.length && !signal.aborted) {
          const task = tasks[next++];
          if (!task) break;
          try {
            const found = await task.source.search({
              keyword: task.keyword,
              filter: null,
              since,
              until,
              limit: pageSize,
              signal,
            });
            const result = results.get(task.keyword) ?? { posts: null, more: false };
            result.posts = (result.posts ?? 0) + found.length;
            result.more ||= found.length >= pageSize;
            results.set(task.keyword, result);
          } catch {
            // A network that fails or is too slow counts for nothing.
          }
        }
      };
      await Promise.all(Array.from({ length: Math.min(concurrency, tasks.length) }, work));
      return results;
    },
  };
}
