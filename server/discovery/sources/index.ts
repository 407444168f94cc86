import type { Env } from '../../env';
import type { SocialSlug, Source } from '../types';
import { socialSlugs } from '../types';
import { BlueskySource } from './bluesky';
import { HackerNewsSource } from './hackernews';
import { LinkedInSource } from './linkedin';
import { MastodonSource } from './mastodon';
import { missingVariables } from './networks';
import { RedditSource } from './reddit';
import type { RequestBudget, SourceClock } from './source-http';
import { XSource } from './x';

export { type BlueskyOptions, BlueskySource } from './bluesky';
export { type HackerNewsOptions, HackerNewsSource } from './hackernews';
export { type LinkedInOptions, LinkedInSource } from './linkedin';
export { type MastodonOptions, MastodonSource } from './mastodon';
export { isSocialSlug, socialNetworks } from './networks';
export { defaultRedditUserAgent, type RedditOptions, RedditSource } from './reddit';
export { maxRateLimitWaitMs, type RequestBudget, type SourceClock, systemClock } from './source-http';
export { type XOptions, XSource } from './x';

/** The variables the sources read (the whole server Env satisfies it). */
export type SourcesEnv = Pick<
  Env,
  | 'SOCIALS'
  | 'REDDIT_CLIENT_ID'
  | 'REDDIT_CLIENT_SECRET'
  | 'REDDIT_USER_AGENT'
  | 'REDDIT_WEB_URL'
  | 'X_BEARER_TOKEN'
  | 'BLUESKY_HANDLE'
  | 'BLUESKY_APP_PASSWORD'
  | 'BLUESKY_SERVICE'
  | 'MASTODON_URL'
  | 'MASTODON_TOKEN'
  | 'LINKEDIN_PROVIDER_URL'
  | 'LINKEDIN_PROVIDER_TOKEN'
  | 'HACKERNEWS_API_URL'
  | 'REDDIT_API_URL'
  | 'X_API_URL'
>;

export interface CreateSourcesOptions {
  /** Base URLs that replace the networks' hosts (and the `*_API_URL` variables): tests' fake servers. */
  baseUrls?: Partial<Record<SocialSlug, string>>;
  /** Milliseconds each call may take (default 15 s). */
  timeoutMs?: number;
  /** What a 429's wait is spent on (default the wall clock). */
  clock?: SourceClock;
  /** The networks' budgets every request takes a token from (shared by all processes on the database). */
  budget?: RequestBudget;
}

/**
 * The sources usable with this configuration, Reddit first: Reddit and Hacker News always (no key
 * needed), X, Bluesky, Mastodon and LinkedIn when their variables are set. `SOCIALS`, when set, keeps
 * only the networks it names, in its order.
 */
export function createSources(env: SourcesEnv, options: CreateSourcesOptions = {}): Source[] {
  const order = env.SOCIALS ?? socialSlugs;
  const sources: Source[] = [];
  for (const slug of order) {
    if (missingVariables(slug, env).length > 0) continue;
    const source = createSource(slug, env, options);
    if (source) sources.push(source);
  }
  return sources;
}

function createSource(slug: SocialSlug, env: SourcesEnv, options: CreateSourcesOptions): Source | null {
  const baseUrl = options.baseUrls?.[slug];
  const common = {
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    ...(options.clock === undefined ? {} : { clock: options.clock }),
    ...(options.budget === undefined ? {} : { budget: options.budget }),
  };
  switch (slug) {
    case 'reddit': {
      const url = baseUrl ?? env.REDDIT_API_URL;
      return new RedditSource({
        ...common,
        ...(url ? { baseUrl: url, oauthBaseUrl: url } : {}),
        clientId: env.REDDIT_CLIENT_ID,
        clientSecret: env.REDDIT_CLIENT_SECRET,
        userAgent: env.REDDIT_USER_AGENT,
        ...(env.REDDIT_WEB_URL ? { webUrl: env.REDDIT_WEB_URL } : {}),
      });
    }
    case 'hackernews': {
      const url = baseUrl ?? env.HACKERNEWS_API_URL;
      return new HackerNewsSource({ ...common, ...(url ? { baseUrl: url } : {}) });
    }
    case 'x': {
      const url = baseUrl ?? env.X_API_URL;
      if (!env.X_BEARER_TOKEN) return null;
      return new XSource({ ...common, ...(url ? { baseUrl: url } : {}), bearerToken: env.X_BEARER_TOKEN });
    }
    case 'bluesky':
      if (!env.BLUESKY_HANDLE || !env.BLUESKY_APP_PASSWORD) return null;
      return new BlueskySource({
        ...common,
        baseUrl: baseUrl ?? env.BLUESKY_SERVICE,
        handle: env.BLUESKY_HANDLE,
        appPassword: env.BLUESKY_APP_PASSWORD,
      });
    case 'mastodon':
      if (!env.MASTODON_URL || !env.MASTODON_TOKEN) return null;
      return new MastodonSource({
        ...common,
        ...(baseUrl ? { baseUrl } : {}),
        instanceUrl: env.MASTODON_URL,
        accessToken: env.MASTODON_TOKEN,
      });
    case 'linkedin':
      if (!env.LINKEDIN_PROVIDER_URL || !env.LINKEDIN_PROVIDER_TOKEN) return null;
      return new LinkedInSource({
        ...common,
        ...(baseUrl ? { baseUrl } : {}),
        providerUrl: env.LINKEDIN_PROVIDER_URL,
        token: env.LINKEDIN_PROVIDER_TOKEN,
      });
  }
}
