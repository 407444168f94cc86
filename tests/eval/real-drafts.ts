/**
 * Twenty real public posts (`../shared/datasets`, read by `corpus/dataset.ts`), five for each of four
 * products of different kinds (a spreadsheet helper, a seller's tool, a to-do app and a SQL editor),
 * and their built-in drafts written as one day's batch by the engine's template writer: what `drafts.ts`
 * prints for a person to read in a row and what `drafts.test.ts` checks. Only post ids are kept here,
 * never the posts' text.
 */
import { loadRealPosts, type RealPost } from '../../corpus/dataset';
import { ReplyMemory } from '../../server/engine/drafting/reply-memory';
import {
  type DraftPost,
  type DraftProject,
  intentOf,
  writeReply,
} from '../../server/engine/drafting/write-reply';
import type { Intent } from '../../server/engine/intent/intent';

export interface DraftProduct {
  project: DraftProject & { goal: string };
  /** The real posts this product would answer, with the keyword that finds each. */
  posts: Array<[id: string, keyword: string]>;
}

export const draftProducts: Record<string, DraftProduct> = {
  sheetsmith: {
    project: {
      name: 'Sheetsmith',
      url: 'https://sheetsmith.example',
      description:
        'Sheetsmith writes and explains Excel and Google Sheets formulas from a plain-English question. It spots broken references and suggests a faster formula when a sheet gets slow.',
      goal: 'Find people stuck on spreadsheet formulas, lookups or slow workbooks',
      tov: 'Friendly and practical, speaking to the reader as "you", in short sentences.',
    },
    posts: [
      ['reddit:qt4b0', 'IF statement'],
      ['reddit:r3m91', 'formula'],
      ['reddit:12h60e', 'INDEX MATCH'],
      ['reddit:16scf3', 'formula'],
      ['reddit:1eb503', 'dependents'],
    ],
  },
  shopnote: {
    project: {
      name: 'Shopnote',
      url: 'https://shopnote.example',
      description:
        'Shopnote helps Etsy sellers write listings that get found: it suggests titles and tags from what buyers search for and tracks which listings sell.',
      goal: 'Find Etsy and handmade sellers who struggle with listings, tags, views or sales',
      tov: 'Warm and encouraging, as a fellow seller, in plain words. Include a link to the website when the product helps.',
    },
    posts: [
      ['reddit:uatas', 'etsy shop'],
      ['reddit:zibpu', 'shop'],
      ['reddit:1f6klk', 'sales'],
      ['reddit:12jwkp', 'listings'],
      ['reddit:res0l', 'Reddit'],
    ],
  },
  listwise: {
    project: {
      name: 'Listwise',
      url: null,
      description:
        'Listwise is a to-do list app for Android, iPhone and the web. It sorts tasks into projects and categories, puts dated tasks on your calendar and tracks the time you spend on each.',
      goal: 'Find people looking for a to-do list, time tracking or a way to organise their projects',
      tov: 'Write in a clear, professional voice, in sentences of moderate length, without exclamation marks.',
    },
    posts: [
      ['reddit:12610c', 'time use'],
      ['reddit:12knyl', 'to-do list app'],
      ['reddit:154mcs', 'productivity software'],
      ['reddit:17d3ai', 'to-do list apps'],
      ['reddit:1dowld', 'project timelines'],
    ],
  },
  querybench: {
    project: {
      name: 'Querybench',
      url: 'https://querybench.example',
      description:
        'Querybench is a desktop SQL editor that connects to PostgreSQL, MySQL, SQL Server, Oracle and SQLite from one window. It autocompletes tables and columns, formats queries and shows results side by side.',
      goal: 'Reach developers and analysts who write SQL across several databases',
      tov: 'Plain and technical, speaking as the team behind the product ("we"), never salesy.',
    },
    posts: [
      ['reddit:14gund', 'IDE'],
      ['reddit:19z264', 'query'],
      ['reddit:13wejq', 'SQL'],
      ['reddit:pdkii', 'bulk insert'],
      ['reddit:io2g5', 'WHERE IN'],
    ],
  },
};

/** Hacker News text is HTML: the reply writer reads plain text. */
export const plain = (text: string) =>
  text
    .replace(/<p>/g, '\n\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&gt;/g, '>')
    .replace(/&lt;/g, '<')
    .replace(/&amp;/g, '&');

export interface RealDraft {
  slug: string;
  project: DraftProject;
  post: RealPost;
  request: DraftPost;
  /** The intent the classifier read, which chose the draft's template family. */
  intent: Intent;
  reply: string;
}

/** The twenty drafts, written as one day's batch; null when the datasets are absent. */
export function draftRealPosts(posts: RealPost[] | null = loadRealPosts()): RealDraft[] | null {
  if (!posts) return null;
  const byId = new Map(posts.map((post) => [post.id, post]));
  const memory = new ReplyMemory();
  const drafts: RealDraft[] = [];
  for (const [slug, product] of Object.entries(draftProducts)) {
    for (const [id, keyword] of product.posts) {
      const post = byId.get(id);
      if (!post) throw new Error(`${id} is not in the datasets`);
      const request: DraftPost = {
        keyword,
        title: post.title,
        content: plain(post.text),
        network: post.network,
      };
      const intent = intentOf(request);
      const reply = writeReply({
        post: request,
        project: product.project,
        prompt: '',
        batch: memory,
        intent,
      });
      drafts.push({ slug, project: product.project, post, request, intent, reply });
    }
  }
  return drafts;
}
