import type { NetworkWebEnv, PublishingNetwork } from '../logins';
import type { Publisher } from '../types';
import { blueskySteps } from './bluesky';
import { linkedinSteps } from './linkedin';
import { mastodonSteps } from './mastodon';
import { redditSteps } from './reddit';
import { defaultPublisherTimeouts, type PublisherTimeouts, type SiteSteps } from './site-steps';
import { ThreadPublisher } from './thread-publisher';
import { xSteps } from './x';

export type Publishers = Readonly<Record<PublishingNetwork, Publisher>>;

/**
 * One publisher per network Autopilot publishes to, on the sites `env` names (the real ones by default).
 * Hacker News has none: its guidelines forbid generated comments, so its replies are posted by hand.
 */
export function createPublishers(
  env: NetworkWebEnv,
  options: { timeouts?: Partial<PublisherTimeouts> } = {},
): Publishers {
  const timeouts = { ...defaultPublisherTimeouts, ...options.timeouts };
  const publisher = (site: SiteSteps) => new ThreadPublisher(site, timeouts);
  return {
    reddit: publisher(redditSteps(env)),
    x: publisher(xSteps(env)),
    bluesky: publisher(blueskySteps(env)),
    mastodon: publisher(mastodonSteps(env)),
    linkedin: publisher(linkedinSteps(env)),
  };
}

export type { PublisherTimeouts } from './site-steps';
