import { writeReply } from '../engine/drafting/write-reply';
import type { SafeFetcher } from '../net/safe-fetch';
import type { DraftedProject, Drafter, ProjectBrief, ProjectContext, ReplyRequest } from './drafter';
import { GenerationError } from './generation-error';
import { preselectedKeywords, proposeKeywords } from './keyword-proposals';
import { fetchAndReadPage, type PageReader } from './page-reader';
import { sharedPageReader } from './page-reader-pool';
import { type ProductSource, sourceFromDescription, sourceFromPage, unnamedProduct } from './product-source';
import { readRegister, toneOfVoice } from './tone-of-voice';

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

/**
 * Drafts without a model: reads the product page (or the description), keeps the page's own words for
 * the description, asks the engine for keyword proposals and reads its register for the tone of voice.
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

  async generateProject(brief: ProjectBrief): Promise<DraftedProject> {
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
    const proposals = proposeKeywords(source, description, brief.goal, field);
    const tov = toneOfVoice(
      readRegister(source.body || description),
      brief.goal,
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
