import { z } from 'zod/mini';
import { keywordSchema } from './entities';
import { keywordFilterProblem } from './keyword-filter';
import { fieldMessages, limits } from './messages';
import { storedString, storedText } from './stored-text';

const required = () =>
  z
    .string({ error: fieldMessages.required })
    .check(z.trim(), z.minLength(1, fieldMessages.required), storedText());

export const workspaceNameSchema = z
  .string({ error: fieldMessages.required })
  .check(
    z.trim(),
    z.minLength(limits.workspaceNameMin, fieldMessages.workspaceNameTooShort(limits.workspaceNameMin)),
    storedText(),
  );

export const workspaceFormSchema = z.object({ name: workspaceNameSchema });
export type WorkspaceForm = z.infer<typeof workspaceFormSchema>;

/** Project onboarding: a product link, or a written description when there is no website, and a goal. */
export const projectCreateSchema = z
  .object({
    goal: required(),
    noWebsite: z.boolean(),
    hasWebsite: z.optional(z.boolean()),
    url: z.optional(storedString()),
    description: z.optional(storedString()),
  })
  .check(
    z.superRefine((value, ctx) => {
      if (!value.noWebsite) {
        const url = value.url?.trim() ?? '';
        if (url === '') ctx.addIssue({ code: 'custom', path: ['url'], message: fieldMessages.required });
        else if (!z.url({ protocol: /^https?$/ }).safeParse(url).success)
          ctx.addIssue({ code: 'custom', path: ['url'], message: fieldMessages.invalidUrl });
      } else if ((value.description?.trim() ?? '') === '') {
        ctx.addIssue({ code: 'custom', path: ['description'], message: fieldMessages.required });
      }
    }),
  );
export type ProjectCreate = z.infer<typeof projectCreateSchema>;

/** Project form; the keyword limit depends on the workspace, so callers pass it. */
export function projectFormSchema(maxKeywords: number = limits.keywordsMax) {
  return z.object({
    name: required(),
    url: storedString(),
    description: required(),
    goal: required(),
    tov: storedString(),
    keywords: z
      .array(keywordSchema)
      .check(z.maxLength(maxKeywords, fieldMessages.tooManyKeywords(maxKeywords))),
  });
}
export type ProjectForm = z.infer<ReturnType<typeof projectFormSchema>>;

/**
 * A saved project: the form's values and its id, and every keyword's filter readable (the issue names
 * `keywords.<n>.filter` and the position). The app's form leaves this check to the 'Manage keyword
 * filter' dialog, which refuses a bad filter on Update; one that came another way (a generated
 * keyword) is this 400, which the form shows under Keywords.
 */
export const projectSaveSchema = z
  .extend(projectFormSchema(limits.keywordsMaxDesignated), { id: z.string() })
  .check(
    z.superRefine((project, ctx) => {
      for (const [index, keyword] of project.keywords.entries()) {
        const problem = keywordFilterProblem(keyword.filter);
        if (problem)
          ctx.addIssue({
            code: 'custom',
            path: ['keywords', index, 'filter'],
            message: `Filter of "${keyword.name.trim()}": ${problem.message}`,
          });
      }
    }),
  );
export type ProjectSave = z.infer<typeof projectSaveSchema>;

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

export const autopostUserDataSchema = z.object({
  email: z.pipe(
    z.string({ error: fieldMessages.required }).check(z.minLength(1, fieldMessages.required)),
    z.email(fieldMessages.invalidEmail),
  ),
  country: required(),
  verified: z.literal(true, fieldMessages.required),
  os: z._default(z.enum(['win', 'mac', 'linux']), 'win'),
});
export type AutopostUserData = z.infer<typeof autopostUserDataSchema>;

/** Limits of Autopilot's pacing (an addition): replies a day per account and network, minutes between two. */
export const autopilotPacingLimits = { dailyCap: { min: 1, max: 50 }, minGapMinutes: { min: 5, max: 1440 } };
/** A pacing value: a whole number in its range, refused in words a person reads (the envelope names the field). */
const pacingValue = ({ min, max }: { min: number; max: number }) => {
  const message = `Must be a whole number from ${min} to ${max}`;
  return z.optional(z.int({ error: message }).check(z.gte(min, message), z.lte(max, message)));
};

export const autopilotSettingsSchema = z.object({
  paused: z.optional(z.boolean()),
  dailyCap: pacingValue(autopilotPacingLimits.dailyCap),
  minGapMinutes: pacingValue(autopilotPacingLimits.minGapMinutes),
});
export type AutopilotSettings = z.infer<typeof autopilotSettingsSchema>;
