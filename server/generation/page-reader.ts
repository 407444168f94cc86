import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import type { FetchedPage, SafeFetcher } from '../net/safe-fetch';

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

const clean = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();
const orNull = (text: string | null | undefined) => clean(text) || null;

/** Reads a fetched page: metadata from the head, the main text through Readability (nav and footer left out). */
export function readPage(page: Pick<FetchedPage, 'url' | 'text' | 'contentType'>): ReadPage {
  if (page.contentType === 'text/plain') {
    return {
      url: page.url,
      siteName: null,
      title: null,
      metaDescription: null,
      headings: [],
      paragraphs: page.text
        .split(/\n\s*\n/)
        .map(clean)
        .filter(Boolean),
    };
  }
  const { document } = parseHTML(page.text);
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
  return { url: page.url, siteName, title, metaDescription, headings, paragraphs };
}

/** Fetches a user-given link within the fetch rules and reads it. */
export async function fetchAndReadPage(fetcher: SafeFetcher, url: string): Promise<ReadPage> {
  return readPage(await fetcher.fetchPage(url));
}
