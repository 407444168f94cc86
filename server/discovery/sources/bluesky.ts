import { z } from 'zod';
import { type Source, SourceError, type SourcePost, type SourceQuery } from '../types';
import { socialNetworks } from './networks';
import { tidyText } from './plain-text';
import {
  defaultSourceTimeoutMs,
  endpoint,
  pageSize,
  parseShape,
  type RawResponse,
  type RequestBudget,
  readJson,
  readPages,
  type SourceClock,
  type SourceOptions,
  send,
} from './source-http';

/** The server (PDS) of Bluesky's own accounts, where searches go unless BLUESKY_SERVICE names another. */
export const blueskyService = 'https://bsky.social';

export interface BlueskyOptions extends SourceOptions {
  /** The account's handle (BLUESKY_HANDLE) and an app password (BLUESKY_APP_PASSWORD). */
  handle: string;
  appPassword: string;
}

const sessionSchema = z.object({ accessJwt: z.string().min(1), refreshJwt: z.string().min(1) });
type Session = z.output<typeof sessionSchema>;

const labelSchema = z.object({ val: z.string() });
const postViewSchema = z.object({
  uri: z.string(),
  author: z.object({
    did: z.string(),
    handle: z.string().nullish(),
    labels: z.array(labelSchema).default([]),
  }),
  record: z.object({ text: z.string().default(''), createdAt: z.string() }).loose(),
  indexedAt: z.string().optional(),
  replyCount: z.number().optional(),
  repostCount: z.number().optional(),
  likeCount: z.number().optional(),
  quoteCount: z.number().optional(),
  labels: z.array(labelSchema).default([]),
});
const searchSchema = z.object({
  posts: z.array(z.unknown()),
  /** Asks for the next page; absent on the last one. */
  cursor: z.string().optional(),
});

/** Self-labels and moderation labels that mark an automated account or a removed post. */
const botLabels = new Set(['bot']);
const removedLabels = new Set(['!takedown', '!hide']);

/**
 * Bluesky posts through `app.bsky.feed.searchPosts` (search needs a signed-in session there). The
 * session is made once with the handle and app password and kept; when the service says it expired,
 * it is refreshed (or made again) once.
 */
export class BlueskySource implements Source {
  readonly slug = 'bluesky';
  readonly name = socialNetworks.bluesky.name;
  readonly kind = socialNetworks.bluesky.kind;
  private readonly baseUrl: string;
  private readonly timeoutMs: number;
  private readonly clock: SourceClock | undefined;
  private readonly sharedBudget: RequestBudget | undefined;
  private readonly handle: string;
  private readonly appPassword: string;
  private session: Promise<Session> | null = null;

  constructor(options: BlueskyOptions) {
    this.baseUrl = options.baseUrl ?? blueskyService;
    this.timeoutMs = options.timeoutMs ?? defaultSourceTimeoutMs;
    this.clock = options.clock;
    this.sharedBudget = options.budget;
    this.handle = options.handle;
    this.appPassword = options.appPassword;
  }

  async search(query: SourceQuery): Promise<SourcePost[]> {
    const authors = query.filter?.authors ?? [];
    const limit = pageSize(query.limit, 1, 100);
    const params: Record<string, string | number> = {
      q: query.keyword,
      sort: 'latest',
      since: query.since.toISOString(),
      until: query.until.toISOString(),
      limit,
    };
    // The API filters by one author; several are left to the keyword filter after the search.
    if (authors.length === 1 && authors[0]) params.author = authors[0];

    return readPages<string>(query.limit, limit, async (cursor) => {
      const url = endpoint(
        this.baseUrl,
        '/xrpc/app.bsky.feed.searchPosts',
        cursor ? { ...params, cursor } : params,
      );
      let session = await this.currentSession(query.signal);
      let response = await this.get(url, session, query.signal);
      if (expired(response)) {
        session = await this.renew(session, query.signal);
        response = await this.get(url, session, query.signal);
      }
      const body = parseShape('bluesky', searchSchema, readJson('bluesky', response));
      const posts: SourcePost[] = [];
      for (const item of body.posts) {
        const parsed = postViewSchema.safeParse(item);
        if (parsed.success) {
          const post = toPost(parsed.data);
          if (post) posts.push(post);
        }
      }
      return { posts, returned: body.posts.length, next: body.cursor || undefined };
    });
  }

  private get(url: URL, session: Session, signal: AbortSignal | undefined): Promise<RawResponse> {
    return send({
      network: 'bluesky',
      url,
      init: { headers: { authorization: `Bearer ${session.accessJwt}` } },
      timeoutMs: this.timeoutMs,
      signal,
      clock: this.clock,
      budget: this.sharedBudget,
    });
  }

  private currentSession(signal: AbortSignal | undefined): Promise<Session> {
    if (!this.session) {
      this.session = this.createSession(signal);
      this.session.catch(() => {
        this.session = null;
      });
    }
    return this.session;
  }

  /** A fresh session after the service refused `stale`: refreshed with its refresh token, or made again. */
  private async renew(stale: Session, signal: AbortSignal | undefined): Promise<Session> {
    const current = await this.session?.catch(() => null);
    // Another search already renewed it.
    if (current && current.accessJwt !== stale.accessJwt) return current;
    this.session = this.refreshSession(stale, signal).catch(() => this.createSession(signal));
    this.session.catch(() => {
      this.session = null;
    });
    return this.session;
  }

  private async createSession(signal: AbortSignal | undefined): Promise<Session> {
    const response = await send({
      network: 'bluesky',
      url: endpoint(this.baseUrl, '/xrpc/com.atproto.server.createSession'),
      init: {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ identifier: this.handle, password: this.appPassword }),
      },
      timeoutMs: this.timeoutMs,
      signal,
      clock: this.clock,
      budget: this.sharedBudget,
    });
    if (response.status === 400 || response.status === 401) {
      throw new SourceError(
        'bluesky',
        'unauthorized',
        `bluesky refused the handle and app password (${response.status})`,
      );
    }
    return parseShape('bluesky', sessionSchema, readJson('bluesky', response));
  }

  private async refreshSession(stale: Session, signal: AbortSignal | undefined): Promise<Session> {
    const response = await send({
      network: 'bluesky',
      url: endpoint(this.baseUrl, '/xrpc/com.atproto.server.refreshSession'),
      init: { method: 'POST', headers: { authorization: `Bearer ${stale.refreshJwt}` } },
      timeoutMs: this.timeoutMs,
      signal,
      clock: this.clock,
      budget: this.sharedBudget,
    });
    return parseShape('bluesky', sessionSchema, readJson('bluesky', response));
  }
}

/** The service's answer to a stale access token: 401, or 400 with `ExpiredToken` / `InvalidToken`. */
function expired(response: RawResponse): boolean {
  if (response.status === 401) return true;
  if (response.status !== 400) return false;
  try {
    const error = (JSON.parse(response.text) as { error?: unknown }).error;
    return error === 'ExpiredToken' || error === 'InvalidToken';
  } catch {
    return false;
  }
}

function toPost(view: z.output<typeof postViewSchema>): SourcePost | null {
  const handle = view.author.handle?.trim();
  if (!handle || handle === 'handle.invalid') return null;
  const rkey = view.uri.split('/').pop() ?? '';
  const publishedAt = new Date(view.record.createdAt);
  if (Number.isNaN(publishedAt.getTime())) return null;
  const engagement: Record<string, number> = {};
  if (view.likeCount !== undefined) engagement.likes = view.likeCount;
  if (view.replyCount !== undefined) engagement.replies = view.replyCount;
  if (view.repostCount !== undefined) engagement.reposts = view.repostCount;
  if (view.quoteCount !== undefined) engagement.quotes = view.quoteCount;
  return {
    externalId: view.uri,
    network: 'bluesky',
    author: handle,
    title: null,
    content: tidyText(view.record.text),
    url: `https://bsky.app/profile/${handle}/post/${rkey}`,
    publishedAt,
    engagement,
    deleted: view.labels.some((label) => removedLabels.has(label.val)),
    bot: view.author.labels.some((label) => botLabels.has(label.val)),
  };
}
