import { keywordModel } from '../engine/keywords/propose';
import { wordVectors } from '../engine/language/encoder';
import { wordsOf } from '../engine/language/words';
import { GenerationError } from './generation-error';
import { type ProductSource, unnamedProduct } from './product-source';

/** A generated keyword: its name, and its filter (none: the person adds one where a word has another sense). */
export interface ProposedKeyword {
  name: string;
  filter: string | null;
}

/** Keywords preselected for a new project: the best of the proposals, leaving room to pick more. */
export const preselectedKeywords = 3;

/**
 * The engine's 8 to 12 keyword proposals for a product (`server/engine/keywords`), from its description,
 * goal and page. A text without one word the engine knows cannot be proposed for: the person is asked
 * to say what the product does (never a plain one-line description, which always gets its proposals).
 */
export function proposeKeywords(
  source: ProductSource,
  description: string,
  goal: string,
  field: 'url' | 'description',
): ProposedKeyword[] {
  const words = wordVectors();
  const known = wordsOf(`${description} ${goal} ${source.page.map((entry) => entry.text).join(' ')}`).some(
    (word) => words.documentFrequency(word) > 0,
  );
  if (!known)
    throw new GenerationError(
      'We could not find what the product is about in that text. Add a sentence or two about what it does.',
      'not_enough_text',
      field,
    );
  return keywordModel()
    .propose({
      name: source.name === unnamedProduct ? '' : source.name,
      description,
      goal,
      page: source.page,
    })
    .map((proposal) => ({ name: proposal.phrase, filter: null }));
}

/**
 * A model's keywords first, then the engine's proposals that say something else, up to 12: a model
 * that proposes five still leaves the person 8 to 12 to pick from.
 */
export function withProposals(
  first: readonly ProposedKeyword[],
  proposals: readonly ProposedKeyword[],
): ProposedKeyword[] {
  const seen = new Set<string>();
  const merged: ProposedKeyword[] = [];
  for (const keyword of [...first, ...proposals]) {
    const key = keyword.name.trim().toLowerCase();
    if (!key || seen.has(key)) continue;
    seen.add(key);
    merged.push(keyword);
  }
  return merged.slice(0, 12);
}
