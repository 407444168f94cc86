import { type SocialKind, type SocialSlug, socialSlugs } from '../types';

/** What ReplyRadar shows and needs for each network: its name, its kind, and the variables it cannot work without. */
export interface SocialNetwork {
  name: string;
  kind: SocialKind;
  /** Server variables that must all be set for the network to be usable (none: it needs no key). */
  requires: readonly string[];
}

/** The one place networks are named; the socials list, the sources and the configuration check read it. */
export const socialNetworks = {
  reddit: { name: 'Reddit', kind: 'discussion_forum', requires: [] },
  hackernews: { name: 'Hacker News', kind: 'discussion_forum', requires: [] },
  x: { name: 'X', kind: 'microblogging', requires: ['X_BEARER_TOKEN'] },
  bluesky: { name: 'Bluesky', kind: 'microblogging', requires: ['BLUESKY_HANDLE', 'BLUESKY_APP_PASSWORD'] },
  mastodon: { name: 'Mastodon', kind: 'microblogging', requires: ['MASTODON_URL', 'MASTODON_TOKEN'] },
  linkedin: {
    name: 'LinkedIn',
    kind: 'professional_network',
    requires: ['LINKEDIN_PROVIDER_URL', 'LINKEDIN_PROVIDER_TOKEN'],
  },
} as const satisfies Record<SocialSlug, SocialNetwork>;

export function isSocialSlug(value: string): value is SocialSlug {
  return (socialSlugs as readonly string[]).includes(value);
}

/** The variables of `requires` that `env` leaves unset (none: the network is usable). */
export function missingVariables(slug: SocialSlug, env: Readonly<Record<string, unknown>>): string[] {
  return socialNetworks[slug].requires.filter((name) => env[name] === undefined || env[name] === '');
}

/** At most `requests` calls to a network in any `windowMs`, by every process together. */
export interface RateLimit {
  requests: number;
  windowMs: number;
}

/**
 * What ReplyRadar spends of each network's published limit, a tenth below it: the budget is kept by
 * the database's clock and a request reaches the network a moment after its token is taken, so the
 * tenth absorbs that delay. LinkedIn's provider names its own limit (NETWORK_RATE_LIMITS sets it).
 */
export const defaultRateLimits: Partial<Record<SocialSlug, RateLimit>> = {
  // Reddit: 100 requests a minute per OAuth client.
  reddit: { requests: 90, windowMs: 60_000 },
  // X API, Basic tier: 60 recent searches per 15 minutes per app.
  x: { requests: 54, windowMs: 15 * 60_000 },
  // Hacker News's Algolia API: 10,000 requests an hour per address.
  hackernews: { requests: 9000, windowMs: 60 * 60_000 },
  // Bluesky: 3,000 requests per 5 minutes per address.
  bluesky: { requests: 2700, windowMs: 5 * 60_000 },
  // Mastodon (the default of its software): 300 requests per 5 minutes per account.
  mastodon: { requests: 270, windowMs: 5 * 60_000 },
};

const windowUnitsMs = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 } as const;

/**
 * `NETWORK_RATE_LIMITS`: `network=requests/window` items, comma-separated, a window in `ms`, `s`, `m`
 * or `h` (`reddit=90/1m,x=54/15m`). Returns the limits over the defaults, or why an item is wrong.
 */
export function parseRateLimits(text: string): Partial<Record<SocialSlug, RateLimit>> | string {
  const limits = { ...defaultRateLimits };
  for (const item of text
    .split(',')
    .map((each) => each.trim())
    .filter(Boolean)) {
    const match = /^([a-z]+)\s*=\s*(\d+)\s*\/\s*(\d+)?\s*(ms|s|m|h)$/.exec(item);
    if (!match) return `"${item}" is not network=requests/window (a window such as 60s, 1m or 15m)`;
    const [, slug = '', requests = '', count = '1', unit = 's'] = match;
    if (!isSocialSlug(slug)) return `"${slug}" is not a network (${socialSlugs.join(', ')})`;
    const windowMs = Number(count) * windowUnitsMs[unit as keyof typeof windowUnitsMs];
    if (Number(requests) < 1 || windowMs < 1) return `"${item}" allows no request`;
    limits[slug] = { requests: Number(requests), windowMs };
  }
  return limits;
}
