import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The networks this fake speaks: Reddit's public `search.json` and Hacker News's Algolia search. */
export type LimitedNetwork = 'reddit' | 'hackernews';

const routes: Record<string, LimitedNetwork> = {
  '/search.json': 'reddit',
  '/api/v1/search_by_date': 'hackernews',
};

export interface LimitedNetworkOptions {
  /** At most this many requests per network in any `windowMs`; one more is answered 429. */
  limit: number;
  windowMs: number;
  /** How long each answer takes (a real network's latency). */
  answerMs?: number;
  /** Posts each search answers, all published in the hour before the request. */
  postsPerSearch?: number;
}

export interface NetworkCounts {
  /** Every request that arrived. */
  requests: number;
  /** Requests answered 429 because the window already held `limit`. */
  refused: number;
  /** The most requests that arrived within any one window. */
  busiestWindow: number;
  /** Requests per searched keyword (as the network received it). */
  byKeyword: Map<string, number>;
}

export interface LimitedNetworkServer {
  /** Base URL for both REDDIT_API_URL and HACKERNEWS_API_URL. */
  url: string;
  counts: Record<LimitedNetwork, NetworkCounts>;
  close(): Promise<void>;
}

/**
 * A local stand-in for two networks that enforce a rate limit the way Reddit does: each network counts
 * the requests that arrive in a sliding window and answers 429 (with Retry-After) once it holds
 * `limit`. A search answers `postsPerSearch` posts that talk about the keyword, after `answerMs`.
 * It records what arrived, so a test can prove no network's budget was exceeded.
 */
export async function startLimitedNetwork(options: LimitedNetworkOptions): Promise<LimitedNetworkServer> {
  const arrivals: Record<LimitedNetwork, number[]> = { reddit: [], hackernews: [] };
  const counts: Record<LimitedNetwork, NetworkCounts> = {
    reddit: emptyCounts(),
    hackernews: emptyCounts(),
  };
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const network = routes[url.pathname];
    if (!network) {
      response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"NotFound"}');
      return;
    }
    const arrivedAt = performance.now();
    const count = counts[network];
    count.requests += 1;
    const keyword = url.searchParams.get(network === 'reddit' ? 'q' : 'query') ?? '';
    count.byKeyword.set(keyword, (count.byKeyword.get(keyword) ?? 0) + 1);
    const inWindow = arrivals[network].filter((at) => at > arrivedAt - options.windowMs);
    arrivals[network] = inWindow;
    const refused = inWindow.length >= options.limit;
    if (!refused) inWindow.push(arrivedAt);
    count.busiestWindow = Math.max(count.busiestWindow, inWindow.length + (refused ? 1 : 0));
    setTimeout(() => {
      if (response.destroyed) return;
      if (refused) {
        count.refused += 1;
        const retryAfter = Math.ceil(options.windowMs / 1000);
        response
          .writeHead(429, { 'content-type': 'application/json', 'retry-after': String(retryAfter) })
          .end('{"message":"Too Many Requests","error":429}');
        return;
      }
      const posts = postsAbout(network, keyword, options.postsPerSearch ?? 3);
      response
        .writeHead(200, { 'content-type': 'application/json; charset=utf-8' })
        .end(JSON.stringify(posts));
    }, options.answerMs ?? 0);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    counts,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function emptyCounts(): NetworkCounts {
  return { requests: 0, refused: 0, busiestWindow: 0, byKeyword: new Map() };
}

/** A network's answer to a search: `count` posts asking about the keyword, in its own shape. */
function postsAbout(network: LimitedNetwork, keyword: string, count: number): unknown {
  const now = Math.floor(Date.now() / 1000);
  const slug = keyword.replace(/[^a-z0-9]+/gi, '-').toLowerCase();
  const items = Array.from({ length: count }, (_, index) => ({
    id: `${network}-${slug}-${index}`,
    author: `asker${index}`,
    title: `Which ${keyword} do you use? Looking for a ${keyword} recommendation`,
    text: `We are comparing options for ${keyword} this week (asked on ${network}, thread ${index}). Has anyone found a ${keyword} that works for a small team? Any recommendation helps.`,
    createdAt: now - 600 * (index + 1),
  }));
  if (network === 'reddit')
    return {
      kind: 'Listing',
      data: {
        after: null,
        children: items.map((item) => ({
          kind: 't3',
          data: {
            id: item.id,
            name: `t3_${item.id}`,
            title: item.title,
            selftext: item.text,
            author: item.author,
            permalink: `/r/smallbusiness/comments/${item.id}/${slug}/`,
            created_utc: item.createdAt,
            score: 3,
            num_comments: 2,
          },
        })),
      },
    };
  return {
    page: 0,
    nbPages: 1,
    hits: items.map((item) => ({
      objectID: item.id,
      created_at_i: item.createdAt,
      author: item.author,
      title: item.title,
      story_text: item.text,
      points: 3,
      num_comments: 2,
      _tags: ['story'],
    })),
  };
}
