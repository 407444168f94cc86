import { z } from 'zod/mini';
import { storedText } from './stored-text';

/**
 * What a drafter proposes for a new project: the model's structured answer is parsed with this
 * schema, so a half answer is refused rather than stored.
 */
export const generatedProjectSchema = z.object({
  name: z.string().check(z.trim(), storedText(), z.minLength(1), z.maxLength(80)),
  description: z.string().check(z.trim(), storedText(), z.minLength(1), z.maxLength(1200)),
  tov: z.string().check(z.trim(), storedText(), z.minLength(1), z.maxLength(600)),
  keywords: z
    .array(
      z.object({
        name: z.string().check(z.trim(), storedText(), z.minLength(1), z.maxLength(60)),
        filter: z.nullable(z.string().check(z.trim(), storedText(), z.maxLength(200))),
      }),
    )
    .check(z.minLength(3), z.maxLength(5)),
});
export type GeneratedProject = z.infer<typeof generatedProjectSchema>;

export const generatedTovSchema = z.object({
  tov: z.string().check(z.trim(), storedText(), z.minLength(1), z.maxLength(600)),
});
export const generatedDescriptionSchema = z.object({
  description: z.string().check(z.trim(), storedText(), z.minLength(1), z.maxLength(1200)),
});
