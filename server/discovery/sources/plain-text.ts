import { parseHTML } from 'linkedom';

/** Plain text with runs of spaces collapsed and at most one blank line between paragraphs. */
export const tidyText = (text: string) =>
  text
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
