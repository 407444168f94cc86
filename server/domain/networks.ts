/**
 * The product's networks, shared by every part of the server: discovery searches them, Autopilot
 * publishes on them, the configuration enables them.
 */

/** The networks ReplyRadar can search, in the order the socials list shows them (Reddit first). */
export const socialSlugs = ['reddit', 'hackernews', 'x', 'bluesky', 'mastodon', 'linkedin'] as const;
export type SocialSlug = (typeof socialSlugs)[number];

/** The plan's three kinds of network. */
export type SocialKind = 'discussion_forum' | 'professional_network' | 'microblogging';
