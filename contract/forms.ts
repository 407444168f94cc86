import { z } from 'zod/mini';
import { keywordSchema } from './entities';
import { fieldMessages, limits } from './messages';
import { storedString, storedText } from './stored-text';

const required = (max: number) =>
  z
    .string({ error: fieldMessages.required })
    .check(
      z.trim(),
      z.minLength(1, fieldMessages.required),
      z.maxLength(max, fieldMessages.tooLong(max)),
      storedText(),
    );

/** A text of at most `max` characters, refused past that in words. */
export const textAtMost = (max: number) => z.string().check(z.maxLength(max, fieldMessages.tooLong(max)));

/** A text that may be empty, at most `max` characters, and storable. */
const bounded = (max: number) => textAtMost(max).check(storedText());

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
    goal: required(limits.goalMax),
    noWebsite: z.boolean(),
    hasWebsite: z.optional(z.boolean()),
    url: z.optional(storedString()),
    description: z.optional(bounded(limits.descriptionMax)),
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
    name: required(limits.projectNameMax),
    url: storedString(),
    description: required(limits.descriptionMax),
    goal: required(limits.goalMax),
    tov: bounded(limits.tovMax),
    keywords: z
      .array(keywordSchema)
      .check(z.maxLength(maxKeywords, fieldMessages.tooManyKeywords(maxKeywords))),
  });
}
export type ProjectForm = z.infer<ReturnType<typeof projectFormSchema>>;

/**
 * A saved project: the form's values and its id. Each keyword's filter must be readable in the filter
 * language too; the server checks that where it saves (`checkKeywordFilters`), so that the filter
 * language's parser stays out of the scripts of screens that never edit a filter.
 */
export const projectSaveSchema = z.extend(projectFormSchema(limits.keywordsMaxDesignated), {
  id: z.string(),
});
export type ProjectSave = z.infer<typeof projectSaveSchema>;

export const autopostUserDataSchema = z.object({
  email: z.pipe(
    z.string({ error: fieldMessages.required }).check(z.minLength(1, fieldMessages.required)),
    z.email(fieldMessages.invalidEmail),
  ),
  country: required(100),
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
