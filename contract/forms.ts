import { z } from 'zod';
import { keywordSchema } from './entities';
import { keywordFilterProblem } from './keyword-filter';
import { fieldMessages, limits } from './messages';

const required = () => z.string({ error: fieldMessages.required }).trim().min(1, fieldMessages.required);

export const workspaceNameSchema = z
  .string({ error: fieldMessages.required })
  .trim()
  .min(limits.workspaceNameMin, fieldMessages.workspaceNameTooShort(limits.workspaceNameMin));

export const workspaceFormSchema = z.object({ name: workspaceNameSchema });
export type WorkspaceForm = z.infer<typeof workspaceFormSchema>;

/** Project onboarding: a product link, or a written description when there is no website, and a goal. */
export const projectCreateSchema = z
  .object({
    goal: required(),
    noWebsite: z.boolean(),
    hasWebsite: z.boolean().optional(),
    url: z.string().optional(),
    description: z.string().optional(),
  })
  .superRefine((value, ctx) => {
    if (!value.noWebsite) {
      const url = value.url?.trim() ?? '';
      if (url === '') ctx.addIssue({ code: 'custom', path: ['url'], message: fieldMessages.required });
      else if (!z.url({ protocol: /^https?$/ }).safeParse(url).success)
        ctx.addIssue({ code: 'custom', path: ['url'], message: fieldMessages.invalidUrl });
    } else if ((value.description?.trim() ?? '') === '') {
      ctx.addIssue({ code: 'custom', path: ['description'], message: fieldMessages.required });
    }
  });
export type ProjectCreate = z.infer<typeof projectCreateSchema>;

/** Project form; the keyword limit depends on the workspace, so callers pass it. */
export function projectFormSchema(maxKeywords: number = limits.keywordsMax) {
  return z.object({
    name: required(),
    url: z.string(),
    description: required(),
    goal: required(),
    tov: z.string(),
    keywords: z.array(keywordSchema).max(maxKeywords, fieldMessages.tooManyKeywords(maxKeywords)),
  });
}
export type ProjectForm = z.infer<ReturnType<typeof projectFormSchema>>;

/**
 * A saved project: the form's values and its id, and every keyword's filter readable (the issue names
 * `keywords.<n>.filter` and the position). The app's form leaves this check to the 'Manage keyword
 * filter' dialog, which refuses a bad filter on Update; one that came another way (a generated
 * keyword) is this 400, which the form shows under Keywords.
 */
export const projectSaveSchema = projectFormSchema(limits.keywordsMaxDesignated)
  .extend({ id: z.string() })
  .superRefine((project, ctx) => {
    for (const [index, keyword] of project.keywords.entries()) {
      const problem = keywordFilterProblem(keyword.filter);
      if (problem)
        ctx.addIssue({
          code: 'custom',
          path: ['keywords', index, 'filter'],
          message: `Filter of "${keyword.name.trim()}": ${problem.message}`,
        });
    }
  });
export type ProjectSave = z.infer<typeof projectSaveSchema>;

/** 'Manage keyword filter': the filter must be readable in the filter language (blank is no filter). */
export const keywordFilterFormSchema = z.object({
  name: z.string(),
  filter: z.string().superRefine((filter, ctx) => {
    const problem = keywordFilterProblem(filter);
    if (problem) ctx.addIssue({ code: 'custom', message: problem.message });
  }),
});

export const autopostUserDataSchema = z.object({
  email: z
    .string({ error: fieldMessages.required })
    .min(1, fieldMessages.required)
    .pipe(z.email(fieldMessages.invalidEmail)),
  country: required(),
  verified: z.literal(true, fieldMessages.required),
  os: z.enum(['win', 'mac', 'linux']).default('win'),
});
export type AutopostUserData = z.infer<typeof autopostUserDataSchema>;
