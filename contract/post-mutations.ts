import { z } from 'zod/mini';
import { postSchema } from './entities';
import { apiErrorSchema } from './envelope';
import { storedText } from './stored-text';

/** A mutation id makes a write safe to send twice: the server applies each id once. */
export const mutationIdSchema = z.string().check(z.minLength(8), z.maxLength(64), storedText());

/** The longest answer a person may store. */
export const answerSchema = z.string().check(z.maxLength(10_000), storedText());

/** The most mutations one batch may carry: what an outbox gathers between two sends, with room to spare. */
export const mutationsPerBatch = 100;

const postId = z.string().check(z.minLength(1));

/**
 * One change a person made to a found post, as the outbox keeps it: set the answer (from the version the
 * edit began with), set the approval, set or take back the relevance mark, or record a copy. Each names
 * the value to set, never a toggle, so a replayed or reordered change cannot flip anything back.
 */
export const postMutationSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('answer'),
    postId,
    mutationId: mutationIdSchema,
    answer: answerSchema,
    baseVersion: z.optional(z.int().check(z.nonnegative())),
  }),
  z.object({ kind: z.literal('approval'), postId, mutationId: mutationIdSchema, approved: z.boolean() }),
  z.object({
    kind: z.literal('relevance'),
    postId,
    mutationId: mutationIdSchema,
    relevant: z.nullable(z.boolean()),
  }),
  z.object({ kind: z.literal('copied'), postId, mutationId: mutationIdSchema }),
]);
export type PostMutation = z.infer<typeof postMutationSchema>;
export type PostMutationKind = PostMutation['kind'];

/**
 * What became of one mutation of a batch, in the envelope's words: the status the same change would have
 * had as a call of its own, the post as it now stands (or, on a version conflict, as it is stored), and
 * the error when it was refused.
 */
export const postMutationResultSchema = z.object({
  mutationId: z.string(),
  status: z.int(),
  post: z.nullable(postSchema),
  error: z.nullable(apiErrorSchema),
});
export type PostMutationResult = z.infer<typeof postMutationResultSchema>;

export const postMutationBatchSchema = z.object({
  mutations: z.array(postMutationSchema).check(z.minLength(1), z.maxLength(mutationsPerBatch)),
});
