import { isWebLink } from '@contract/web-link';
import { z } from 'zod';
import type { Source, SourcePost, SourceQuery } from '../types';
import { socialNetworks } from './networks';
import { htmlToText } from './plain-text';
import {
  defaultSourceTimeoutMs,
  endpoint,
  fetchJson,
  pageSize,
  type RequestBudget,
  readPages,
  type SourceClock,
  type SourceOptions,
} from './source-http';

export interface LinkedInOptions extends SourceOptions {
  /** The data provider's search endpoint (LINKEDIN_PROVIDER_URL); `baseUrl` overrides it in tests. */
  providerUrl: string;
  /** Sent as `Authorization: Bearer …` (LINKEDIN_PROVIDER_TOKEN). */
  token: string;
}

/**
 * The provider's answer, as `sources/README.md` documents it: `{ posts: [...] }`, each post with its
 * id, url, text, publication time and author, optionally a title, engagement counts and flags.
 */
const providerPostSchema = z.object({
  id: z.string().min(1),
  url: z.string(),
  text: z.string(),
  title: z.string().nullish(),
  publishedAt: z.iso.datetime({ offset: true }),
  author: z
    .object({
      name: z.string().nullish(),
      profileUrl: z.string().nullish(),
      isCompany: z.boolean().optional(),
      isBot: z.boolean().optional(),
    })
    .nullish(),
  stats: z
    .object({
      likes: z.number().optional(),
      comments: z.number().optional(),
      reposts: z.number().optional(),
    })
    .optional(),
  deleted: z.boolean().optional(),
});
const searchSchema = z.object({
  posts: z.array(z.unknown()),
  /** Sent back as `cursor` for the next page; null or absent on the last one. */
  nextCursor: z.string().nullish(),
});

/** Providers are asked for at most 100 posts a call. */
const maxLimit = 100;

/**
 * LinkedIn has no public post search: this adapter asks a configured data provider (or a proxy in
 * front of one) that answers ReplyRadar's documented request and response.
 */
export class LinkedInSource implements Source {
  readonly slug = 'linkedin';
  readonly name = socialNetworks.linkedin.name;
  readonly kind = socialNetworks.linkedin.kind;
  private readonly url: string;
  private readonly timeoutMs: number;
  private readonly clock: SourceClock | undefined;
  private readonly sharedBudget: RequestBudget | undefined;
  private readonly token: string;

  constructor(options: LinkedInOptions) {
    this.url = options.baseUrl ?? options.providerUrl;
    this.timeoutMs = options.timeoutMs ?? defaultSourceTimeoutMs;
    this.clock = options.clock;
    this.sharedBudget = options.budget;
    this.token = options.token;
  }

  async search(query: SourceQuery): Promise<SourcePost[]> {
    const limit = pageSize(query.limit, 1, maxLimit);
    const params: Record<string, string | number> = {
      q: query.keyword,
      since: query.since.toISOString(),
      until: query.until.toISOString(),
      limit,
    };
    const authors = query.filter?.authors ?? [];
    if (authors.length > 0) params.authors = authors.join(',');
    return readPages<string>(query.limit, limit, async (cursor) => {
      const { data } = await fetchJson(
        {
          network: 'linkedin',
          url: endpoint(this.url, '', cursor ? { ...params, cursor } : params),
          init: { headers: { authorization: `Bearer ${this.token}`, accept: 'application/json' } },
          timeoutMs: this.timeoutMs,
          signal: query.signal,
          clock: this.clock,
          budget: this.sharedBudget,
        },
        searchSchema,
      );
      const posts: SourcePost[] = [];
      for (const item of data.posts) {
        const parsed = providerPostSchema.safeParse(item);
        if (!parsed.success) continue;
        const post = toPost(parsed.data);
        if (post) posts.push(post);
      }
      return { posts, returned: data.posts.length, next: data.nextCursor || undefined };
    });
  }
}

function toPost(post: z.output<typeof providerPostSchema>): SourcePost | null {
  const author = post.author?.name?.trim();
  // Only an http(s) link is a post's link: a `javascript:` one would run when opened.
  if (!author || !isWebLink(post.url)) return null;
  const engagement: Record<string, number> = {};
  for (const [name, value] of Object.entries(post.stats ?? {})) {
    if (typeof value === 'number') engagement[name] = value;
  }
  return {
    externalId: post.id,
    network: 'linkedin',
    author,
    title: post.title ? htmlToText(post.title) : null,
    content: htmlToText(post.text),
    url: post.url,
    publishedAt: new Date(post.publishedAt),
    engagement,
    deleted: post.deleted === true,
    bot: post.author?.isBot === true,
  };
}
