import type { SourceClock } from '../../server/discovery/sources/source-http';
import {
  type Relevance,
  type RelevanceRequest,
  type ScoredPost,
  type SocialSlug,
  type Source,
  SourceError,
  type SourcePost,
  type SourceQuery,
  textKey,
} from '../../server/discovery/types';
import type { Drafter, ReplyRequest } from '../../server/generation/drafter';

/**
 * A source that answers from a table of posts per keyword, whatever the window (like a network whose
 * time filter is coarse: relevance drops what is outside); `failWith` makes every search fail.
 */
export class TableSource implements Source {
  readonly kind = 'discussion_forum' as const;
  readonly name: string;
  readonly queries: SourceQuery[] = [];
  failWith: SourceError | Error | null = null;
  /** Searches for these keywords fail this way (the others answer). */
  readonly failFor = new Map<string, SourceError | Error>();

  constructor(
    readonly slug: SocialSlug,
    private readonly table: Record<string, SourcePost[]>,
  ) {
    this.name = slug;
  }

  async search(query: SourceQuery): Promise<SourcePost[]> {
    this.queries.push(query);
    const failure = this.failWith ?? this.failFor.get(query.keyword);
    if (failure) throw failure;
    return (this.table[query.keyword] ?? []).slice(0, query.limit);
  }
}

/** Posts a network could return for a keyword: `count` of them, each saying something about it. */
export function postsAbout(
  network: SocialSlug,
  keyword: string,
  count: number,
  publishedAt: Date,
): SourcePost[] {
  return Array.from({ length: count }, (_, index) => ({
    externalId: `${keyword.replace(/\W+/g, '-')}-${index}`,
    network,
    author: `${network}-author-${index}`,
    title: index % 2 === 0 ? `Question ${index} about ${keyword}` : null,
    content: `Post ${index} on ${network}: which ${keyword} do you use? ${'Really '.repeat(index)}curious.`,
    url: `https://${network}.example/posts/${keyword.replace(/\W+/g, '-')}-${index}`,
    publishedAt: new Date(publishedAt.getTime() - index * 60_000),
  }));
}

/**
 * Relevance the way the real one behaves at its edges: drops posts outside the window, seen before
 * (by network and id, or by text), deleted or by bots; scores by how often the keyword appears, keeps
 * those with a score of at least `minScore`, best first, at most `limit`.
 */
export class CountingRelevance implements Relevance {
  readonly kind = 'learned' as const;
  readonly requests: RelevanceRequest[] = [];

  constructor(private readonly minScore = 1) {}

  async rank(posts: SourcePost[], request: RelevanceRequest): Promise<ScoredPost[]> {
    this.requests.push(request);
    const texts = new Set(request.seen.texts);
    const kept: ScoredPost[] = [];
    for (const post of posts) {
      if (post.deleted || post.bot) continue;
      if (post.publishedAt < request.since || post.publishedAt > request.until) continue;
      if (request.seen.ids.has(`${post.network}:${post.externalId}`)) continue;
      const key = textKey(post.content);
      if (texts.has(key)) continue;
      texts.add(key);
      const mentions = post.content.toLowerCase().split(request.keyword.toLowerCase()).length - 1;
      const score = Math.min(100, mentions * 40 + post.content.length / 10);
      if (score < this.minScore) continue;
      kept.push({
        post,
        keyword: request.keyword,
        score,
        reason: `Mentions "${request.keyword}" ${mentions} time(s)`,
      });
    }
    return kept.sort((a, b) => b.score - a.score).slice(0, request.limit);
  }
}

/** A drafter whose replies say which post they answer; `failFor` makes the drafts of some posts fail. */
export class EchoDrafter implements Pick<Drafter, 'draftReply'> {
  readonly requests: ReplyRequest[] = [];
  failFor: (request: ReplyRequest) => boolean = () => false;

  async draftReply(request: ReplyRequest): Promise<string> {
    this.requests.push(request);
    if (this.failFor(request)) throw new Error('the model did not answer');
    return `${request.project.name} replies to ${request.post.author} about ${request.post.keyword}`;
  }
}

/**
 * A clock that never waits: each sleep is recorded and moves its time on by as much, so a test sees
 * the waits a source chose without spending them.
 */
export class StepClock implements SourceClock {
  readonly waits: number[] = [];
  private time = Date.now();

  now(): number {
    return this.time;
  }

  async sleep(ms: number): Promise<void> {
    this.waits.push(ms);
    this.time += ms;
  }
}

export { SourceError };
