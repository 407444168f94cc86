import type { WeightedText } from './key-phrases';
import { sentencesOf, wordsOf } from './nlp';
import type { ReadPage } from './page-reader';

/** What ReplyRadar knows about a product before drafting: from its page, or from the words its team wrote. */
export interface ProductSource {
  /** The product's name, as the page or the description gives it. */
  name: string;
  /** Sentences a description can be made of, best first (the page's own summary and lead). */
  lead: string[];
  /** Texts to find key phrases in, weighted by where they come from. */
  texts: WeightedText[];
  /** The running text, to read the register (tone) from. */
  body: string;
}

const titleSeparators = /\s+[|–—·:-]\s+|\s*[|–—·]\s*/;
const alnum = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

function capitalise(text: string): string {
  return text.replace(/\b([a-z])/g, (letter) => letter.toUpperCase());
}

/** The product name a page gives: `og:site_name`, else the part of the title that matches the host, else the host. */
export function nameFromPage(page: Pick<ReadPage, 'siteName' | 'title' | 'url'>): string {
  if (page.siteName) return page.siteName.slice(0, 80);
  const host = new URL(page.url).hostname.replace(/^www\./, '');
  const label = host.split('.')[0] ?? host;
  const segments = (page.title ?? '')
    .split(titleSeparators)
    .map((part) => part.trim())
    .filter((part) => part && part.split(/\s+/).length <= 4);
  const matching = segments.find(
    (part) => alnum(part).includes(alnum(label)) || alnum(label).includes(alnum(part)),
  );
  if (matching) return matching.slice(0, 80);
  const shortest = [...segments].sort((a, b) => a.length - b.length)[0];
  if (shortest && segments.length > 1) return shortest.slice(0, 80);
  return capitalise(label.replace(/[-_]+/g, ' '));
}

/** A sentence fit for a description: a statement of reasonable length, not a question or a quote. */
function isStatement(sentence: string): boolean {
  const words = sentence.split(/\s+/).length;
  return words >= 5 && words <= 45 && !/[?]$/.test(sentence) && !/["“”]/.test(sentence);
}

export function sourceFromPage(page: ReadPage): ProductSource {
  const name = nameFromPage(page);
  const lead = [
    ...sentencesOf(page.metaDescription ?? ''),
    ...page.paragraphs.slice(0, 4).flatMap((paragraph) => sentencesOf(paragraph)),
  ].filter(isStatement);
  const texts: WeightedText[] = [
    { text: page.title ?? '', weight: 3 },
    { text: page.metaDescription ?? '', weight: 2 },
    ...page.headings.map((text) => ({ text, weight: 2 })),
    ...page.paragraphs.map((text) => ({ text, weight: 1 })),
  ].filter((entry) => entry.text);
  return { name, lead, texts, body: page.paragraphs.join('\n') };
}

/** The product's name in a description its team wrote: the subject of its first sentence, or its most named proper noun. */
export function nameFromDescription(description: string): string | null {
  const first = sentencesOf(description)[0] ?? '';
  const subject = first.match(
    /^\s*([A-Z][\w&.'-]*(?:\s+[A-Z][\w&.'-]*){0,2})\s*(?:,|\(|is\b|are\b|helps\b|lets\b|makes\b|gives\b|turns\b|sends\b|keeps\b|finds\b|was\b)/,
  );
  if (subject?.[1] && !/^(We|Our|It|This|The|A|An|My)$/.test(subject[1])) return subject[1];
  const counts = new Map<string, number>();
  for (const word of wordsOf(description)) {
    if (word.pos === 'PROPN') counts.set(word.text, (counts.get(word.text) ?? 0) + 1);
  }
  const [best] = [...counts.entries()].sort((a, b) => b[1] - a[1]);
  return best?.[0] ?? null;
}

export function sourceFromDescription(description: string, fallbackName: string): ProductSource {
  const text = description.replace(/\s+/g, ' ').trim();
  const sentences = sentencesOf(text);
  return {
    name: nameFromDescription(text) ?? fallbackName,
    lead: sentences,
    texts: sentences.map((sentence, index) => ({ text: sentence, weight: index === 0 ? 2 : 1 })),
    body: text,
  };
}
