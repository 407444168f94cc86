import type { ItemToken, ItsFunction } from 'wink-nlp';
import type { ProductText } from '../engine/keywords/candidates';
import { wordVectors } from '../engine/language/encoder';
import { nlp, sentencesOf } from './nlp';
import type { ReadPage } from './page-reader';

/** What ReplyRadar knows about a product before drafting: from its page, or from the words its team wrote. */
export interface ProductSource {
  /** The product's name, as the page or the description gives it. */
  name: string;
  /** Sentences a description can be made of, best first (the page's own summary and lead). */
  lead: string[];
  /** The page's texts keywords are found in, each with where it stands (none for a description). */
  page: ProductText[];
  /** The running text, to read the register (tone) from. */
  body: string;
}

/** The name a project gets when neither its page nor its description names it; the team edits it. */
export const unnamedProduct = 'My product';

const titleSeparators = /\s+[|–—·:-]\s+|\s*[|–—·]\s*/;
const alnum = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

function capitalise(text: string): string {
  return text.replace(/\b([a-z])/g, (letter) => letter.toUpperCase());
}

/** The first label of a host that names something: none for an IP address or `localhost`. */
function hostLabel(url: string): string | null {
  const host = new URL(url).hostname.replace(/^www\./, '');
  if (host.startsWith('[') || /^[\d.]+$/.test(host) || host === 'localhost') return null;
  const label = host.split('.')[0] ?? '';
  return /[a-z]/i.test(label) ? label : null;
}

/** Title segments that name the page, not the product. */
const pageWords =
  /^(home|welcome|pricing|features|about( us)?|blog|log ?in|sign ?up|contact( us)?|faq|docs)$/i;

/**
 * How much a title segment looks like a name rather than a tagline: every word capitalised or a
 * brand's own spelling ("InvoiceNinja", "Pro", "X2"), and short. 0 when it reads as a sentence.
 */
function nameLikeness(segment: string): number {
  const words = segment.split(/\s+/);
  if (words.length > 4 || pageWords.test(segment)) return 0;
  const capitalised = words.filter((word) => /^[\p{Lu}\d]/u.test(word)).length;
  if (capitalised < words.length) return 0;
  const branded = words.some((word) => /\p{Ll}\p{Lu}|\d/u.test(word)) ? 1 : 0;
  return 1 + branded + (4 - words.length) * 0.25;
}

/**
 * The product name a page gives: `og:site_name`, else the title segment that matches the host, else
 * the title segment that looks like a name ("InvoiceNinja Pro – Automatic invoice reminders"), else
 * the host's first label; never an IP address. `fallback` when nothing names it.
 */
export function nameFromPage(
  page: Pick<ReadPage, 'siteName' | 'title' | 'url'>,
  fallback = unnamedProduct,
): string {
  const label = hostLabel(page.url);
  const siteName = page.siteName?.trim();
  if (siteName && !/^[\d.:[\]]+$/.test(siteName) && alnum(siteName)) return siteName.slice(0, 80);
  const segments = (page.title ?? '')
    .split(titleSeparators)
    .map((part) => part.trim())
    .filter((part) => alnum(part));
  const matching =
    label &&
    segments.find(
      (part) =>
        part.split(/\s+/).length <= 4 &&
        (alnum(part).includes(alnum(label)) || alnum(label).includes(alnum(part))),
    );
  if (matching) return matching.slice(0, 80);
  const [named] = segments
    .map((part, index) => ({ part, likeness: nameLikeness(part) - index * 0.1 }))
    .filter((candidate) => candidate.likeness > 0)
    .sort((a, b) => b.likeness - a.likeness);
  if (named && (segments.length > 1 || !label)) return named.part.slice(0, 80);
  if (label) return capitalise(label.replace(/[-_]+/g, ' '));
  return fallback;
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
  const texts: ProductText[] = [
    { text: page.title ?? '', from: 'title' as const },
    { text: page.metaDescription ?? '', from: 'summary' as const },
    ...page.headings.map((text) => ({ text, from: 'heading' as const })),
    ...page.paragraphs.map((text) => ({ text, from: 'page' as const })),
  ].filter((entry) => entry.text);
  return { name, lead, page: texts, body: page.paragraphs.join('\n') };
}

// wink-nlp's typings give `its.pos` a signature `out()` does not accept, though it works.
const feature = (its: unknown) => its as ItsFunction<unknown>;

/** A word the datasets hold in fewer posts than this is coined for a product, or nearly so. */
const coinedBelow = 5;

/**
 * The product's name in a description its team wrote: the capitalised proper nouns (up to three) that
 * open one of its sentences as its subject, read by the part-of-speech tagger: followed by a verb
 * ("Crumbly is…", "Leasewise helps…", "Invoice Ninja sends…"), or, for a word the datasets barely know,
 * by a word the tagger reads as a noun that does not go on as a noun phrase ("Tripnote plans a…", a
 * verb it took for a plural noun). "An Excel add-in that…", "Invoice reminders for…" or "Open-source CRM for…" name nothing:
 * a product called "Excel" would drop "excel" from every keyword and say "I work on Excel" in every reply.
 */
export function nameFromDescription(description: string): string | null {
  const { its } = nlp();
  const words = wordVectors();
  for (const sentence of sentencesOf(description)) {
    const tokens: { text: string; pos: string }[] = [];
    nlp()
      .readDoc(sentence)
      .tokens()
      .each((token: ItemToken) => {
        tokens.push({ text: String(token.out()), pos: String(token.out(feature(its.pos))) });
      });
    let end = 0;
    while (
      end < Math.min(3, tokens.length) &&
      tokens[end]?.pos === 'PROPN' &&
      /^\p{Lu}/u.test(tokens[end]?.text ?? '')
    )
      end += 1;
    if (end === 0) continue;
    const next = tokens[end];
    const after = tokens[end + 1];
    const name = tokens
      .slice(0, end)
      .map((token) => token.text)
      .join(' ');
    if (next?.pos === 'AUX' || next?.pos === 'VERB') return name;
    // A word the datasets barely know, then one the tagger took for a noun ("Tripnote plans a…",
    // "Tallybird chases late…"), unless what follows shows a noun phrase ("Invoice reminders for…").
    const coined = end === 1 && words.documentFrequency(name.toLowerCase()) < coinedBelow;
    const phraseGoesOn = after === undefined || ['ADP', 'PUNCT', 'CCONJ'].includes(after.pos);
    if (coined && next?.pos === 'NOUN' && !phraseGoesOn) return name;
  }
  return null;
}

export function sourceFromDescription(description: string, fallbackName: string): ProductSource {
  const text = description.replace(/\s+/g, ' ').trim();
  const sentences = sentencesOf(text);
  return { name: nameFromDescription(text) ?? fallbackName, lead: sentences, page: [], body: text };
}
