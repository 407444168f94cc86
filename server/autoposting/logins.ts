import type { SocialSlug } from '../domain/networks';
import type { Env } from '../env';
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

/** Where each network's pages are (its sign-in, its threads): the real sites, or local servers in tests. */
export type NetworkWebEnv = Pick<
  Env,
  'REDDIT_WEB_URL' | 'X_WEB_URL' | 'BLUESKY_WEB_URL' | 'LINKEDIN_WEB_URL' | 'MASTODON_URL'
>;

export function networkWebUrl(network: PublishingNetwork, env: NetworkWebEnv): URL | null {
  const url = {
    reddit: env.REDDIT_WEB_URL,
    x: env.X_WEB_URL,
    bluesky: env.BLUESKY_WEB_URL,
    linkedin: env.LINKEDIN_WEB_URL,
    mastodon: env.MASTODON_URL,
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
  env: NetworkWebEnv,
  now = Date.now(),
): Record<string, boolean> {
  const result: Record<string, boolean> = {};
  for (const network of networks) {
    if (!isPublishingNetwork(network)) continue;
    const web = networkWebUrl(network, env);
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
