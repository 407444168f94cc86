import { describe, expect, it } from 'vitest';
import { intents } from '../intent/intent';
import { templates } from './templates';

const families = intents.map((intent) => [intent, templates.families[intent]] as const);
const contraction = /\b\w+(?:'|’)(?:s|d|ll|re|ve|m|t)\b/i;

describe('the reply templates', () => {
  it.each(families)(
    'give %s a family whose first required part says what the post is about',
    (_intent, family) => {
      const first = family.parts.find((part) => part.required);
      for (const alternative of first?.alternatives ?? [[]])
        for (const text of alternative) expect(text).toContain('{keyword}');
      for (const role of family.dropOrder)
        expect(family.parts.find((part) => part.role === role)?.required).toBe(false);
    },
  );

  it('name the product only where the post asks for a tool or complains, always with a disclosure', () => {
    for (const [intent, family] of families)
      for (const part of family.parts) {
        const texts = part.alternatives.flat();
        if (part.names) {
          expect(['asks-tool', 'complains']).toContain(intent);
          for (const text of texts) {
            expect(text).toContain('{product}');
            expect(text).toContain('{disclose}');
            expect(text).toMatch(/disclosure|transparen/i);
          }
        } else for (const text of texts) expect(text).not.toMatch(/\{(?:product|name)\}/);
      }
  });

  it('ask a question back in every reply to a request for help', () => {
    const help = templates.families['asks-help'];
    const question = help.parts.find((part) => part.role === 'question');
    expect(question?.required).toBe(true);
    for (const text of question?.alternatives.flat() ?? []) expect(text).toMatch(/\?$/);
  });

  it('hold enough alternatives for a day of 12 requests for help without repeating a required part', () => {
    for (const part of templates.families['asks-help'].parts.filter((each) => each.required))
      expect(part.alternatives.length).toBeGreaterThanOrEqual(12);
    for (const part of templates.families['asks-tool'].parts.filter((each) => each.required))
      expect(part.alternatives.length).toBeGreaterThanOrEqual(8);
  });

  it('write every formal alternative without contractions, and differently from the casual one somewhere', () => {
    for (const [, family] of families) {
      let differs = false;
      for (const part of family.parts)
        for (const [casual, formal] of part.alternatives) {
          expect(formal).not.toMatch(contraction);
          differs ||= casual !== formal;
        }
      expect(differs).toBe(true);
    }
    for (const [, formal] of [...templates.disclosure.alternatives, ...templates.mention.alternatives])
      expect(formal).not.toMatch(contraction);
  });
});
