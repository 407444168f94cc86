/**
 * A local stand-in for Reddit's `search.json` and Hacker News Algolia's `search_by_date`, answering from
 * the datasets as the networks would: a keyword finds the posts that contain all its words
 * (`PostIndex`), newest first, a page at a time (`limit` / `after` on Reddit, `hitsPerPage` / `page` on
 * Hacker News). Reddit's link search returns submissions only, as `type=link` does. Every post is served
 * as published within the last day (its place in the datasets' order kept, 5 s apart), so the day's run
 * sees it; Hacker News' `created_at_i` window is honoured.
 */
import { createServer } from 'node:http';
import { PostIndex, type RealPost } from '../../corpus/dataset';

export interface EvalSources {
  url: string;
  /** Requests answered, by route (`GET /search.json`). */
  requests: Map<string, number>;
  close(): Promise<void>;
}

/** The keyword part of a Reddit query: `author:` clauses left out. */
function keywordOf(query: string): string {
  return query
    .replace(/\(?\bauthor:\S+\)?/g, ' ')
    .replace(/\bOR\b/g, ' ')
    .trim();
}

function redditPath(url: string): string {
  return url.replace(/^https?:\/\/(www\.)?reddit\.com/, '');
}

export async function startEvalSources(posts: readonly RealPost[]): Promise<EvalSources> {
  const index = new PostIndex(posts);
  const startedAt = Math.floor(Date.now() / 1000);
  const servedAt = new Map<string, number>();
  const newestFirst = [...posts].sort((x, y) => y.created_utc - x.created_utc);
  for (const [rank, post] of newestFirst.entries()) servedAt.set(post.id, startedAt - 60 - rank * 5);
  const createdOf = (post: RealPost) => servedAt.get(post.id) ?? startedAt - 60;
  const requests = new Map<string, number>();

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://eval');
    const route = `${request.method} ${url.pathname}`;
    requests.set(route, (requests.get(route) ?? 0) + 1);
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify(body));
    };
    if (route === 'GET /search.json' || route === 'GET /search') {
      const keyword = keywordOf(url.searchParams.get('q') ?? '');
      const limit = Math.min(100, Math.max(1, Number(url.searchParams.get('limit') ?? 25) || 25));
      const found = index.search('reddit', keyword);
      const after = url.searchParams.get('after');
      const start = after
        ? found.findIndex((post) => `t3_${post.id.slice('reddit:'.length)}` === after) + 1
        : 0;
      const page = found.slice(start, start + limit);
      const last = page.at(-1);
      send(200, {
        kind: 'Listing',
        data: {
          after: last && start + limit < found.length ? `t3_${last.id.slice('reddit:'.length)}` : null,
          dist: page.length,
          before: null,
          children: page.map((post) => {
            const id = post.id.slice('reddit:'.length);
            return {
              kind: 't3',
              data: {
                id,
                name: `t3_${id}`,
                subreddit: post.community,
                title: post.title ?? '',
                selftext: post.text,
                author: post.author,
                permalink: redditPath(post.url),
                url: post.url,
                created_utc: createdOf(post),
                score: 1,
                num_comments: 0,
                over_18: false,
                is_self: post.text !== '',
              },
            };
          }),
        },
      });
      return;
    }
    if (route === 'GET /api/v1/search_by_date' || route === 'GET /api/v1/search') {
      const keyword = url.searchParams.get('query') ?? '';
      const hitsPerPage = Math.min(
        1000,
        Math.max(1, Number(url.searchParams.get('hitsPerPage') ?? 20) || 20),
      );
      const page = Math.max(0, Number(url.searchParams.get('page') ?? 0) || 0);
      let since = Number.NEGATIVE_INFINITY;
      let until = Number.POSITIVE_INFINITY;
      for (const clause of (url.searchParams.get('numericFilters') ?? '').split(',')) {
        const match = /^created_at_i(>=|>|<=|<)(\d+)$/.exec(clause.trim());
        if (!match) continue;
        const value = Number(match[2]);
        if (match[1] === '>=') since = value;
        if (match[1] === '>') since = value + 1;
        if (match[1] === '<') until = value;
        if (match[1] === '<=') until = value + 1;
      }
      const found = index.search('hackernews', keyword).filter((post) => {
        const created = createdOf(post);
        return created >= since && created < until;
      });
      const hits = found.slice(page * hitsPerPage, (page + 1) * hitsPerPage).map((post) => {
        const comment = post.kind === 'comment';
        return {
          objectID: post.id.slice('hackernews:'.length),
          author: post.author,
          created_at_i: createdOf(post),
          title: comment ? null : post.title,
          url: null,
          story_text: comment ? null : post.text,
          comment_text: comment ? post.text : null,
          points: comment ? null : 1,
          num_comments: comment ? null : 0,
          _tags: [comment ? 'comment' : 'story', `author_${post.author}`],
        };
      });
      send(200, {
        hits,
        nbHits: found.length,
        page,
        nbPages: Math.ceil(found.length / hitsPerPage),
        hitsPerPage,
      });
      return;
    }
    send(404, { error: 'NotFound' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the eval sources server has no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
