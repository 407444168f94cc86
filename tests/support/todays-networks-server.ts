import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sourceFixture } from './sources-fake-server';

/**
 * A stand-in for Hacker News' and Reddit's public search, for journeys that follow a project from its
 * review to its first mentions. It answers in the recorded shapes (`tests/fixtures/sources/`), but about
 * what was searched and published within the last hours, as a live network would on the day of a run:
 * each search gets two posts that ask about the searched words.
 */
export interface TodaysNetworks {
  /** Give it as both `HACKERNEWS_API_URL` and `REDDIT_API_URL`. */
  url: string;
  /** The searches asked, as `network: words`. */
  searches: string[];
  close(): Promise<void>;
}

const askings = [
  (words: string) =>
    `We are a small studio and ${words} keep eating our Fridays. What tool do you use for ${words}? Anything that sends polite reminders on its own would help.`,
  (words: string) =>
    `How do you deal with ${words} as a freelancer? I have three clients 45 days late and chasing them by hand feels awkward. Looking for a recommendation.`,
];

function hackerNewsAnswer(words: string, now: number) {
  const recorded = JSON.parse(sourceFixture('hackernews/search-by-date.json')) as {
    hits: Record<string, unknown>[];
  };
  const template = recorded.hits.find((hit) => typeof hit.story_text === 'string') ?? {};
  const hits = askings.map((asking, index) => {
    const createdAt = Math.floor(now / 1000) - (index + 1) * 1800;
    return {
      ...template,
      objectID: `${createdAt}${index}${words.length}`,
      author: `hn_reader_${index}`,
      title: `Ask HN: ${words}?`,
      story_text: asking(words),
      created_at: new Date(createdAt * 1000).toISOString(),
      created_at_i: createdAt,
      _tags: ['story', `author_hn_reader_${index}`, 'ask_hn'],
    };
  });
  return { ...recorded, hits, nbHits: hits.length };
}

function redditAnswer(words: string, now: number) {
  const recorded = JSON.parse(sourceFixture('reddit/search.json')) as {
    data: { children: { kind: string; data: Record<string, unknown> }[] };
  };
  const template = recorded.data.children[0]?.data ?? {};
  const children = askings.map((asking, index) => {
    const id = `t${Math.floor(now / 1000).toString(36)}${index}${words.length}`;
    return {
      kind: 't3',
      data: {
        ...template,
        id,
        name: `t3_${id}`,
        author: `redditor_${index}`,
        title: `${words}: what do you use?`,
        selftext: asking(words),
        created_utc: Math.floor(now / 1000) - (index + 1) * 1800,
        permalink: `/r/freelance/comments/${id}/what_do_you_use/`,
        url: `https://www.reddit.com/r/freelance/comments/${id}/what_do_you_use/`,
      },
    };
  });
  return { ...recorded, data: { ...recorded.data, children, dist: children.length } };
}

export async function startTodaysNetworks(): Promise<TodaysNetworks> {
  const searches: string[] = [];
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const words = (url.searchParams.get('query') ?? url.searchParams.get('q') ?? '').replace(/"/g, '').trim();
    let body: unknown;
    if (url.pathname === '/api/v1/search_by_date') {
      searches.push(`hackernews: ${words}`);
      body = hackerNewsAnswer(words, Date.now());
    } else if (url.pathname === '/search.json') {
      searches.push(`reddit: ${words}`);
      body = redditAnswer(words, Date.now());
    } else {
      response.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Not Found"}');
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    searches,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
