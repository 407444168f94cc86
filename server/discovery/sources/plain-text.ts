import { parseHTML } from 'linkedom';

/** With the `u` flag a surrogate pair is one code point, so only a surrogate standing alone matches. */
const loneSurrogates = /[\uD800-\uDFFF]/gu;

/**
 * Text PostgreSQL can store: NUL characters removed (text and jsonb refuse U+0000) and each lone
 * surrogate, which is no character, replaced by U+FFFD. Every string a network sends goes through it.
 */
export const storableText = (text: string) => text.replaceAll('\u0000', '').replace(loneSurrogates, '\uFFFD');

/** Plain text with runs of spaces collapsed and at most one blank line between paragraphs. */
export const tidyText = (text: string) =>
  storableText(text)
    .replace(/\u00a0/g, ' ')
    .split('\n')
    .map((line) => line.replace(/[ \t\f\v]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

/**
 * HTML (a Mastodon status, a Hacker News comment) or text with HTML entities (an X post) as plain
 * text: tags removed, entities decoded, paragraphs and line breaks kept as new lines.
 */
export function htmlToText(html: string): string {
  if (!/[<&]/.test(html)) return tidyText(html);
  const marked = html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|blockquote|h[1-6])>/gi, '\n\n')
    .replace(/<p(\s[^>]*)?>/gi, '\n\n');
  const { document } = parseHTML(`<!doctype html><html><body>${marked}</body></html>`);
  return tidyText(document.body?.textContent ?? '');
}

/** Reddit's Markdown as plain text: links keep their words, emphasis, quotes, headings and code marks go. */
export function markdownToText(markdown: string): string {
  return tidyText(
    htmlToText(markdown)
      .replace(/!?\[([^\]]*)\]\((?:[^()]|\([^)]*\))*\)/g, '$1')
      .replace(/^[ \t]{0,3}(?:>[ \t]?)+/gm, '')
      .replace(/^[ \t]{0,3}#{1,6}[ \t]+/gm, '')
      .replace(/(\*\*|__|~~|`)/g, '')
      .replace(/\u200b/g, ''),
  );
}
