import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import type { FetchedPage, SafeFetcher } from '../net/safe-fetch';
import { checkDocument, checkMarkup, type PageLimits, pageLimits } from './page-reader-limits';

/** What ReplyRadar takes from a product page: its names, its summary and its main text. */
export interface ReadPage {
  url: string;
  /** `og:site_name`, when the page declares one. */
  siteName: string | null;
  /** The document title (or `og:title`). */
  title: string | null;
  /** `meta description` or `og:description`. */
  metaDescription: string | null;
  /** Headings of the main content, in order. */
  headings: string[];
  /** Paragraphs of the main content, in order, whitespace collapsed. */
  paragraphs: string[];
}

/**
 * How much of a page's text is kept. Drafting reads every word it is given on the main thread (about
 * 5 ms per thousand characters), and a product page says what it is near its top: a page of megabytes
 * is kept to its first pages' worth.
 */
const keptChars = { paragraphs: 16_000, headings: 2_000, line: 300 } as const;

const clean = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();
const orNull = (text: string | null | undefined) => clean(text).slice(0, keptChars.line) || null;

/** The texts, in order, up to `maxChars` characters in all (the last one kept cut to fit). */
function upTo(texts: string[], maxChars: number): string[] {
  const kept: string[] = [];
  let left = maxChars;
  for (const text of texts) {
    if (left <= 0) break;
    kept.push(text.slice(0, left));
    left -= text.length;
  }
  return kept;
}

/** A fetched page as it is handed to be read. */
export type PageToRead = Pick<FetchedPage, 'url' | 'text' | 'contentType'>;

/**
 * Reads a fetched page: metadata from the head, the main text through Readability (nav and footer left
 * out). A page past the limits throws `PageTooComplexError` before Readability sees it. Its cost grows
 * far faster than the page, so the server calls it off the main thread, through a `PageReader`.
 */
export function readPage(page: PageToRead, limits: PageLimits = pageLimits): ReadPage {
  if (page.contentType === 'text/plain') {
    return {
      url: page.url,
      siteName: null,
      title: null,
      metaDescription: null,
      headings: [],
      paragraphs: upTo(
        page.text
          .split(/\n\s*\n/)
          .map(clean)
          .filter(Boolean),
        keptChars.paragraphs,
      ),
    };
  }
  checkMarkup(page.text, limits);
  const { document } = parseHTML(page.text);
  checkDocument(document, limits);
  const meta = (selector: string) => orNull(document.querySelector(selector)?.getAttribute('content'));
  const siteName = meta('meta[property="og:site_name"]');
  const title = orNull(document.querySelector('title')?.textContent) ?? meta('meta[property="og:title"]');
  const metaDescription = meta('meta[name="description"]') ?? meta('meta[property="og:description"]');

  // Readability changes the document it reads, so the head is read first.
  const article = new Readability(document as unknown as Document, { charThreshold: 200 }).parse();
  const headings: string[] = [];
  const paragraphs: string[] = [];
  if (article?.content) {
    const { document: main } = parseHTML(`<!doctype html><html><body>${article.content}</body></html>`);
    for (const element of main.querySelectorAll('h1, h2, h3, h4, p, li, blockquote')) {
      const text = clean(element.textContent);
      if (!text) continue;
      if (/^H[1-4]$/.test(element.tagName)) headings.push(text);
      else if (element.tagName === 'P' && element.closest('li, blockquote')) continue;
      else paragraphs.push(text);
    }
  }
  return {
    url: page.url,
    siteName,
    title,
    metaDescription,
    headings: upTo(headings, keptChars.headings),
    paragraphs: upTo(paragraphs, keptChars.paragraphs),
  };
}

/** Reads fetched pages away from the requests being answered, within a time budget per page. */
export interface PageReader {
  read(page: PageToRead): Promise<ReadPage>;
}

/** Fetches a user-given link within the fetch rules and reads it. */
export async function fetchAndReadPage(
  fetcher: SafeFetcher,
  reader: PageReader,
  url: string,
): Promise<ReadPage> {
  return reader.read(await fetcher.fetchPage(url));
}
