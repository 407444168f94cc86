import { z } from 'zod/mini';
import { keywordFilterProblem } from './keyword-filter';
import { storedText } from './stored-text';

/** 'Manage keyword filter': the filter must be readable in the filter language (blank is no filter). */
export const keywordFilterFormSchema = z.object({
  name: z.string(),
  filter: z.string().check(
    storedText(),
    z.superRefine((filter, ctx) => {
      const problem = keywordFilterProblem(filter);
      if (problem) ctx.addIssue({ code: 'custom', message: problem.message });
    }),
  ),
});
