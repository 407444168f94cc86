import { writeReply } from '../engine/drafting/write-reply';
import type { SafeFetcher } from '../net/safe-fetch';
import type { Drafter, GeneratedProject, ProjectBrief, ProjectContext, ReplyRequest } from './drafter';
import { GenerationError } from './generation-error';
import { audienceWordsOf, namesOnlyWhoOrWhat, rankKeyPhrases, type WeightedText } from './key-phrases';
import { goalNeedPhrases, rankNeedPhrases } from './need-phrases';
import { fetchAndReadPage, type PageReader } from './page-reader';
import { sharedPageReader } from './page-reader-pool';
import { type ProductSource, sourceFromDescription, sourceFromPage, unnamedProduct } from './product-source';
import { proposedFilter } from './proposed-filter';
import { readRegister, toneOfVoice } from './tone-of-voice';

const maxKeywords = 5;
const minKeywords = 3;
const descriptionMaxChars = 480;

const wordsOf = (text: string) => new Set(text.toLowerCase().match(/[a-z0-9]+/g) ?? []);

/** Two or three of the source's own sentences, skipping ones that repeat what is already said. */
export function describeProduct(source: ProductSource): string {
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

const lemmaWords = (phrase: string) => phrase.toLowerCase().match(/[a-z0-9]+/g) ?? [];

/** Of the keywords, at most this many come from the goal's own states, so the product's needs have room. */
const maxGoalKeywords = 3;

/**
 * 3 to 5 keywords: first the needs the goal states outright ("overwhelmed by grading", "looking for a
 * VPN"), then the need phrases of the product's texts within reach of the best one (what people write
 * when they have the problem); when fewer than three, the product's topics fill up, never a bare
 * audience ("small agencies") or kind of product ("accounting software"), nor a topic a need phrase
 * already covers, nor a single word once two needs are found.
 */
export function pickKeywords(texts: WeightedText[], exclude: string[], goal = ''): string[] {
  const excluded = new Set(exclude.flatMap(lemmaWords));
  const stated = goalNeedPhrases(goal)
    .filter((phrase) => !lemmaWords(phrase).some((word) => excluded.has(word)))
    .slice(0, maxGoalKeywords);
  const needs = rankNeedPhrases(texts, exclude);
  const best = needs[0]?.score ?? 0;
  const statedWords = new Set(stated.flatMap(lemmaWords));
  const chosen = [
    ...stated,
    ...needs
      .filter((need) => need.score >= best * 0.2)
      // a need the goal already states in the same words adds nothing ("lesson planning")
      .filter((need) => !lemmaWords(need.phrase).every((word) => statedWords.has(word)))
      .map((need) => need.phrase),
  ].slice(0, maxKeywords);
  if (chosen.length >= minKeywords) return chosen;
  const audience = audienceWordsOf(texts);
  const covered = new Set(chosen.flatMap(lemmaWords).map((word) => word.replace(/s$/, '')));
  const topics = rankKeyPhrases(texts, exclude);
  // Two-word topics ("staff rotas") before single words ("progress"), which only stand in for no need
  const byWords = [
    ...topics.filter((t) => t.phrase.includes(' ')),
    ...topics.filter((t) => !t.phrase.includes(' ')),
  ];
  for (const { phrase } of byWords) {
    if (chosen.length >= minKeywords) break;
    if (!phrase.includes(' ') && needs.length + stated.length > 0 && chosen.length >= 2) break;
    if (namesOnlyWhoOrWhat(phrase, audience)) continue;
    if (lemmaWords(phrase).some((word) => covered.has(word.replace(/s$/, '')))) continue;
    chosen.push(phrase);
    for (const word of lemmaWords(phrase)) covered.add(word.replace(/s$/, ''));
  }
  return chosen;
}

/**
 * Drafts without a model: reads the product page (or the description), keeps the page's own words for
 * the description, ranks its key phrases for keywords and reads its register for the tone of voice.
 * The same input gives the same project.
 */
export class BuiltinDrafter implements Drafter {
  readonly kind = 'builtin';

  constructor(
    private readonly fetcher: SafeFetcher,
    private readonly reader: PageReader = sharedPageReader(),
  ) {}

  private async source(url: string | null, description: string | null, name = 'the product') {
    if (url) return sourceFromPage(await fetchAndReadPage(this.fetcher, this.reader, url));
    return sourceFromDescription(description ?? '', name);
  }

  async generateProject(brief: ProjectBrief): Promise<GeneratedProject> {
    const field = brief.url ? 'url' : 'description';
    const source = await this.source(brief.url, brief.description, unnamedProduct);
    const description = brief.url ? describeProduct(source) : source.body;
    if (!description) {
      throw new GenerationError(
        'The page has too little text to describe the product. Tick "I don\'t have website" and describe it instead.',
        'not_enough_text',
        field,
      );
    }
    const texts = [...source.texts, { text: brief.goal, weight: 1 }];
    const productText = texts.map((entry) => entry.text).join('\n');
    // A product the text does not name excludes nothing ("my", "product" are words of needs too).
    const names = source.name === unnamedProduct ? [] : [source.name];
    const keywords = pickKeywords(texts, names, brief.goal).map((phrase) => ({
      name: phrase,
      filter: proposedFilter(phrase, productText),
    }));
    if (keywords.length === 0) {
      throw new GenerationError(
        'We could not find what the product is about in that text. Add a sentence or two about what it does.',
        'not_enough_text',
        field,
      );
    }
    const tov = toneOfVoice(
      readRegister(source.body || description),
      brief.goal,
      source.name === unnamedProduct ? 'the product' : source.name,
    );
    return { name: source.name, description, tov, keywords };
  }

  async regenerateTov(project: ProjectContext): Promise<string> {
    const name = project.name.trim() || 'the product';
    const source = project.url.trim()
      ? await this.source(project.url.trim(), null)
      : sourceFromDescription(project.description, name);
    return toneOfVoice(readRegister(source.body || project.description), project.goal, name);
  }

  async regenerateDescription(project: ProjectContext): Promise<string> {
    const description = describeProduct(await this.source(project.url.trim(), null));
    if (!description) {
      throw new GenerationError(
        'The page has too little text to describe the product. Write the description yourself.',
        'not_enough_text',
        'url',
      );
    }
    return description;
  }

  /**
   * The engine's template writer (decision 066). A project the person has not named yet is said as
   * what it is, never by its placeholder name.
   */
  async draftReply(request: ReplyRequest): Promise<string> {
    const name = request.project.name.trim() === unnamedProduct ? '' : request.project.name;
    return writeReply({ ...request, project: { ...request.project, name } });
  }
}
