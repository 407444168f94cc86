import { z } from 'zod/mini';

/**
 * A keyword ReplyRadar proposes for a project (`Project.keywordProposals`), with how many posts its
 * search found on the networks over the last seven days when it was proposed (`weeklyPosts`, null when
 * no network answered; `more`: a network gave a full page, so there are at least that many).
 */
export const keywordProposalSchema = z.object({
  name: z.string(),
  filter: z.nullable(z.string()),
  weeklyPosts: z.nullable(z.number()),
  more: z.boolean(),
});
export type KeywordProposal = z.infer<typeof keywordProposalSchema>;

/** The proposals a project carries that read as proposals; a malformed one is left out. */
export function keywordProposalsOf(project: {
  keywordProposals?: readonly unknown[] | undefined;
}): KeywordProposal[] {
  return (project.keywordProposals ?? []).flatMap((each) => {
    const parsed = keywordProposalSchema.safeParse(each);
    return parsed.success ? [parsed.data] : [];
  });
}
