/**
 * How a reply says the product: its name and the description's first clause (what it does, or what it
 * is), in the forms `templates.json` gives, longest first so a reply near a network's limit can take a
 * shorter one. Read from punctuation and the engine's vocabulary, not from English words.
 */
import { wordVectors } from '../language/encoder';
import { sentencesOf, wordsOf } from '../language/words';
import { fill, templates } from './templates';

/** A clause is cut at a comma, for a shorter form, only where this many words stay before it. */
const minClauseWords = 4;
/**
 * A capitalised word that opens the description is written in lower case after the name ("Draftwell
 * (a writing app…)") when this many posts of the vocabulary hold it: an everyday word, not a name.
 */
const everydayWordPosts = 50;

export interface ProductSaid {
  /** The product's name; '' for a project that has none. */
  name: string;
  /** The ways to say it, longest first; empty when there is nothing to say. */
  phrases: string[];
}

const isCapitalised = (word: string) => /^\p{Lu}\p{Ll}*$/u.test(word);

/** Whether a capitalised word is one the vocabulary barely knows: a name ("Tripnote"). */
function looksLikeName(word: string): boolean {
  const [read] = wordsOf(word);
  return /^\p{Lu}/u.test(word) && read !== undefined && wordVectors().documentFrequency(read) === 0;
}

/** The clause said after the name: an everyday word that opens it loses its capital. */
function lowerFirst(clause: string): string {
  const [first = '', second = ''] = clause.split(/\s+/);
  const [read] = wordsOf(first);
  const everyday = read !== undefined && wordVectors().documentFrequency(read) >= everydayWordPosts;
  if (!isCapitalised(first) || !everyday || /^\p{Lu}/u.test(second)) return clause;
  return clause.charAt(0).toLowerCase() + clause.slice(1);
}

/** The description's first clause: its first sentence up to a colon, a semicolon or a dash. */
function firstClause(description: string): string {
  const sentence = sentencesOf(description)[0] ?? '';
  const clause = sentence.split(/\s*[:;]\s+|\s+[—–-]\s+/)[0] ?? '';
  return clause.replace(/[\s.!?]+$/u, '').trim();
}

/** The clause and its shorter forms, cut at commas, longest first. */
function clauseForms(clause: string): string[] {
  const forms = [clause];
  for (let at = clause.lastIndexOf(','); at > 0; at = clause.lastIndexOf(',', at - 1)) {
    const shorter = clause.slice(0, at).trim();
    if (shorter.split(/\s+/).length >= minClauseWords) forms.push(shorter);
  }
  return forms;
}

/** Where the name opens a clause ("Sheetsmith writes…"), what follows it; null otherwise. */
function afterName(clause: string, name: string): string | null {
  if (!name || !clause.toLowerCase().startsWith(`${name.toLowerCase()} `)) return null;
  return clause.slice(name.length).trim() || null;
}

/** The product as a reply says it: `name` '' for a project left unnamed (said as what it is). */
export function productPhrases(projectName: string, description: string): ProductSaid {
  let name = projectName.trim();
  const clause = firstClause(description);
  // A project without a name whose description opens with one ("Tripnote plans solo trips") takes it.
  const [opening = ''] = clause.split(/\s+/);
  if (!name && looksLikeName(opening) && clause.includes(' ')) name = opening;
  const forms = clause ? clauseForms(clause) : [];
  const phrases = forms.map((form) => {
    const does = afterName(form, name);
    if (does) return fill(templates.product.does, { name, does });
    if (!name) return fill(templates.product.unnamed, { what: lowerFirst(form) });
    return fill(templates.product.what, { name, what: lowerFirst(form) });
  });
  if (name) phrases.push(fill(templates.product.name, { name }));
  return { name, phrases: [...new Set(phrases)] };
}
