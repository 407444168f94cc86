import { z } from 'zod';
import { commaList, httpUrl, optionalText, variable } from '../../config/variables';
import { networkSites } from '../../domain/network-sites';
import { socialSlugs } from '../../domain/networks';
import { blueskyService } from './bluesky';
import { missingVariables } from './networks';

/** A network's credentials come in pairs: half a pair is a mistake, not "not configured". */
const pairs = [
  ['REDDIT_CLIENT_ID', 'REDDIT_CLIENT_SECRET'],
  ['BLUESKY_HANDLE', 'BLUESKY_APP_PASSWORD'],
  ['MASTODON_URL', 'MASTODON_TOKEN'],
  ['LINKEDIN_PROVIDER_URL', 'LINKEDIN_PROVIDER_TOKEN'],
] as const;

/** The networks posts are found on: which ones, their credentials and their API hosts. */
export const sourcesConfig = z
  .object({
    /** Unset: every network usable with the variables below; set: only these, in this order. */
    SOCIALS: commaList()
      .pipe(z.array(z.enum(socialSlugs)))
      .transform((slugs) => (slugs.length === 0 ? undefined : [...new Set(slugs)])),
    /** Application-only OAuth for Reddit; unset: Reddit's public search.json. */
    REDDIT_CLIENT_ID: optionalText(),
    REDDIT_CLIENT_SECRET: optionalText(),
    REDDIT_USER_AGENT: optionalText(),
    REDDIT_WEB_URL: networkSites.shape.REDDIT_WEB_URL,
    X_BEARER_TOKEN: optionalText(),
    BLUESKY_HANDLE: optionalText(),
    BLUESKY_APP_PASSWORD: optionalText(),
    BLUESKY_SERVICE: variable(httpUrl().default(blueskyService)),
    MASTODON_URL: networkSites.shape.MASTODON_URL,
    MASTODON_TOKEN: optionalText(),
    /** The LinkedIn data provider's search endpoint (request and answer in server/discovery/sources/README.md). */
    LINKEDIN_PROVIDER_URL: variable(httpUrl().optional()),
    LINKEDIN_PROVIDER_TOKEN: optionalText(),
    /** Override the networks' API hosts (a proxy, or a local fake server in tests). */
    HACKERNEWS_API_URL: variable(httpUrl().optional()),
    REDDIT_API_URL: variable(httpUrl().optional()),
    X_API_URL: variable(httpUrl().optional()),
  })
  .superRefine((config, ctx) => {
    for (const [first, second] of pairs) {
      if (Boolean(config[first]) === Boolean(config[second])) continue;
      const [set, unset] = config[first] ? [first, second] : [second, first];
      ctx.addIssue({ code: 'custom', path: [unset], message: `is required when ${set} is set` });
    }
    for (const slug of config.SOCIALS ?? []) {
      const missing = missingVariables(slug, config);
      if (missing.length > 0)
        ctx.addIssue({
          code: 'custom',
          path: ['SOCIALS'],
          message: `${slug} needs ${missing.join(' and ')}`,
        });
    }
  });

export type SourcesConfig = z.infer<typeof sourcesConfig>;
