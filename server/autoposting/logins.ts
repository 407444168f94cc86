import type { NetworkSites } from '../domain/network-sites';
import type { SocialSlug } from '../domain/networks';
import type { ProfileCookie } from './types';

/** The networks Autopilot can publish to: every one but Hacker News (its guidelines forbid generated comments). */
export type PublishingNetwork = Exclude<SocialSlug, 'hackernews'>;

/** Every network Autopilot can publish to. */
export const publishingNetworks: readonly PublishingNetwork[] = [
  'reddit',
  'x',
  'bluesky',
  'mastodon',
  'linkedin',
];

export function isPublishingNetwork(slug: string): slug is PublishingNetwork {
  return (publishingNetworks as readonly string[]).includes(slug);
}

/** Where `network`'s pages are, or null when it has no site configured (Mastodon without MASTODON_URL). */
export function networkWebUrl(network: PublishingNetwork, sites: NetworkSites): URL | null {
  const url = {
    reddit: sites.REDDIT_WEB_URL,
    x: sites.X_WEB_URL,
    bluesky: sites.BLUESKY_WEB_URL,
    linkedin: sites.LINKEDIN_WEB_URL,
    mastodon: sites.MASTODON_URL,
  }[network];
  return url ? new URL(url) : null;
}

/** The cookie that only a signed-in session carries, per network. */
const sessionCookies: Record<PublishingNetwork, readonly string[]> = {
  reddit: ['reddit_session', 'token_v2'],
  x: ['auth_token'],
  linkedin: ['li_at'],
  mastodon: ['_session_id', '_mastodon_session'],
  bluesky: ['bsky_session'],
};

/** The site a cookie belongs to holds `host` (a domain cookie `.reddit.com` holds `www.reddit.com`). */
function cookieCovers(cookie: ProfileCookie, host: string): boolean {
  const domain = cookie.domain.replace(/^\./, '').toLowerCase();
  return host === domain || host.endsWith(`.${domain}`) || domain.endsWith(`.${host}`);
}

/**
 * For each network, whether the profile's cookies hold a signed-in session on its site: one of the
 * network's session cookies, for its host, not expired. Hacker News is never checked: nothing is
 * published there.
 */
export function checkLogins(
  cookies: readonly ProfileCookie[],
  networks: readonly SocialSlug[],
  sites: NetworkSites,
  now = Date.now(),
): Record<string, boolean> {
  const result: Record<string, boolean> = {};
  for (const network of networks) {
    if (!isPublishingNetwork(network)) continue;
    const web = networkWebUrl(network, sites);
    if (!web) continue;
    const host = web.hostname.toLowerCase();
    result[network] = cookies.some(
      (cookie) =>
        sessionCookies[network].includes(cookie.name) &&
        cookie.value !== '' &&
        (cookie.expires === -1 || cookie.expires * 1000 > now) &&
        cookieCovers(cookie, host),
    );
  }
  return result;
}
