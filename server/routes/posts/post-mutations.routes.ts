import { api } from '@contract/api';
import type { PostMutationResult } from '@contract/post-mutations';
import type { Database } from '../../db/client';
import { DomainError } from '../../domain/errors';
import type { Bind } from '../../http/bind-route';
import { errorAnswer } from '../../http/error-handler';
import type { Logger } from '../../logger';
import { type PostChange, postMutator } from './post-mutations';
import { reviewedProject } from './post-scope';

/**
 * The person's changes to found posts: the outbox's batch, and the specification's call for each kind of
 * change, which applies one change the same way (`postMutator`). Each is scoped to the `project-id`
 * project once it is reviewed. Approvals and relevance marks set a value, never toggle it, so a replayed
 * or reordered change cannot flip anything back; the first copy is the one kept.
 */
export function registerPostMutationRoutes(bind: Bind, db: Database, logger: Logger): void {
  const applyChanges = postMutator(db);

  /** One change as a call of its own: the post, or the refusal thrown as the call's error. */
  const applyOne = async (project: Parameters<typeof applyChanges>[0], change: PostChange) => {
    const [outcome] = await applyChanges(project, [change]);
    if (!outcome) throw new Error('A change has an outcome');
    if ('refused' in outcome) throw outcome.refused;
    return outcome.post;
  };

  bind(api.applyPostMutations, async (c, { body }) => {
    const project = reviewedProject(c);
    const ids = new Set<string>();
    body.mutations.forEach(({ mutationId }, index) => {
      if (ids.has(mutationId))
        throw new DomainError('invalid', 'bad_request', 'Each change needs its own mutation id', {
          field: `mutations.${index}.mutationId`,
        });
      ids.add(mutationId);
    });
    const outcomes = await applyChanges(project, body.mutations);
    const request = { requestId: c.get('requestId'), path: c.req.path };
    const results = body.mutations.map(({ mutationId }, index): PostMutationResult => {
      const outcome = outcomes[index];
      if (outcome && 'post' in outcome) return { mutationId, status: 200, post: outcome.post, error: null };
      const refused = errorAnswer(outcome?.refused, logger, request);
      const post =
        refused.data && typeof refused.data === 'object'
          ? (refused.data as PostMutationResult['post'])
          : null;
      return { mutationId, status: refused.status, post, error: refused.error };
    });
    return { results };
  });

  bind(api.setRelevance, async (c, { params, body }) =>
    applyOne(reviewedProject(c), {
      kind: 'relevance',
      postId: params.postId,
      mutationId: body.mutationId,
      relevant: body.relevant,
    }),
  );

  bind(api.markCopied, async (c, { params, body }) =>
    applyOne(reviewedProject(c), { kind: 'copied', postId: params.postId, mutationId: body.mutationId }),
  );

  bind(api.setApproved, async (c, { params, body }) =>
    applyOne(reviewedProject(c), {
      kind: 'approval',
      postId: params.postId,
      mutationId: body.mutationId,
      approved: body.approved,
    }),
  );

  bind(api.updateAnswer, async (c, { params, body }) =>
    applyOne(reviewedProject(c), {
      kind: 'answer',
      postId: params.postId,
      mutationId: body.mutationId,
      answer: body.answer,
      ...(body.baseVersion === undefined ? {} : { baseVersion: body.baseVersion }),
    }),
  );
}
