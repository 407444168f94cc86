import type { WeightedText } from './key-phrases';
import { isCoined, sentencesOf } from './nlp';
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
  const texts: WeightedText[] = [
    { text: page.title ?? '', weight: 3 },
    { text: page.metaDescription ?? '', weight: 2 },
    ...page.headings.map((text) => ({ text, weight: 2 })),
    ...page.paragraphs.map((text) => ({ text, weight: 1 })),
  ].filter((entry) => entry.text);
  return { name, lead, texts, body: page.paragraphs.join('\n') };
}

/**
 * The product's name in a description its team wrote: the subject of one of its sentences ("Crumbly is
 * a recipe costing app", "Tallybird sends…"). A proper noun elsewhere is not taken for it: "An Excel
 * add-in that…" or "Managed WordPress hosting…" name the tools the product works with, and a product
 * called "Excel" would drop "excel" from every keyword and say "I work on Excel" in every reply.
 */
export function nameFromDescription(description: string): string | null {
  for (const sentence of sentencesOf(description)) {
    const subject = sentence.match(namedSubject);
    if (subject?.[1] && !notNames.test(subject[1])) return subject[1];
    // "Tripnote plans…" names it; "Lesson plans…" does not: a verb that is as often a plural noun counts
    // only after a word coined for the product
    const coined = sentence.match(coinedSubject);
    if (coined?.[1] && !notNames.test(coined[1]) && isCoined(coined[1])) return coined[1];
  }
  return null;
}

/**
 * The verbs a product's own sentence says it does ("Crumbly is…", "Lawbly answers…"), leaving out those
 * that are as often a plural noun after a capitalised word ("Lesson plans", "Audio tracks").
 */
const productVerbs =
  'is|are|was|has|helps|lets|makes|gives|turns|sends|keeps|finds|builds|writes|saves|automates|' +
  'schedules|creates|generates|organi[sz]es|connects|hides|encrypts|syncs|manages|sorts|cleans|edits|' +
  'removes|chases|answers|fixes|handles|offers|provides|suggests|recommends|translates|converts|' +
  'compresses|resizes|transcribes|monitors|analy[sz]es|reminds|collects|teaches|prepares|delivers|' +
  'protects|secures|speeds|optimi[sz]es|simplifies|streamlines|replaces|combines|brings|puts|gets|' +
  'does|compares|calculates|predicts|detects|notifies|publishes|pulls|pushes|assigns|summari[sz]es|explains';
const namedSubject = new RegExp(
  `^\\s*([A-Z][\\w&.'-]*(?:\\s+[A-Z][\\w&.'-]*){0,2})\\s*(?:,|\\(|(?:${productVerbs})\\b)`,
);

/** Verbs that are as often a plural noun after a capitalised word ("Lesson plans", "Audio tracks"). */
const nounLikeVerbs =
  'plans|tracks|logs|checks|counts|reads|shows|posts|shares|records|books|flags|alerts|guides|stores|' +
  'matches|runs|works|signs|routes|drafts|scans|estimates|learns|plays|lists|maps|notes|blocks';
const coinedSubject = new RegExp(`^\\s*([A-Z][\\w&.'-]*)\\s+(?:${nounLikeVerbs})\\b`);
/** Words that open a sentence without naming anything. */
const notNames = /^(We|Our|It|This|The|A|An|My|You|Your|They|There|Here)$/;

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
