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
