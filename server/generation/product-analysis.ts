/**
 * What ReplyRadar reads out of a product's text without a model: its name, a description of two or three
 * of its own sentences, the keyword proposals and the tone of voice. This is the text work that would
 * hold other requests up, so the server runs it on the page reader pool's worker threads
 * (`page-reader-pool.ts`, `page-reader-worker.ts`); the functions are pure and take what they read.
 */
import type { DraftedProject } from './drafter';
import { GenerationError } from './generation-error';
import { type ProposedKeyword, preselectedKeywords, proposeKeywords } from './keyword-proposals';
import type { ReadPage } from './page-reader';
import { type ProductSource, sourceFromDescription, sourceFromPage, unnamedProduct } from './product-source';
import { readRegister, toneOfVoice } from './tone-of-voice';

const descriptionMaxChars = 480;

const wordsOf = (text: string) => new Set(text.toLowerCase().match(/[a-z0-9]+/g) ?? []);

/** Two or three of the source's own sentences, skipping ones that repeat what is already said. */
function describeProduct(source: ProductSource): string {
  const chosen: string[] = [];
  const said = new Set<string>();
  for (const sentence of source.lead) {
    const words = wordsOf(sentence);
    const repeated = [...words].filter((word) => said.has(word)).length / Math.max(words.size, 1);
    if (repeated > 0.6) continue;
    const length = chosen.join(' ').length + sentence.length + 1;
    if (chosen.length >= 2 && length > descriptionMaxChars) break;
    chosen.push(sentence);
    for (const word of words) said.add(word);
    if (chosen.length === 3) break;
  }
  return chosen.join(' ');
}

/** A product's text: its page as read, or what the team wrote about it, and their goal. */
export interface ProductMaterial {
  page: ReadPage | null;
  /** What the team wrote about the product (used when there is no page). */
  written: string | null;
  goal: string;
}

function sourceOf(text: ProductMaterial, name = unnamedProduct): ProductSource {
  return text.page ? sourceFromPage(text.page) : sourceFromDescription(text.written ?? '', name);
}

/** A drafted project from the text alone: name, description, tone of voice, keyword proposals. */
export function analyseProduct(text: ProductMaterial): DraftedProject {
  const field = text.page ? 'url' : 'description';
  const source = sourceOf(text);
  const description = text.page ? describeProduct(source) : source.body;
  if (!description) {
    throw new GenerationError(
      'The page has too little text to describe the product. Tick "I don\'t have website" and describe it instead.',
      'not_enough_text',
      field,
    );
  }
  const proposals = proposeKeywords(source, description, text.goal, field);
  const tov = toneOfVoice(
    readRegister(source.body || description),
    text.goal,
    source.name === unnamedProduct ? 'the product' : source.name,
  );
  return {
    name: source.name,
    description,
    tov,
    keywords: proposals.slice(0, preselectedKeywords),
    proposals,
  };
}

/** The engine's proposals for a product a model described (`name`, `description`) from this text. */
export function proposeFor(text: ProductMaterial & { name: string; description: string }): ProposedKeyword[] {
  const source = sourceOf(text, text.name);
  return proposeKeywords(
    { ...source, name: text.name },
    text.description,
    text.goal,
    text.page ? 'url' : 'description',
  );
}

/** A tone of voice for the product, read from its page or what the team wrote. */
export function toneFor(text: ProductMaterial & { name: string }): string {
  const source = sourceOf(text, text.name);
  return toneOfVoice(readRegister(source.body || (text.written ?? '')), text.goal, text.name);
}

/** A description of two or three of the page's own sentences ('' when it has too little text). */
export function describePage(page: ReadPage): string {
  return describeProduct(sourceFromPage(page));
}
