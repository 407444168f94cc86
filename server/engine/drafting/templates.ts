/**
 * The built-in replies as data (`templates.json`): per intent, the parts of a reply and each part's
 * alternatives in a casual and a formal register. Parsed once when the module loads, so a broken file
 * fails at start rather than on a person's draft.
 */
import { z } from 'zod';
import { intents } from '../intent/intent';
import data from './templates.json';

/** One alternative, written in two registers: [casual, formal]. */
const alternative = z.tuple([z.string().min(1), z.string().min(1)]);
export type Alternative = z.infer<typeof alternative>;

const part = z.object({
  role: z.string(),
  required: z.boolean(),
  /** The part that names the product (it holds {product} and {disclose}). */
  names: z.boolean().optional(),
  alternatives: z.array(alternative).min(1),
});
export type TemplatePart = z.infer<typeof part>;

const family = z.object({
  about: z.string(),
  /** The optional parts, in the order they give way when a reply is too long. */
  dropOrder: z.array(z.string()),
  parts: z.array(part).min(1),
});
export type TemplateFamily = z.infer<typeof family>;

const alternatives = z.object({ about: z.string(), alternatives: z.array(alternative).min(1) });

const templatesSchema = z.object({
  about: z.string(),
  families: z.record(z.enum(intents), family),
  product: z.object({ does: z.string(), what: z.string(), unnamed: z.string(), name: z.string() }),
  voices: z.object({ me: alternative, team: alternative }),
  disclosure: alternatives,
  mention: alternatives,
});
export type Templates = z.infer<typeof templatesSchema>;

export const templates: Templates = templatesSchema.parse(data);

/** Fills a template's {slots}; a slot with no value is left empty. */
export function fill(template: string, slots: Readonly<Record<string, string>>): string {
  return template.replace(/\{(\w+)\}/g, (_, slot: string) => slots[slot] ?? '');
}
