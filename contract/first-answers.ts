import { z } from 'zod/mini';
import { queryString } from './query-string';

/**
 * First answers: when the server sends the app's page to a signed-in browser, it puts in the page the
 * answers to the calls the first screen is about to make (the session, the subscription, the projects,
 * and on the mentions screens the socials, dates, keywords and posts), so that the screen shows without
 * a chain of round trips. The app starts its data cache with them (parsed as the API client parses any
 * answer) and keeps them on the device once its first screen shows. See
 * docs/decisions/017-first-screens-load-at-once.md.
 */

export { firstAnswersElementId } from './page-elements';

export const firstAnswerSchema = z.object({
  /** The call, as the app's data hooks name it: the route's name and the arguments it was asked with. */
  name: z.string(),
  params: z.optional(z.record(z.string(), z.string())),
  query: z.optional(z.record(z.string(), z.string())),
  method: z.string(),
  /** Path and query, as the app's API client builds them (the server's record of what it asked). */
  url: z.string(),
  /** The `project-id` the server sent with the call; null when it sent none (the answer is not the project's). */
  projectId: z.nullable(z.string()),
  status: z.number(),
  /** The response body: the envelope `{ success, data, error }`. */
  body: z.unknown(),
});
export type FirstAnswer = z.infer<typeof firstAnswerSchema>;

export const firstAnswersSchema = z.object({
  answers: z.array(firstAnswerSchema),
  /**
   * Where the first screen settles, when that is not the address asked for (path and query): the mentions
   * of the first social, with the newest found date named. The app goes there before its first render
   * instead of redirecting once it has drawn.
   */
  location: z.optional(z.string()),
});
export type FirstAnswers = z.infer<typeof firstAnswersSchema>;

/** The query string of a call, as the app's routes build theirs (`contract/query-string.ts`). */
export function buildQuery(query: Record<string, unknown> | undefined): string {
  return queryString(query);
}

/**
 * The JSON of the first answers, safe inside a `<script>` element: no `<` can close it early, and the
 * line and paragraph separators that some parsers refuse are escaped too.
 */
export function serializeFirstAnswers(firstAnswers: FirstAnswers): string {
  return JSON.stringify(firstAnswers)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
