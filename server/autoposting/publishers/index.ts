import type { NetworkSites } from '../../domain/network-sites';
import type { PublishingNetwork } from '../logins';
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
 * One publisher per network Autopilot publishes to, on the sites `sites` names (the networks' own by default).
 * Hacker News has none: its guidelines forbid generated comments, so its replies are posted by hand.
 */
export function createPublishers(
  sites: NetworkSites,
  options: { timeouts?: Partial<PublisherTimeouts> } = {},
): Publishers {
  const timeouts = { ...defaultPublisherTimeouts, ...options.timeouts };
  const publisher = (site: SiteSteps) => new ThreadPublisher(site, timeouts);
  return {
    reddit: publisher(redditSteps(sites)),
    x: publisher(xSteps(sites)),
    bluesky: publisher(blueskySteps(sites)),
    mastodon: publisher(mastodonSteps(sites)),
    linkedin: publisher(linkedinSteps(sites)),
  };
}

export type { PublisherTimeouts } from './site-steps';
