import { describe, expect, it } from 'vitest';
import { promptContent, styleOf, toneAsksForLink } from './reply-style';

describe("the style a reply takes from the tone of voice and the person's prompt", () => {
  it('reads "include a link" as asking for the link, and "never include links" as refusing it', () => {
    expect(toneAsksForLink('Friendly. Include a link to the website when the product helps.')).toBe(true);
    expect(toneAsksForLink('Clear and professional. Always include a link to the website.')).toBe(true);
    expect(toneAsksForLink('Write in a clear voice. Never include links.')).toBe(false);
    expect(toneAsksForLink('No links or URLs, please.')).toBe(false);
    expect(toneAsksForLink('Warm and helpful.')).toBe(false);
  });

  it('speaks as the team when the tone of voice says "we" or "as the team"', () => {
    expect(styleOf('Plain, speaking as the team behind the product ("we").', '').asTeam).toBe(true);
    expect(styleOf('Plain and helpful, say “we”.', '').asTeam).toBe(true);
    expect(styleOf('We like a warm voice that speaks to the reader as "you".', '').asTeam).toBe(false);
  });

  it('is formal for a professional voice or a prompt asking for it, casual when the prompt says so', () => {
    expect(styleOf('Write in a clear, professional voice.', '').formal).toBe(true);
    expect(styleOf('Write in a clear, professional voice.', 'more casual').formal).toBe(false);
    expect(styleOf('Write in a clear, professional voice.', 'less formal').formal).toBe(false);
    expect(styleOf('Warm and friendly.', 'make it more formal').formal).toBe(true);
    expect(styleOf('Warm and friendly.', 'shorter').short).toBe(true);
  });

  it('uses an exclamation mark only when the tone of voice asks for one now and then', () => {
    expect(styleOf('Warm, with an exclamation mark now and then.', '').exclaim).toBe(true);
    expect(styleOf('Warm, without exclamation marks.', '').exclaim).toBe(false);
  });

  it('takes what to mention out of the prompt, leaving the style words behind', () => {
    expect(promptContent('more formal, mention the free plan')).toBe('the free plan');
    expect(promptContent('make it shorter and mention the Free plan and the API')).toBe(
      'the Free plan, the API',
    );
    expect(promptContent('Please also say that setup takes five minutes.')).toBe('setup takes five minutes');
    expect(promptContent('shorter please')).toBeNull();
    expect(promptContent('')).toBeNull();
  });
});
