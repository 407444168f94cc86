import type { SafeFetcher } from '../net/safe-fetch';
import type { Drafter, GeneratedProject, ProjectBrief, ProjectContext, ReplyRequest } from './drafter';
import { GenerationError } from './generation-error';
import { type KeyPhrase, rankKeyPhrases } from './key-phrases';
import { fetchAndReadPage, type PageReader } from './page-reader';
import { sharedPageReader } from './page-reader-pool';
import { type ProductSource, sourceFromDescription, sourceFromPage } from './product-source';
import { writeReply } from './reply-writer';
import { readRegister, toneOfVoice } from './tone-of-voice';

const maxKeywords = 5;
const minKeywords = 3;
const descriptionMaxChars = 480;
/** The name a project gets when neither its page nor its description names it; the team edits it. */
const unnamed = 'My product';

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

/** A keyword's filter in the filter language: the phrase itself (quoted when it has spaces), minus job posts. */
export function keywordFilter(phrase: string): string {
  return `${phrase.includes(' ') ? `"${phrase}"` : phrase} -hiring -job`;
}

/** 3 to 5 of the best key phrases: all within reach of the best one, at least three when there are three. */
export function pickKeywords(ranked: KeyPhrase[]): KeyPhrase[] {
  const best = ranked[0]?.score ?? 0;
  const strong = ranked.filter((phrase) => phrase.score >= best * 0.3).slice(0, maxKeywords);
  return strong.length >= minKeywords ? strong : ranked.slice(0, minKeywords);
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
    const source = await this.source(brief.url, brief.description, unnamed);
    const description = brief.url ? describeProduct(source) : source.body;
    if (!description) {
      throw new GenerationError(
        'The page has too little text to describe the product. Tick "I don\'t have website" and describe it instead.',
        'not_enough_text',
        field,
      );
    }
    let ranked = rankKeyPhrases(source.texts, [source.name]);
    if (ranked.length < minKeywords) {
      const more = rankKeyPhrases([{ text: brief.goal, weight: 1 }], [source.name]);
      ranked = [
        ...ranked,
        ...more.filter((extra) => !ranked.some((phrase) => phrase.phrase === extra.phrase)),
      ];
    }
    const keywords = pickKeywords(ranked).map(({ phrase }) => ({
      name: phrase,
      filter: keywordFilter(phrase),
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
      source.name === unnamed ? 'the product' : source.name,
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

  async draftReply(request: ReplyRequest): Promise<string> {
    return writeReply(request);
  }
}
