import { z } from 'zod/mini';
import { fieldMessages } from './messages';

/** With the `u` flag a surrogate pair is one code point, so only a surrogate standing alone matches. */
const loneSurrogate = /[\uD800-\uDFFF]/u;

/**
 * Why the database would refuse a text, or null when it can be stored: PostgreSQL's text and jsonb
 * cannot hold U+0000, and a lone surrogate is no character at all (jsonb refuses it, text would store a
 * replacement character instead of what was sent).
 */
export function storedTextProblem(text: string): string | null {
  if (text.includes('\u0000')) return fieldMessages.nulCharacter;
  if (loneSurrogate.test(text)) return fieldMessages.loneSurrogate;
  return null;
}

/**
 * The check every string a person or a webhook sends gets when it reaches the database:
 * `z.string().check(storedText())`. The issue says why ('Must not contain a NUL character').
 */
export function storedText() {
  return z.superRefine((text: string, ctx) => {
    const problem = storedTextProblem(text);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, input: text });
  });
}

/** A string that can be stored: `z.string()` with the `storedText` check. */
export const storedString = () => z.string().check(storedText());
