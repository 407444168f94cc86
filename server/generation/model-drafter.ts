import { generatedDescriptionSchema, generatedProjectSchema, generatedTovSchema } from '@contract/generation';
import { generateText, type LanguageModel, NoObjectGeneratedError, Output } from 'ai';
import { z } from 'zod';
import {
  enforceReplyRules,
  networkNorms,
  replyCharLimit,
  replyMaxWords,
} from '../engine/drafting/reply-rules';
import { toneAsksForLink } from '../engine/drafting/reply-style';
import type { SafeFetcher } from '../net/safe-fetch';
import type { DraftedProject, Drafter, ProjectBrief, ProjectContext, ReplyRequest } from './drafter';
import { GenerationError } from './generation-error';
import { withProposals } from './keyword-proposals';
import { fetchAndReadPage, type ReadPage } from './page-reader';
import { sharedPageReader, type TextWork } from './page-reader-pool';

export interface ModelDrafterOptions {
  /** Longest wait for one answer, in milliseconds. */
  timeoutMs?: number;
  /** How much of the page's main text goes into the prompt. */
  maxPageChars?: number;
  /** Retries after a failed call (a 5xx or a dropped connection); 1 by default. */
  maxRetries?: number;
  /** Reads the fetched product page (the shared page reader pool by default). */
  reader?: TextWork;
}

const system = `You help a team set up ReplyRadar, which finds social-media posts where their product belongs and drafts replies to them.
Write only from the material given; never invent features, prices or customers.
- name: the product's own name.
- description: two or three factual sentences on what the product does and for whom.
- tov: one or two sentences of guidance on the tone of voice for replies, drawn from how the product writes and from the team's goal.
- keywords: 3 to 5 short need phrases (2-4 words): what people write when they have the problem the product solves, drawn from what the product does ("chasing late invoices", "clients not paying", "learn Spanish", "remove background from photo"). Not the product's own name, not who it is for ("small agencies", "freelancers") and not the kind of product it is ("accounting software").
- filter: for each keyword, a short filter in ReplyRadar's filter language that removes the usual noise: job ads (-hiring -"job offer") and the keyword's words in another sense than the product's (for "late payment": -"credit card" -loan -mortgage). Use -word or -"phrase" exclusions, quoted phrases and OR; null when nothing needs removing.
Answer with one JSON object and nothing else.`;

const replySystem = `You draft replies for a team that uses ReplyRadar to answer social-media posts where their product belongs.
- Answer the post's actual point first: its question, or its main complaint or claim. Refer to something specific the post says, and give the answer itself, not advice to look elsewhere.
- Write as a peer in the conversation, not as a marketer, in the project's tone of voice, following the network's norms.
- Mention the product at most once, in one complete sentence after the answer, and only if it genuinely helps with this post, relating what the product does to what the post asks; when it does not help, reply helpfully without naming it. Never invent features, prices or customers.
- When you mention the product, disclose that you are behind it in the same sentence ("I work on X", or "we make X" when the tone of voice speaks as the team).
- No link unless the tone of voice asks for one.
- At most ${replyMaxWords} words. Plain text, no hashtags, no emoji, no sign-off.
- The person's prompt, when given, steers the reply (length, register, something to mention) and wins over these defaults where they differ.
Answer with one JSON object with the field answer and nothing else.`;

/** The model's structured answer to a reply request. */
export const generatedReplySchema = z.object({ answer: z.string().trim().min(1).max(2000) });

function pageMaterial(page: ReadPage, maxChars: number): string {
  const text = [...page.headings.slice(0, 12), ...page.paragraphs].join('\n').slice(0, maxChars);
  return [
    `Product link: ${page.url}`,
    page.siteName ? `Site name: ${page.siteName}` : null,
    page.title ? `Page title: ${page.title}` : null,
    page.metaDescription ? `Page summary: ${page.metaDescription}` : null,
    `Main text of the page:\n${text}`,
  ]
    .filter(Boolean)
    .join('\n');
}

function projectMaterial(project: ProjectContext): string {
  return [
    `Product name: ${project.name}`,
    project.url ? `Product link: ${project.url}` : null,
    `Description: ${project.description}`,
    `Goal: ${project.goal}`,
    project.tov ? `Current tone of voice: ${project.tov}` : null,
    project.keywords.length ? `Keywords: ${project.keywords.map((k) => k.name).join(', ')}` : null,
  ]
    .filter(Boolean)
    .join('\n');
}

/**
 * Drafts with a language model behind any OpenAI-compatible endpoint, asking for structured output and
 * parsing it with the contract's schemas: an answer that is cut off, not JSON or not in the schema is a
 * GenerationError, never a half project.
 */
export class ModelDrafter implements Drafter {
  readonly kind = 'model';
  private readonly timeoutMs: number;
  private readonly maxPageChars: number;
  private readonly maxRetries: number;
  private readonly reader: TextWork;

  constructor(
    private readonly model: LanguageModel,
    private readonly fetcher: SafeFetcher,
    options: ModelDrafterOptions = {},
  ) {
    this.timeoutMs = options.timeoutMs ?? 60_000;
    this.maxPageChars = options.maxPageChars ?? 8_000;
    this.maxRetries = options.maxRetries ?? 1;
    this.reader = options.reader ?? sharedPageReader();
  }

  /** `schema` is the contract's (zod/mini) or this file's own (classic zod): any zod 4 schema. */
  private async ask<S extends z.core.$ZodType>(
    schema: S,
    prompt: string,
    name: string,
    instructions = system,
  ): Promise<z.output<S>> {
    let result: Awaited<ReturnType<typeof generateText>>;
    let output: unknown;
    try {
      const answer = await generateText({
        model: this.model,
        system: instructions,
        prompt,
        output: Output.object({ schema, name }),
        timeout: this.timeoutMs,
        maxRetries: this.maxRetries,
        temperature: 0.4,
      });
      result = answer;
      if (answer.finishReason === 'length') throw cutOff();
      output = answer.output;
    } catch (error) {
      if (error instanceof GenerationError) throw error;
      if (NoObjectGeneratedError.isInstance(error)) {
        if (error.finishReason === 'length') throw cutOff(error);
        throw new GenerationError(
          'The language model answered in a shape ReplyRadar cannot use. Please try again.',
          'generation_failed',
          undefined,
          { cause: error },
        );
      }
      const timedOut =
        error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw new GenerationError(
        timedOut
          ? `The language model did not answer within ${seconds(this.timeoutMs)}. Please try again.`
          : 'The language model could not be reached. Please try again in a moment.',
        'generation_failed',
        undefined,
        { cause: error },
      );
    }
    const parsed = z.safeParse(schema, output);
    if (!parsed.success || result.finishReason !== 'stop') {
      throw new GenerationError(
        'The language model answered in a shape ReplyRadar cannot use. Please try again.',
        'generation_failed',
        undefined,
        parsed.success ? undefined : { cause: parsed.error },
      );
    }
    return parsed.data;
  }

  /**
   * The model's project; its keywords come first among the proposals, which the engine's own fill up
   * to 12 (`keyword-proposals.ts`), so the person has as many to pick from as without a model.
   */
  async generateProject(brief: ProjectBrief): Promise<DraftedProject> {
    const page = brief.url ? await fetchAndReadPage(this.fetcher, this.reader, brief.url) : null;
    const material = page
      ? pageMaterial(page, this.maxPageChars)
      : `The team has no website. Their description of the product:\n${brief.description ?? ''}`;
    const project = await this.ask(generatedProjectSchema, `Goal: ${brief.goal}\n${material}`, 'project');
    const engine = await this.reader.work('proposeFor', {
      page,
      written: brief.description,
      goal: brief.goal,
      name: project.name,
      description: project.description,
    });
    return { ...project, proposals: withProposals(project.keywords, engine) };
  }

  async regenerateTov(project: ProjectContext): Promise<string> {
    const { tov } = await this.ask(
      generatedTovSchema,
      `Suggest a new tone of voice (field tov) for this project's replies.\n${projectMaterial(project)}`,
      'tone_of_voice',
    );
    return tov;
  }

  async regenerateDescription(project: ProjectContext): Promise<string> {
    const page = await fetchAndReadPage(this.fetcher, this.reader, project.url.trim());
    const { description } = await this.ask(
      generatedDescriptionSchema,
      `Write a new description (field description) of the product from its page.\nGoal: ${project.goal}\n${pageMaterial(page, this.maxPageChars)}`,
      'description',
    );
    return description;
  }

  async draftReply({ post, project, prompt }: ReplyRequest): Promise<string> {
    const material = [
      `Product name: ${project.name}`,
      project.description ? `Product description: ${project.description}` : null,
      project.goal ? `The team's goal: ${project.goal}` : null,
      project.tov ? `Tone of voice: ${project.tov}` : null,
      project.url ? `Product link (use only if the tone of voice asks for a link): ${project.url}` : null,
      `The post was found for the keyword: ${post.keyword}`,
      post.network ? `Network: ${post.network}` : null,
      post.network ? `The network's norms: ${networkNorms(post.network)}` : null,
      `Post author: ${post.author}`,
      post.title ? `Thread title: ${post.title}` : null,
      `Post text:\n${post.content.slice(0, this.maxPageChars)}`,
      prompt.trim() ? `The person's prompt for this reply: ${prompt.trim()}` : null,
    ]
      .filter(Boolean)
      .join('\n');
    const maxChars = replyCharLimit(post.network);
    const { answer } = await this.ask(
      generatedReplySchema,
      `Draft a reply (field answer) to this post in at most ${maxChars ? `${maxChars} characters` : `${replyMaxWords} words`}.\n${material}`,
      'reply',
      replySystem,
    );
    // A model that ignores the rules does not get its hashtags, stray links or extra words through.
    const reply = enforceReplyRules(answer, {
      maxWords: replyMaxWords,
      maxChars,
      allowedLink: project.url && toneAsksForLink(project.tov) ? project.url : null,
    });
    if (!reply) {
      throw new GenerationError(
        'The language model answered in a shape ReplyRadar cannot use. Please try again.',
        'generation_failed',
      );
    }
    return reply;
  }
}

const cutOff = (cause?: unknown) =>
  new GenerationError(
    'The language model stopped before finishing its answer. Please try again.',
    'generation_failed',
    undefined,
    { cause },
  );

const seconds = (ms: number) => {
  const value = Math.max(1, Math.round(ms / 1000));
  return `${value} second${value === 1 ? '' : 's'}`;
};
