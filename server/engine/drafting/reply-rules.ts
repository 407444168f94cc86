import { sentencesOf } from '../language/words';

/** The longest reply either drafter gives, in words (the "about 80 words"). */
export const replyMaxWords = 80;

/** Networks whose replies have a hard length in characters; a longer draft could not be posted there. */
const networkCharLimits: Record<string, number> = { x: 280, twitter: 280, bluesky: 300, mastodon: 500 };

/** The character limit of a reply on a network, or null when it has none worth counting. */
export function replyCharLimit(network: string | undefined): number | null {
  return network ? (networkCharLimits[network.trim().toLowerCase()] ?? null) : null;
}

/** How a reply is expected to read on each network, beyond its length. */
const norms: Record<string, string> = {
  x: 'X: one or two plain sentences within 280 characters, no thread, no hashtags.',
  bluesky: 'Bluesky: a short, friendly reply within 300 characters, conversational, no hashtags.',
  mastodon:
    'Mastodon: within 500 characters; people there dislike marketing, so lead with help and say plainly who you are if you mention a product.',
  reddit:
    'Reddit: answer as a member of the community, with substance; most subreddits ban self-promotion, so a product is mentioned only with a disclosure and only when it answers the question.',
  hackernews:
    'Hacker News: plain, specific and technical; no marketing tone, no superlatives, no exclamation marks; readers value substance and candour about affiliations.',
  linkedin: 'LinkedIn: professional and first-person, a short paragraph, no hard sell.',
};
norms.twitter = norms.x as string;

/** The norms of a network for a reply, or a general rule for one the list does not know. */
export function networkNorms(network: string): string {
  return (
    norms[network.trim().toLowerCase()] ??
    'Reply the way regulars of this community do: helpful first, no advertising tone.'
  );
}

export const countWords = (text: string) => text.split(/\s+/).filter(Boolean).length;

const linkPattern = /\b(?:https?:\/\/|www\.)[^\s<>()]+[^\s<>().,;:!?'"]/gi;
const hashtagPattern = /(^|[\s(])#[\p{L}\p{N}_]+/gu;

export interface ReplyLimits {
  maxWords: number;
  /** The network's limit in characters, when it has one. */
  maxChars: number | null;
  /** The one link the reply may carry (the product's, when the tone of voice asks for it); null for none. */
  allowedLink: string | null;
}

/**
 * Holds a drafted reply to the rules whoever wrote it: no hashtags, no link but the allowed one, and
 * within the word and character limits, cut at a sentence boundary (mid-sentence only when the first
 * sentence alone is too long).
 */
export function enforceReplyRules(text: string, limits: ReplyLimits): string {
  let reply = text
    .replace(hashtagPattern, '$1')
    .replace(linkPattern, (link) => (limits.allowedLink && sameLink(link, limits.allowedLink) ? link : ''))
    .replace(/\(\s*\)|\[\s*\]/g, '')
    .replace(/[ \t]+([.,;:!?])/g, '$1')
    .replace(/[ \t]{2,}/g, ' ')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  const fits = (candidate: string) =>
    countWords(candidate) <= limits.maxWords && (!limits.maxChars || candidate.length <= limits.maxChars);
  if (fits(reply)) return reply;
  const sentences = sentencesOf(reply);
  // Keep the allowed link even when its sentence is the last one: it is what the tone of voice asked for.
  const linkSentence = limits.allowedLink
    ? sentences.find((sentence) => sentence.includes(limits.allowedLink ?? ''))
    : undefined;
  const kept: string[] = [];
  for (const sentence of sentences) {
    if (sentence === linkSentence) continue;
    const next = [...kept, sentence, linkSentence].filter(Boolean).join(' ');
    if (!fits(next)) break;
    kept.push(sentence);
  }
  if (kept.length > 0) {
    reply = [...kept, linkSentence].filter(Boolean).join(' ');
    if (fits(reply)) return reply;
    reply = kept.join(' ');
  }
  return cutWords(kept.length > 0 ? reply : (sentences[0] ?? reply), limits);
}

function sameLink(found: string, allowed: string): boolean {
  const bare = (link: string) => link.replace(/^https?:\/\/(www\.)?/i, '').replace(/\/+$/, '');
  return bare(found).toLowerCase().startsWith(bare(allowed).toLowerCase());
}

function cutWords(text: string, limits: ReplyLimits): string {
  const words = text.split(/\s+/).filter(Boolean);
  let count = Math.min(words.length, limits.maxWords - 1);
  let cut = words.slice(0, count).join(' ');
  while (limits.maxChars && cut.length + 1 > limits.maxChars && count > 1) {
    count -= 1;
    cut = words.slice(0, count).join(' ');
  }
  return count < words.length ? `${cut.replace(/[,;:.!?]+$/, '')}…` : cut;
}
