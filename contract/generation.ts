import { z } from 'zod';

/**
 * What a drafter proposes for a new project: the model's structured answer is parsed with this
 * schema, so a half answer is refused rather than stored.
 */
export const generatedProjectSchema = z.object({
  name: z.string().trim().min(1).max(80),
  description: z.string().trim().min(1).max(1200),
  tov: z.string().trim().min(1).max(600),
  keywords: z
    .array(
      z.object({
        name: z.string().trim().min(1).max(60),
        filter: z.string().trim().max(200).nullable(),
      }),
    )
    .min(3)
    .max(5),
});
export type GeneratedProject = z.infer<typeof generatedProjectSchema>;

export const generatedTovSchema = z.object({ tov: z.string().trim().min(1).max(600) });
export const generatedDescriptionSchema = z.object({ description: z.string().trim().min(1).max(1200) });
