import { z } from 'zod';
import type { Source, SourcePost, SourceQuery } from '../types';
import { socialNetworks } from './networks';
import { htmlToText } from './plain-text';
import {
  defaultSourceTimeoutMs,
  endpoint,
  fetchJson,
  numberHeader,
  pageSize,
  RateBudget,
  type RequestBudget,
  readPages,
  type SourceClock,
  type SourceOptions,
} from './source-http';

export interface XOptions extends SourceOptions {
  /** The app's bearer token (X_BEARER_TOKEN). */
  bearerToken: string;
}

const tweetSchema = z.object({
  id: z.string(),
  text: z.string(),
  author_id: z.string().optional(),
  created_at: z.iso.datetime({ offset: true }),
  public_metrics: z.record(z.string(), z.number()).optional(),
});
const searchSchema = z.object({
  data: z.array(tweetSchema).default([]),
  includes: z
    .object({ users: z.array(z.object({ id: z.string(), username: z.string() })).default([]) })
    .default({ users: [] }),
  /** Always present, also when nothing was found (then `data` is absent). */
  meta: z.object({ result_count: z.number(), next_token: z.string().optional() }),
});

/** Recent search reaches 7 days back; `end_time` must be at least 10 seconds before the request. */
const recentWindowMs = 7 * 24 * 3_600_000;
const endMarginMs = 15_000;

/** X posts through API v2 recent search (`/2/tweets/search/recent`), retweets left out. */
export class XSource implements Source {
  readonly slug = 'x';
  readonly name = socialNetworks.x.name;
  readonly kind = socialNetworks.x.kind;
  private readonly baseUrl: string;
  private readonly timeoutMs: number;
  private readonly clock: SourceClock | undefined;
  private readonly sharedBudget: RequestBudget | undefined;
  private readonly bearerToken: string;
  private readonly budget = new RateBudget('x');

  constructor(options: XOptions) {
    this.baseUrl = options.baseUrl ?? 'https://api.x.com';
    this.timeoutMs = options.timeoutMs ?? defaultSourceTimeoutMs;
    this.clock = options.clock;
    this.sharedBudget = options.budget;
    this.bearerToken = options.bearerToken;
  }

  async search(query: SourceQuery): Promise<SourcePost[]> {
    this.budget.check();
    const now = Date.now();
    // Outside what recent search covers: ask for the part of the window it does cover.
    const start = Math.max(query.since.getTime(), now - recentWindowMs + 60_000);
    const end = Math.min(query.until.getTime(), now - endMarginMs);
    if (start >= end) return [];
    const authors = query.filter?.authors ?? [];
    const from = authors.length === 0 ? '' : ` (${authors.map((author) => `from:${author}`).join(' OR ')})`;
    const maxResults = pageSize(query.limit, 10, 100);
    const params = {
      query: `${query.keyword}${from} -is:retweet`,
      start_time: new Date(start).toISOString(),
      end_time: new Date(end).toISOString(),
      max_results: maxResults,
      expansions: 'author_id',
      'user.fields': 'username',
      'tweet.fields': 'created_at,public_metrics',
    };
    return readPages<string>(query.limit, maxResults, async (nextToken) => {
      if (nextToken) this.budget.check();
      const { data, headers } = await fetchJson(
        {
          network: 'x',
          url: endpoint(this.baseUrl, '/2/tweets/search/recent', {
            ...params,
            ...(nextToken ? { next_token: nextToken } : {}),
          }),
          init: { headers: { authorization: `Bearer ${this.bearerToken}` } },
          timeoutMs: this.timeoutMs,
          signal: query.signal,
          clock: this.clock,
          budget: this.sharedBudget,
        },
        searchSchema,
        { resetAfterMs: resetAfter },
      );
      const reset = resetAfter(headers);
      this.budget.note(
        numberHeader(headers, 'x-rate-limit-remaining'),
        reset === undefined ? undefined : Date.now() + reset,
      );

      const usernames = new Map(data.includes.users.map((user) => [user.id, user.username]));
      const posts: SourcePost[] = [];
      for (const tweet of data.data) {
        const author = tweet.author_id ? usernames.get(tweet.author_id) : undefined;
        if (!author) continue;
        posts.push({
          externalId: tweet.id,
          network: 'x',
          author,
          title: null,
          // X escapes &, < and > in post text.
          content: htmlToText(tweet.text),
          url: `https://x.com/${author}/status/${tweet.id}`,
          publishedAt: new Date(tweet.created_at),
          engagement: engagementOf(tweet.public_metrics),
        });
      }
      return { posts, returned: data.data.length, next: data.meta.next_token };
    });
  }
}

const metricNames: Record<string, string> = {
  like_count: 'likes',
  reply_count: 'replies',
  retweet_count: 'reposts',
  quote_count: 'quotes',
  bookmark_count: 'bookmarks',
  impression_count: 'impressions',
};

function engagementOf(metrics: Record<string, number> | undefined): Record<string, number> {
  const engagement: Record<string, number> = {};
  for (const [name, value] of Object.entries(metrics ?? {})) {
    const mapped = metricNames[name];
    if (mapped) engagement[mapped] = value;
  }
  return engagement;
}

/** X's `x-rate-limit-reset`: the epoch second the window resets. */
function resetAfter(headers: Headers): number | undefined {
  const epochSeconds = numberHeader(headers, 'x-rate-limit-reset');
  return epochSeconds === undefined ? undefined : Math.max(0, epochSeconds * 1000 - Date.now());
}
