import { z } from 'zod';
import { httpUrl, variable } from '../config/variables';

/** The networks' own sites, where their pages are unless the configuration says otherwise. */
export const realSites = {
  reddit: 'https://www.reddit.com',
  x: 'https://x.com',
  bluesky: 'https://bsky.app',
  linkedin: 'https://www.linkedin.com',
} as const;

/**
 * Where each network's pages are (its sign-in, its threads): discovery links found posts there and
 * Autopilot signs in and replies there; local servers in tests. Mastodon's are its instance's.
 */
export const networkSites = z.object({
  REDDIT_WEB_URL: variable(httpUrl().default(realSites.reddit)),
  X_WEB_URL: variable(httpUrl().default(realSites.x)),
  BLUESKY_WEB_URL: variable(httpUrl().default(realSites.bluesky)),
  LINKEDIN_WEB_URL: variable(httpUrl().default(realSites.linkedin)),
  /** The Mastodon instance: its pages and its API (with MASTODON_TOKEN, discovery searches it). */
  MASTODON_URL: variable(httpUrl().optional()),
});

export type NetworkSites = z.infer<typeof networkSites>;
