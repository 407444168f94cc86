import { matchesFilterWords } from './keyword-filter';
import { postWords } from './post-words';
import { type RelevanceRequest, type SourcePost, textKey } from './types';

/** Fewer letters than this in a post's title and text together (links left out) is a near-empty post. */
export const minLetters = 20;

/** Why a hard rule dropped a post. */
export type DropReason =
  | 'deleted'
  | 'bot'
  | 'near_empty'
  | 'outside_window'
  | 'seen'
  | 'duplicate'
  | 'filter';

/** A post that passed the hard rules. */
export interface EligiblePost {
  post: SourcePost;
}

/** The key `SeenPosts.ids` holds for a post. */
export const postKey = (post: Pick<SourcePost, 'network' | 'externalId'>) =>
  `${post.network}:${post.externalId}`;

/**
 * The key `SeenPosts.texts` holds for a post: `textKey(content)`, as the pipeline stores it. A post
 * with no text of its own (a link post with only a title) has none, and is matched by id only.
 */
export function postTextKey(post: Pick<SourcePost, 'content'>): string | null {
  return textKey(post.content) || null;
}

const deletedNames = new Set(['[deleted]', '[removed]', 'deleted', '[deleted account]']);
// `[deleted]`, `[removed]`, and Reddit's `[ Removed by Reddit ]` / `[removed by moderator]` variants.
const deletedBody = /^\[\s*(?:deleted|removed)(?:\s+by\s+[^\]]*)?\s*\]$/iu;
// Reddit's and other networks' automated accounts: AutoModerator, RemindMeBot, repost_bot, feed-bot…
const botName = /^automoderator$|[-_]bot$/iu;
const botSuffix = /Bot$/u; // RemindMeBot, not Abbot
// The line Reddit's bots sign with: "I am a bot, and this action was performed automatically."
const botSignature = /\bI am a bot\b[^\n]{0,40}\bperformed automatically\b/iu;

function authorDropReason(post: SourcePost): DropReason | null {
  const author = post.author.trim();
  if (post.deleted || deletedNames.has(author.toLowerCase()) || deletedBody.test(post.content.trim()))
    return 'deleted';
  if (post.bot || botSuffix.test(author) || botName.test(author) || botSignature.test(post.content))
    return 'bot';
  return null;
}

function letterCount(post: SourcePost): number {
  const text = `${post.title ?? ''} ${post.content}`.replace(/https?:\/\/\S+/gu, ' ');
  return text.match(/\p{L}/gu)?.length ?? 0;
}

/** Why the first hard rules drop this post (before its words are read), or null when they keep it. */
function cheapDropReason(post: SourcePost, request: RelevanceRequest): DropReason | null {
  const author = authorDropReason(post);
  if (author) return author;
  if (letterCount(post) < minLetters) return 'near_empty';
  const published = post.publishedAt.getTime();
  if (Number.isNaN(published) || published < request.since.getTime() || published > request.until.getTime())
    return 'outside_window';
  if (request.seen.ids.has(postKey(post))) return 'seen';
  const text = postTextKey(post);
  if (text && request.seen.texts.has(text)) return 'seen';
  return null;
}

/**
 * The hard rules, in order: deleted or removed posts and authors, bots, near-empty posts, posts
 * published outside [since, until], posts already stored for the project (same network and id, or the
 * same text), the same post twice in this batch (the first is kept), and posts that break the
 * keyword's filter. Gives the posts kept, in their order, and how many each rule dropped.
 */
export function applyHardRules(
  posts: readonly SourcePost[],
  request: RelevanceRequest,
): { kept: EligiblePost[]; dropped: Partial<Record<DropReason, number>> } {
  const kept: EligiblePost[] = [];
  const dropped: Partial<Record<DropReason, number>> = {};
  const drop = (reason: DropReason) => {
    dropped[reason] = (dropped[reason] ?? 0) + 1;
  };
  const batchIds = new Set<string>();
  const batchTexts = new Set<string>();
  for (const post of posts) {
    const reason = cheapDropReason(post, request);
    if (reason) {
      drop(reason);
      continue;
    }
    const id = postKey(post);
    const text = postTextKey(post);
    if (batchIds.has(id) || (text && batchTexts.has(text))) {
      drop('duplicate');
      continue;
    }
    batchIds.add(id);
    if (text) batchTexts.add(text);
    // The filter reads the post's words (by stem) only when there is one.
    if (request.filter && !matchesFilterWords(post, postWords(post), request.filter)) {
      drop('filter');
      continue;
    }
    kept.push({ post });
  }
  return { kept, dropped };
}
