import { isWebLink } from '@contract/web-link';
import { z } from 'zod';
import type { Source, SourcePost, SourceQuery } from '../types';
import { socialNetworks } from './networks';
import { htmlToText } from './plain-text';
import {
  defaultSourceTimeoutMs,
  endpoint,
  fetchJson,
  inWindow,
  numberHeader,
  pageSize,
  RateBudget,
  type RequestBudget,
  readPages,
  type SourceClock,
  type SourceOptions,
} from './source-http';

export interface MastodonOptions extends SourceOptions {
  /** The instance (MASTODON_URL), e.g. `https://mastodon.social`; `baseUrl` overrides it in tests. */
  instanceUrl: string;
  /** An access token of an account on that instance with the `read:search` scope (MASTODON_TOKEN). */
  accessToken: string;
}

const statusSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  content: z.string().default(''),
  spoiler_text: z.string().default(''),
  url: z.string().nullish(),
  uri: z.string(),
  account: z.object({
    acct: z.string().nullish(),
    bot: z.boolean().default(false),
    suspended: z.boolean().optional(),
  }),
  replies_count: z.number().optional(),
  reblogs_count: z.number().optional(),
  favourites_count: z.number().optional(),
});
const searchSchema = z.object({ statuses: z.array(z.unknown()) });

/** Mastodon's search answers at most 40 results a page. */
const maxLimit = 40;

/**
 * Mastodon statuses through `GET /api/v2/search?type=statuses` on one instance. What the search can
 * see depends on that instance (full-text search and posts that opted in to being searchable).
 */
export class MastodonSource implements Source {
  readonly slug = 'mastodon';
  readonly name = socialNetworks.mastodon.name;
  readonly kind = socialNetworks.mastodon.kind;
  private readonly baseUrl: string;
  private readonly timeoutMs: number;
  private readonly clock: SourceClock | undefined;
  private readonly sharedBudget: RequestBudget | undefined;
  private readonly accessToken: string;
  private readonly budget = new RateBudget('mastodon');

  constructor(options: MastodonOptions) {
    this.baseUrl = options.baseUrl ?? options.instanceUrl;
    this.timeoutMs = options.timeoutMs ?? defaultSourceTimeoutMs;
    this.clock = options.clock;
    this.sharedBudget = options.budget;
    this.accessToken = options.accessToken;
  }

  async search(query: SourceQuery): Promise<SourcePost[]> {
    this.budget.check();
    const limit = pageSize(query.limit, 1, maxLimit);
    const params = { q: query.keyword, type: 'statuses', resolve: 'false', limit };
    // Pages by `offset`: how many results the earlier pages held.
    return readPages<number>(query.limit, limit, async (offset) => {
      if (offset) this.budget.check();
      const { data, headers } = await fetchJson(
        {
          network: 'mastodon',
          url: endpoint(this.baseUrl, '/api/v2/search', offset ? { ...params, offset } : params),
          init: { headers: { authorization: `Bearer ${this.accessToken}` } },
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
        numberHeader(headers, 'x-ratelimit-remaining'),
        reset === undefined ? undefined : Date.now() + reset,
      );

      const posts: SourcePost[] = [];
      for (const item of data.statuses) {
        const parsed = statusSchema.safeParse(item);
        if (!parsed.success) continue;
        const post = toPost(parsed.data);
        // The search has no time parameters: the window is applied here.
        if (post && inWindow(post.publishedAt, query.since, query.until)) posts.push(post);
      }
      return { posts, returned: data.statuses.length, next: (offset ?? 0) + data.statuses.length };
    });
  }
}

/** Mastodon's `X-RateLimit-Reset`: the ISO 8601 time the window resets. */
function resetAfter(headers: Headers): number | undefined {
  const value = headers.get('x-ratelimit-reset');
  const at = value ? Date.parse(value) : Number.NaN;
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

function toPost(status: z.output<typeof statusSchema>): SourcePost | null {
  const author = status.account.acct?.trim();
  if (!author) return null;
  const publishedAt = new Date(status.created_at);
  if (Number.isNaN(publishedAt.getTime())) return null;
  // The status's page, else its id (an https URL on the instances that follow ActivityPub's habit); a
  // status with neither as an http(s) link is dropped: a `javascript:` one would run when opened.
  const url = [status.url, status.uri].find(isWebLink);
  if (!url) return null;
  const warning = htmlToText(status.spoiler_text);
  const body = htmlToText(status.content);
  const engagement: Record<string, number> = {};
  if (status.favourites_count !== undefined) engagement.favourites = status.favourites_count;
  if (status.replies_count !== undefined) engagement.replies = status.replies_count;
  if (status.reblogs_count !== undefined) engagement.reblogs = status.reblogs_count;
  return {
    externalId: status.uri,
    network: 'mastodon',
    author,
    title: null,
    content: warning ? `${warning}\n\n${body}` : body,
    url,
    publishedAt,
    engagement,
    deleted: status.account.suspended === true,
    bot: status.account.bot,
  };
}
