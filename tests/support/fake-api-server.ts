import type { Post } from '@contract/entities';
import type { PostMutation, PostMutationResult } from '@contract/post-mutations';
import { ApiError } from '@/lib/api-client';
import type { SyncApi } from '@/sync/sync-engine';

/**
 * What happens to one request (a batch of changes): `ok`; `offline` (never arrives, status 0); `5xx` (arrives, not applied);
 * `drop` (applied, the response is lost: status 0); `duplicate` (delivered twice, answered once);
 * `401` (token expired, not applied); `422` (refused, not applied); `409` (refused without the stored post,
 * as for a published post).
 */
export type Fault = 'ok' | 'offline' | '5xx' | 'drop' | 'duplicate' | '401' | '409' | '422';

export interface RecordedRequest {
  route: 'updateAnswer' | 'setApproved' | 'setRelevance' | 'markCopied';
  postId: string;
  body: {
    answer?: string;
    approved?: boolean;
    relevant?: boolean | null;
    mutationId: string;
    baseVersion?: number;
  };
  /** The `project-id` the change was sent for. */
  projectId: string;
}

/** A post as the API returns it, with defaults for what a test does not care about. */
export function serverPost(overrides: Partial<Post> & { id: string }): Post {
  return {
    author: 'ada',
    keyword: 'offline sync',
    published_date: '2026-03-05T10:00:00.000Z',
    title: null,
    content: 'How do you keep edits made on a train?',
    url: `https://example.com/${overrides.id}`,
    answer: 'Queue them locally.',
    approved: false,
    published: false,
    answerVersion: 1,
    ...overrides,
  };
}

const routeOfKind = {
  answer: 'updateAnswer',
  approval: 'setApproved',
  relevance: 'setRelevance',
  copied: 'markCopied',
} as const;

/** A change as the fake records it: named after the call of its own it stands for. */
function recordedOf(mutation: PostMutation, projectId: string): RecordedRequest {
  const { kind, postId, ...body } = mutation;
  return { route: routeOfKind[kind], postId, body, projectId };
}

const refusal = (request: RecordedRequest, status: number, message: string, code: string) => ({
  mutationId: request.body.mutationId,
  status,
  post: null,
  error: { message, code },
});

const networkError = () => new ApiError(0, { message: 'Failed to fetch', code: 'network_error' });

/**
 * An in-memory stand-in for the batch call of the outbox, as issue 4 asks the server to behave: each mutation id
 * is applied once (a repeat answers the first result), an answer edit whose base version is not the
 * stored one is refused with 409 and the stored post, and setting what is already stored changes nothing
 * (no new version), as `docs/decisions/010` records.
 */
export class FakeApiServer implements SyncApi {
  readonly posts = new Map<string, Post>();
  /** Every change sent, in order. */
  readonly requests: RecordedRequest[] = [];
  /** The changes of each request, request by request. */
  readonly batches: RecordedRequest[][] = [];
  /** How many times each mutation id changed the stored data (must never exceed 1). */
  readonly applications = new Map<string, number>();
  readonly conflicts: RecordedRequest[] = [];
  /** The person's relevance mark of each post (false: hidden as not relevant), as the server stores it. */
  readonly relevance = new Map<string, boolean | null>();
  /** Posts whose answer was copied. */
  readonly copied = new Set<string>();
  /** Faults for the next requests, taken in order; `ok` once empty. */
  faults: Fault[] = [];
  reachable = true;
  private readonly results = new Map<string, Post>();

  constructor(posts: readonly Post[] = []) {
    for (const post of posts) this.posts.set(post.id, post);
  }

  /**
   * The batch call: the request as a whole meets the next fault (`409` and `422` refuse its first change
   * only, as the server refuses one change and applies the others); each change is recorded in `requests`.
   */
  async applyMutations(projectId: string, mutations: PostMutation[]): Promise<PostMutationResult[]> {
    await Promise.resolve();
    const recorded = mutations.map((mutation) => recordedOf(mutation, projectId));
    this.requests.push(...structuredClone(recorded));
    this.batches.push(structuredClone(recorded));
    if (!this.reachable) throw networkError();
    const fault = this.faults.shift() ?? 'ok';
    if (fault === 'offline') throw networkError();
    if (fault === '5xx') throw new ApiError(503, { message: 'Service unavailable', code: 'internal_error' });
    if (fault === '401') throw new ApiError(401, { message: 'Session expired', code: 'unauthorized' });
    const results = recorded.map((request, index) => {
      if (index === 0 && fault === '409')
        return refusal(request, 409, 'This post is already published: its answer cannot change', 'conflict');
      if (index === 0 && fault === '422')
        return refusal(request, 422, 'The answer is too long', 'bad_request');
      try {
        const post = this.apply(request);
        if (fault === 'duplicate') this.apply(request);
        return { mutationId: request.body.mutationId, status: 200, post: structuredClone(post), error: null };
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        return {
          mutationId: request.body.mutationId,
          status: error.status,
          post: (structuredClone(error.data) as Post | null) ?? null,
          error: error.error,
        };
      }
    });
    if (fault === 'drop') throw networkError();
    return results;
  }

  /** Another device's edit, applied straight to the stored post. */
  editElsewhere(postId: string, answer: string): Post {
    const post = this.stored(postId);
    const next = { ...post, answer, answerVersion: post.answerVersion + 1 };
    this.posts.set(postId, next);
    return next;
  }

  private stored(postId: string): Post {
    const post = this.posts.get(postId);
    if (!post) throw new ApiError(404, { message: 'Post not found', code: 'not_found' });
    return post;
  }

  private apply(request: RecordedRequest): Post {
    const { route, postId, body } = request;
    const earlier = this.results.get(body.mutationId);
    if (earlier) return earlier;
    const post = this.stored(postId);
    let next: Post;
    if (route === 'updateAnswer') {
      if (post.answer === body.answer) next = post;
      else if (body.baseVersion !== undefined && body.baseVersion !== post.answerVersion) {
        this.conflicts.push(request);
        throw new ApiError(
          409,
          { message: 'The answer was changed elsewhere', code: 'conflict' },
          structuredClone(post),
        );
      } else next = { ...post, answer: body.answer ?? '', answerVersion: post.answerVersion + 1 };
    } else if (route === 'setApproved') {
      next = { ...post, approved: body.approved === true };
    } else {
      next = post;
      if (route === 'setRelevance') this.relevance.set(postId, body.relevant ?? null);
      else this.copied.add(postId);
    }
    this.posts.set(postId, next);
    this.results.set(body.mutationId, next);
    this.applications.set(body.mutationId, (this.applications.get(body.mutationId) ?? 0) + 1);
    return next;
  }
}
