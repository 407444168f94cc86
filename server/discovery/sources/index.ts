import type { SocialSlug, Source } from '../types';
import { socialSlugs } from '../types';
import { BlueskySource } from './bluesky';
import { HackerNewsSource } from './hackernews';
import { LinkedInSource } from './linkedin';
import { MastodonSource } from './mastodon';
import { missingVariables } from './networks';
import { RedditSource } from './reddit';
import type { RequestBudget, SourceClock } from './source-http';
import type { SourcesConfig } from './sources-config';
import { XSource } from './x';

export { type BlueskyOptions, BlueskySource } from './bluesky';
export { type HackerNewsOptions, HackerNewsSource } from './hackernews';
export { type LinkedInOptions, LinkedInSource } from './linkedin';
export { type MastodonOptions, MastodonSource } from './mastodon';
export { isSocialSlug, socialNetworks } from './networks';
export { defaultRedditUserAgent, type RedditOptions, RedditSource } from './reddit';
export { maxRateLimitWaitMs, type RequestBudget, type SourceClock, systemClock } from './source-http';
export { type XOptions, XSource } from './x';

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
export function createSources(config: SourcesConfig, options: CreateSourcesOptions = {}): Source[] {
  const order = config.SOCIALS ?? socialSlugs;
  const sources: Source[] = [];
  for (const slug of order) {
    if (missingVariables(slug, config).length > 0) continue;
    const source = createSource(slug, config, options);
    if (source) sources.push(source);
  }
  return sources;
}

function createSource(slug: SocialSlug, config: SourcesConfig, options: CreateSourcesOptions): Source | null {
  const baseUrl = options.baseUrls?.[slug];
  const common = {
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    ...(options.clock === undefined ? {} : { clock: options.clock }),
    ...(options.budget === undefined ? {} : { budget: options.budget }),
  };
  switch (slug) {
    case 'reddit': {
      const url = baseUrl ?? config.REDDIT_API_URL;
      return new RedditSource({
        ...common,
        ...(url ? { baseUrl: url, oauthBaseUrl: url } : {}),
        clientId: config.REDDIT_CLIENT_ID,
        clientSecret: config.REDDIT_CLIENT_SECRET,
        userAgent: config.REDDIT_USER_AGENT,
        webUrl: config.REDDIT_WEB_URL,
      });
    }
    case 'hackernews': {
      const url = baseUrl ?? config.HACKERNEWS_API_URL;
      return new HackerNewsSource({ ...common, ...(url ? { baseUrl: url } : {}) });
    }
    case 'x': {
      const url = baseUrl ?? config.X_API_URL;
      if (!config.X_BEARER_TOKEN) return null;
      return new XSource({ ...common, ...(url ? { baseUrl: url } : {}), bearerToken: config.X_BEARER_TOKEN });
    }
    case 'bluesky':
      if (!config.BLUESKY_HANDLE || !config.BLUESKY_APP_PASSWORD) return null;
      return new BlueskySource({
        ...common,
        baseUrl: baseUrl ?? config.BLUESKY_SERVICE,
        handle: config.BLUESKY_HANDLE,
        appPassword: config.BLUESKY_APP_PASSWORD,
      });
    case 'mastodon':
      if (!config.MASTODON_URL || !config.MASTODON_TOKEN) return null;
      return new MastodonSource({
        ...common,
        ...(baseUrl ? { baseUrl } : {}),
        instanceUrl: config.MASTODON_URL,
        accessToken: config.MASTODON_TOKEN,
      });
    case 'linkedin':
      if (!config.LINKEDIN_PROVIDER_URL || !config.LINKEDIN_PROVIDER_TOKEN) return null;
      return new LinkedInSource({
        ...common,
        ...(baseUrl ? { baseUrl } : {}),
        providerUrl: config.LINKEDIN_PROVIDER_URL,
        token: config.LINKEDIN_PROVIDER_TOKEN,
      });
  }
}
