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

/** The kinds of change, each with the field that carries its value. */
export const postMutationKinds = ['answer', 'approval', 'relevance', 'copied'] as const;
export type PostMutationKind = (typeof postMutationKinds)[number];
const valueOfKind = { answer: 'answer', approval: 'approved', relevance: 'relevant', copied: null } as const;

/**
 * One change a person made to a found post, as the outbox keeps it: set the answer (`answer`, from the
 * version the edit began with, `baseVersion`), set the approval (`approved`), set or take back the
 * relevance mark (`relevant`, null takes it back), or record a copy. Each names the value to set, never a
 * toggle, so a replayed or reordered change cannot flip anything back. One object with the kind's value
 * required, rather than a union of four, keeps the app's zod small (decision 070).
 */
export const postMutationSchema = z
  .object({
    kind: z.enum(postMutationKinds),
    postId: z.string().check(z.minLength(1)),
    mutationId: mutationIdSchema,
    answer: z.optional(answerSchema),
    baseVersion: z.optional(z.int().check(z.nonnegative())),
    approved: z.optional(z.boolean()),
    relevant: z.optional(z.nullable(z.boolean())),
  })
  .check(
    z.superRefine((change, ctx) => {
      const field = valueOfKind[change.kind];
      if (field !== null && change[field] === undefined)
        ctx.addIssue({
          code: 'custom',
          path: [field],
          message: `A change of kind "${change.kind}" needs its ${field}`,
        });
    }),
  );
export type PostMutation = z.infer<typeof postMutationSchema>;

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
