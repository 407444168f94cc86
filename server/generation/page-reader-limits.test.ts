import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { deepPage, nestedPage, slowToReadPage } from '../../tests/support/complex-pages';
import { readPageFixture } from '../../tests/support/page-server';
import { readPage } from './page-reader';
import { checkDocument, checkMarkup, PageTooComplexError, pageLimits } from './page-reader-limits';

const refusal = (run: () => void) => {
  try {
    run();
  } catch (error) {
    if (error instanceof PageTooComplexError) return error.reason;
    throw error;
  }
  return null;
};
const html = (text: string) => ({
  url: 'https://tallybird.example/',
  text,
  contentType: 'text/html' as const,
});

describe('the limits on how complex a page ReplyRadar reads', () => {
  it('refuses a page nested 5,000 levels deep before parsing it', () => {
    expect(refusal(() => checkMarkup(deepPage()))).toBe('depth');
    expect(refusal(() => readPage(html(deepPage())))).toBe('depth');
  });

  it('refuses a page with more elements than it reads', () => {
    const page = '<p>Tallybird sends payment reminders.</p>'.repeat(pageLimits.maxElements + 1);
    expect(refusal(() => checkMarkup(page))).toBe('elements');
  });

  it('reads the recorded product page and pages at the limits', () => {
    expect(refusal(() => checkMarkup(readPageFixture('product.html')))).toBeNull();
    expect(readPage(html(readPageFixture('product.html'))).title).toContain('Tallybird');
    expect(refusal(() => checkMarkup(nestedPage(pageLimits.maxDepth - 2)))).toBeNull();
    expect(refusal(() => checkMarkup(slowToReadPage()))).toBeNull();
    expect(refusal(() => checkDocument(parseHTML(slowToReadPage()).document))).toBeNull();
  });

  it('does not count as nesting what a parser closes or never opens', () => {
    const lists = '<ul>'.concat('<li>a feature'.repeat(1_000), '</ul>');
    const paragraphs = '<p>one paragraph'.repeat(1_000);
    const breaks = 'a line<br>'.repeat(1_000);
    const strayInline = '<div><span>unclosed</div>'.repeat(1_000);
    const script = `<script>${'if (a<b) document.write("<div>");'.repeat(1_000)}</script><p>text</p>`;
    const comments = '<!-- <div> -->'.repeat(1_000);
    for (const page of [lists, paragraphs, breaks, strayInline, script, comments]) {
      expect(refusal(() => checkMarkup(page))).toBeNull();
      expect(refusal(() => checkDocument(parseHTML(page).document))).toBeNull();
    }
  });

  it("keeps the first pages' worth of a very long page's text, which drafting reads on the main thread", () => {
    const paragraph = `<p>${'Tallybird sends payment reminders to clients who pay late. '.repeat(10)}</p>`;
    const page = readPage(
      html(
        `<html><head><title>${'Tallybird '.repeat(1_000)}</title></head><body><article>${paragraph.repeat(2_000)}</article></body></html>`,
      ),
    );
    expect(page.paragraphs.join('').length).toBe(16_000);
    expect(page.title?.length).toBeLessThanOrEqual(300);
    const plain = readPage({
      ...html('Tallybird sends reminders.\n\n'.repeat(5_000)),
      contentType: 'text/plain',
    });
    expect(plain.paragraphs.join('').length).toBe(16_000);
  });

  it('checks the parsed document too, where the parser nests what the scan did not expect', () => {
    const { document } = parseHTML(nestedPage(pageLimits.maxDepth + 1));
    expect(refusal(() => checkDocument(document))).toBe('depth');
    expect(refusal(() => checkDocument(document, { maxDepth: 1_000, maxElements: 100 }))).toBe('elements');
  });
});
