import { writeReply } from '../engine/drafting/write-reply';
import type { SafeFetcher } from '../net/safe-fetch';
import type { DraftedProject, Drafter, ProjectBrief, ProjectContext, ReplyRequest } from './drafter';
import { GenerationError } from './generation-error';
import { fetchAndReadPage } from './page-reader';
import { sharedPageReader, type TextWork } from './page-reader-pool';
import { unnamedProduct } from './product-source';

/**
 * Drafts without a model: reads the product page (or the description), keeps the page's own words for
 * the description, asks the engine for keyword proposals and reads its register for the tone of voice.
 * The same input gives the same project.
 */
export class BuiltinDrafter implements Drafter {
  readonly kind = 'builtin';

  constructor(
    private readonly fetcher: SafeFetcher,
    private readonly reader: TextWork = sharedPageReader(),
  ) {}

  private page(url: string | null) {
    return url ? fetchAndReadPage(this.fetcher, this.reader, url) : Promise.resolve(null);
  }

  async generateProject(brief: ProjectBrief): Promise<DraftedProject> {
    const page = await this.page(brief.url);
    return this.reader.work('analyseProduct', { page, written: brief.description, goal: brief.goal });
  }

  async regenerateTov(project: ProjectContext): Promise<string> {
    const name = project.name.trim() || 'the product';
    const page = await this.page(project.url.trim() || null);
    return this.reader.work('toneFor', { page, written: project.description, goal: project.goal, name });
  }

  async regenerateDescription(project: ProjectContext): Promise<string> {
    const page = await this.page(project.url.trim() || null);
    const description = page ? await this.reader.work('describePage', page) : '';
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
