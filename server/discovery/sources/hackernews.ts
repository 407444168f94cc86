import { z } from 'zod';
import type { Source, SourcePost, SourceQuery } from '../types';
import { socialNetworks } from './networks';
import { htmlToText, tidyText } from './plain-text';
import {
  defaultSourceTimeoutMs,
  endpoint,
  fetchJson,
  pageSize,
  type RequestBudget,
  readPages,
  type SourceClock,
  type SourceOptions,
} from './source-http';

export type HackerNewsOptions = SourceOptions;

const hitSchema = z.object({
  objectID: z.string(),
  created_at_i: z.number(),
  author: z.string().nullish(),
  title: z.string().nullish(),
  url: z.string().nullish(),
  story_text: z.string().nullish(),
  comment_text: z.string().nullish(),
  points: z.number().nullish(),
  num_comments: z.number().nullish(),
  _tags: z.array(z.string()).default([]),
});
const searchSchema = z.object({
  hits: z.array(hitSchema),
  /** The page answered (from 0) and how many there are. */
  page: z.number().optional(),
  nbPages: z.number().optional(),
});
type Hit = z.output<typeof hitSchema>;

/** Algolia answers at most 1,000 hits a page. */
const maxHitsPerPage = 1000;

/** Hacker News stories and comments through the Algolia HN Search API (`search_by_date`); no key. */
export class HackerNewsSource implements Source {
  readonly slug = 'hackernews';
  readonly name = socialNetworks.hackernews.name;
  readonly kind = socialNetworks.hackernews.kind;
  private readonly baseUrl: string;
  private readonly timeoutMs: number;
  private readonly clock: SourceClock | undefined;
  private readonly sharedBudget: RequestBudget | undefined;

  constructor(options: HackerNewsOptions = {}) {
    this.baseUrl = options.baseUrl ?? 'https://hn.algolia.com';
    this.timeoutMs = options.timeoutMs ?? defaultSourceTimeoutMs;
    this.clock = options.clock;
    this.sharedBudget = options.budget;
  }

  async search(query: SourceQuery): Promise<SourcePost[]> {
    const authors = query.filter?.authors ?? [];
    const tags = ['(story,comment)'];
    if (authors.length > 0) tags.push(`(${authors.map((author) => `author_${author}`).join(',')})`);
    const hitsPerPage = pageSize(query.limit, 1, maxHitsPerPage);
    const params = {
      query: query.keyword,
      tags: tags.join(','),
      numericFilters: `created_at_i>=${Math.floor(query.since.getTime() / 1000)},created_at_i<${Math.ceil(query.until.getTime() / 1000)}`,
      hitsPerPage,
    };
    return readPages<number>(query.limit, hitsPerPage, async (page) => {
      const url = endpoint(this.baseUrl, '/api/v1/search_by_date', page ? { ...params, page } : params);
      const { data } = await fetchJson(
        {
          network: this.slug,
          url,
          timeoutMs: this.timeoutMs,
          signal: query.signal,
          clock: this.clock,
          budget: this.sharedBudget,
        },
        searchSchema,
      );
      const answered = data.page ?? page ?? 0;
      return {
        posts: data.hits.flatMap((hit) => toPost(hit)),
        returned: data.hits.length,
        next: data.nbPages === undefined || answered + 1 < data.nbPages ? answered + 1 : undefined,
      };
    });
  }
}

function toPost(hit: Hit): SourcePost[] {
  if (!hit.author) return [];
  const isComment = hit._tags.includes('comment');
  const title = isComment ? null : hit.title ? tidyText(hit.title) : null;
  const body = htmlToText((isComment ? hit.comment_text : hit.story_text) ?? '');
  const engagement: Record<string, number> = {};
  if (typeof hit.points === 'number') engagement.points = hit.points;
  if (typeof hit.num_comments === 'number') engagement.comments = hit.num_comments;
  return [
    {
      externalId: hit.objectID,
      network: 'hackernews',
      author: hit.author,
      title,
      // A link story has no text of its own: its title is what people reply to.
      content: body || title || '',
      url: `https://news.ycombinator.com/item?id=${encodeURIComponent(hit.objectID)}`,
      publishedAt: new Date(hit.created_at_i * 1000),
      engagement,
    },
  ];
}
