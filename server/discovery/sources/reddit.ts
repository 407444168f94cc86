import { isWebLink } from '@contract/web-link';
import { z } from 'zod';
import { realSites } from '../../domain/network-sites';
import { type Source, SourceError, type SourcePost, type SourceQuery } from '../types';
import { socialNetworks } from './networks';
import { markdownToText, tidyText } from './plain-text';
import {
  defaultSourceTimeoutMs,
  endpoint,
  fetchJson,
  inWindow,
  numberHeader,
  pageSize,
  parseShape,
  RateBudget,
  type RequestBudget,
  readJson,
  readPages,
  type SourceClock,
  type SourceOptions,
  send,
} from './source-http';

export interface RedditOptions extends SourceOptions {
  /** Application-only OAuth: both set, searches go to `oauth.reddit.com`; unset, to the public `search.json`. */
  clientId?: string | undefined;
  clientSecret?: string | undefined;
  /** Sent on every call; Reddit blocks generic agents. */
  userAgent?: string | undefined;
  /** Base URL of `oauth.reddit.com` (tests point it at a local fake server); `baseUrl` is `www.reddit.com`'s. */
  oauthBaseUrl?: string;
  /** Where threads are opened: found posts link there (REDDIT_WEB_URL; Reddit's own site by default). */
  webUrl?: string;
}

/** The User-Agent sent when REDDIT_USER_AGENT is not set. */
export const defaultRedditUserAgent =
  'server:ReplyRadar:0.1 (social listening; +https://github.com/replyradar)';

const postSchema = z.object({
  id: z.string(),
  name: z.string().optional(),
  title: z.string().nullish(),
  selftext: z.string().nullish(),
  author: z.string().nullish(),
  permalink: z.string(),
  created_utc: z.number(),
  score: z.number().nullish(),
  num_comments: z.number().nullish(),
  upvote_ratio: z.number().nullish(),
  removed_by_category: z.string().nullish(),
});
const listingSchema = z.object({
  kind: z.literal('Listing'),
  data: z.object({
    children: z.array(z.object({ kind: z.string(), data: z.unknown() })),
    /** The fullname to ask `after` for the next page; null on the last one. */
    after: z.string().nullish(),
  }),
});
const tokenSchema = z.object({ access_token: z.string().min(1), expires_in: z.number().positive() });

/** Accounts Reddit itself runs to moderate; their posts are automated. */
const automatedAuthors = new Set(['automoderator']);
const removedBodies = new Set(['[removed]', '[deleted]']);
/** Searching more than 100 a page is not allowed. */
const maxLimit = 100;

/** Reddit's `t` for a window reaching back to `since`: the narrowest period that still covers it. */
function timePeriod(since: Date, now: number): string {
  const hours = (now - since.getTime()) / 3_600_000;
  if (hours <= 1) return 'hour';
  if (hours <= 24) return 'day';
  if (hours <= 24 * 7) return 'week';
  if (hours <= 24 * 31) return 'month';
  if (hours <= 24 * 365) return 'year';
  return 'all';
}

/**
 * Reddit's submission search: application-only OAuth when a client id and secret are configured (the
 * token kept until it expires), the public `search.json` otherwise. Reads Reddit's rate-limit headers
 * and refuses to call again before the window resets once they say nothing is left.
 */
export class RedditSource implements Source {
  readonly slug = 'reddit';
  readonly name = socialNetworks.reddit.name;
  readonly kind = socialNetworks.reddit.kind;
  private readonly baseUrl: string;
  private readonly oauthBaseUrl: string;
  private readonly webUrl: string;
  private readonly timeoutMs: number;
  private readonly clock: SourceClock | undefined;
  private readonly sharedBudget: RequestBudget | undefined;
  private readonly userAgent: string;
  private readonly credentials: { id: string; secret: string } | null;
  private readonly budget = new RateBudget('reddit');
  private token: Promise<{ value: string; expiresAt: number }> | null = null;

  constructor(options: RedditOptions = {}) {
    this.baseUrl = options.baseUrl ?? 'https://www.reddit.com';
    this.oauthBaseUrl = options.oauthBaseUrl ?? 'https://oauth.reddit.com';
    this.webUrl = (options.webUrl ?? realSites.reddit).replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? defaultSourceTimeoutMs;
    this.clock = options.clock;
    this.sharedBudget = options.budget;
    this.userAgent = options.userAgent || defaultRedditUserAgent;
    this.credentials =
      options.clientId && options.clientSecret
        ? { id: options.clientId, secret: options.clientSecret }
        : null;
  }

  /** True when searches go through OAuth (a client id and secret are configured). */
  get usesOAuth(): boolean {
    return this.credentials !== null;
  }

  async search(query: SourceQuery): Promise<SourcePost[]> {
    this.budget.check();
    const authors = query.filter?.authors ?? [];
    const authorClause =
      authors.length === 0
        ? ''
        : authors.length === 1
          ? ` author:${authors[0]}`
          : ` (${authors.map((author) => `author:${author}`).join(' OR ')})`;
    const params = {
      q: `${query.keyword}${authorClause}`,
      sort: 'new',
      t: timePeriod(query.since, Date.now()),
      limit: pageSize(query.limit, 1, maxLimit),
      type: 'link',
      raw_json: 1,
    };
    return readPages<string>(query.limit, params.limit, async (after) => {
      if (after) this.budget.check();
      const pageParams = after ? { ...params, after } : params;
      let response = await this.request(pageParams, query.signal);
      if (response === 'token_expired') response = await this.request(pageParams, query.signal);
      if (response === 'token_expired') {
        throw new SourceError('reddit', 'unauthorized', 'reddit refused a fresh OAuth token');
      }
      const posts: SourcePost[] = [];
      let pastWindow = false;
      for (const child of response.data.children) {
        if (child.kind !== 't3') continue;
        const parsed = postSchema.safeParse(child.data);
        if (!parsed.success) continue;
        const post = toPost(parsed.data, this.webUrl);
        if (post && inWindow(post.publishedAt, query.since, query.until)) posts.push(post);
        // Sorted newest first: a post older than the window means the next pages are older still.
        if (parsed.data.created_utc * 1000 < query.since.getTime()) pastWindow = true;
      }
      return {
        posts,
        returned: response.data.children.length,
        next: response.data.after ?? undefined,
        pastWindow,
      };
    });
  }

  private async request(params: Record<string, string | number>, signal: AbortSignal | undefined) {
    const headers: Record<string, string> = { 'user-agent': this.userAgent, accept: 'application/json' };
    let url: URL;
    if (this.credentials) {
      headers.authorization = `Bearer ${await this.accessToken(signal)}`;
      url = endpoint(this.oauthBaseUrl, '/search', params);
    } else {
      url = endpoint(this.baseUrl, '/search.json', params);
    }
    const response = await send({
      network: 'reddit',
      url,
      init: { headers },
      timeoutMs: this.timeoutMs,
      signal,
      clock: this.clock,
      budget: this.sharedBudget,
      resetAfterMs: resetAfter,
    });
    // An OAuth token can be revoked before it expires: the caller fetches a new one once.
    if (this.credentials && response.status === 401) {
      this.token = null;
      return 'token_expired' as const;
    }
    const data = parseShape(
      'reddit',
      listingSchema,
      readJson('reddit', response, { resetAfterMs: resetAfter }),
    );
    this.noteBudget(response.headers);
    return data;
  }

  private noteBudget(headers: Headers): void {
    const reset = resetAfter(headers);
    this.budget.note(
      numberHeader(headers, 'x-ratelimit-remaining'),
      reset === undefined ? undefined : Date.now() + reset,
    );
  }

  private async accessToken(signal: AbortSignal | undefined): Promise<string> {
    const cached = this.token && (await this.token.catch(() => null));
    if (cached && cached.expiresAt > Date.now()) return cached.value;
    this.token = this.fetchToken(signal);
    try {
      return (await this.token).value;
    } catch (error) {
      this.token = null;
      throw error;
    }
  }

  private async fetchToken(signal: AbortSignal | undefined): Promise<{ value: string; expiresAt: number }> {
    if (!this.credentials) throw new SourceError('reddit', 'not_configured', 'reddit has no OAuth client');
    const basic = Buffer.from(`${this.credentials.id}:${this.credentials.secret}`).toString('base64');
    const { data } = await fetchJson(
      {
        network: 'reddit',
        url: endpoint(this.baseUrl, '/api/v1/access_token'),
        init: {
          method: 'POST',
          headers: {
            authorization: `Basic ${basic}`,
            'user-agent': this.userAgent,
            'content-type': 'application/x-www-form-urlencoded',
          },
          body: new URLSearchParams({ grant_type: 'client_credentials' }).toString(),
        },
        timeoutMs: this.timeoutMs,
        signal,
        clock: this.clock,
        budget: this.sharedBudget,
      },
      tokenSchema,
      { resetAfterMs: resetAfter },
    );
    // A minute's margin, so a token is never sent in its last seconds.
    return { value: data.access_token, expiresAt: Date.now() + data.expires_in * 1000 - 60_000 };
  }
}

/** Reddit's `X-Ratelimit-Reset`: seconds until the window resets. */
function resetAfter(headers: Headers): number | undefined {
  const seconds = numberHeader(headers, 'x-ratelimit-reset');
  return seconds === undefined ? undefined : Math.round(seconds * 1000);
}

/** The post's page on www.reddit.com: its permalink when that is a path there, else the short link. */
function redditLink(post: z.output<typeof postSchema>, webUrl: string): string {
  const link = `${webUrl}${post.permalink}`;
  return /^\/(?!\/)/.test(post.permalink) && isWebLink(link)
    ? link
    : `${webUrl}/comments/${encodeURIComponent(post.id)}/`;
}

function toPost(post: z.output<typeof postSchema>, webUrl: string): SourcePost | null {
  const author = post.author?.trim();
  if (!author) return null;
  const selftext = post.selftext?.trim() ?? '';
  // With raw_json=1 titles come as typed, not HTML-escaped.
  const title = post.title ? tidyText(post.title) : null;
  const deleted = author === '[deleted]' || removedBodies.has(selftext) || Boolean(post.removed_by_category);
  const engagement: Record<string, number> = {};
  if (typeof post.score === 'number') engagement.score = post.score;
  if (typeof post.num_comments === 'number') engagement.comments = post.num_comments;
  if (typeof post.upvote_ratio === 'number') engagement.upvoteRatio = post.upvote_ratio;
  const body = removedBodies.has(selftext) ? '' : markdownToText(selftext);
  return {
    externalId: post.name ?? `t3_${post.id}`,
    network: 'reddit',
    author,
    title,
    content: body || title || '',
    url: redditLink(post, webUrl),
    publishedAt: new Date(post.created_utc * 1000),
    engagement,
    deleted,
    bot: automatedAuthors.has(author.toLowerCase()),
  };
}
