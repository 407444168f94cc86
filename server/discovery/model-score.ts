import { generateText, type LanguageModel, Output } from 'ai';
import { z } from 'zod';
/** A score from 0 to 100 and the line that says why. */
export interface Judgement {
  score: number;
  reason: string;
}

import type { RelevanceRequest, SourcePost } from './types';

/** The model's structured answer: a score and a reason for each post it was shown, by id. */
export const modelScoresSchema = z.object({
  scores: z.array(
    z.object({
      id: z.string(),
      score: z.number().min(0).max(100),
      reason: z.string().trim().min(1).max(400),
    }),
  ),
});

const system = `You judge social-media posts for a team that uses ReplyRadar to find posts where a reply about their product would be welcome.
For every post give:
- score: 0 to 100, how worthwhile a reply from this team is, given their goal.
  80-100: the author asks for, or clearly needs, what the product does.
  50-79: a closely related problem or discussion where the product is a natural answer.
  20-49: on the topic, but no real opening for a reply.
  0-19: unrelated, or the keyword only appears in passing.
- reason: one sentence of at most 25 words a person can read, naming what in the post decided the score.
Judge only from the post's text; never invent facts about the post or the product.
Answer with one JSON object with the field scores (one entry per post id) and nothing else.`;

export interface ModelScoringOptions {
  timeoutMs: number;
  maxRetries: number;
  /** How much of each post's text goes into the prompt. */
  maxPostChars: number;
}

/** One line: runs of space, line breaks included, made one space. */
const oneLine = (text: string) => text.replace(/\s+/gu, ' ').trim();

/**
 * Asks the model to score these posts (each under its `id`). Gives the scores it returned for known
 * ids; throws when the call fails, is cut off or answers in another shape, so the caller can fall back.
 */
export async function scoreWithModel(
  model: LanguageModel,
  posts: ReadonlyArray<{ id: string; post: SourcePost }>,
  request: Pick<RelevanceRequest, 'keyword' | 'filter' | 'project'>,
  options: ModelScoringOptions,
): Promise<Map<string, Judgement>> {
  const { project } = request;
  const prompt = [
    `Product name: ${project.name}`,
    project.description ? `Product description: ${project.description}` : null,
    `The team's goal: ${project.goal}`,
    `The posts were found for the keyword: ${request.keyword}`,
    request.filter ? `and the keyword's filter: ${request.filter.source}` : null,
    '',
    ...posts.map(({ id, post }) =>
      [
        `Post id: ${id}`,
        `Network: ${post.network}`,
        post.title ? `Title: ${oneLine(post.title)}` : null,
        `Text: ${oneLine(post.content).slice(0, options.maxPostChars)}`,
        '',
      ]
        .filter((line) => line !== null)
        .join('\n'),
    ),
  ]
    .filter((line) => line !== null)
    .join('\n');

  const answer = await generateText({
    model,
    system,
    prompt,
    output: Output.object({ schema: modelScoresSchema, name: 'relevance_scores' }),
    timeout: options.timeoutMs,
    maxRetries: options.maxRetries,
    temperature: 0,
  });
  if (answer.finishReason !== 'stop')
    throw new Error(`The model stopped with "${answer.finishReason}" before scoring every post`);
  const parsed = modelScoresSchema.parse(answer.output);
  const known = new Set(posts.map((post) => post.id));
  const scores = new Map<string, Judgement>();
  for (const entry of parsed.scores) {
    if (!known.has(entry.id) || scores.has(entry.id)) continue;
    scores.set(entry.id, { score: Math.round(entry.score), reason: oneLine(entry.reason) });
  }
  return scores;
}
