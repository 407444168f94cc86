/**
 * The real public posts the evaluation and the training read (`../shared/datasets/<set>/posts.jsonl`
 * for every set there, or `DATASETS_DIR`; never copied into the project) and the search the networks
 * would run on them: a post matches a keyword when every word of the keyword occurs in its title or
 * text, case-insensitive, stemmed loosely (plural, -ing, -ed, -er, -ly and the like).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export interface RealPost {
  id: string;
  network: 'reddit' | 'hackernews';
  kind: 'submission' | 'comment' | 'story';
  community: string;
  title: string | null;
  text: string;
  author: string;
  url: string;
  created_utc: number;
}

/** Where the datasets live: `DATASETS_DIR`, else `../shared/datasets` beside the checkout. */
export function datasetDir(): string {
  return resolve(process.env.DATASETS_DIR ?? join(import.meta.dirname, '../../shared/datasets'));
}

/** Every dataset's posts (each set a folder holding `posts.jsonl`), or null when there is none. */
export function loadRealPosts(dir = datasetDir()): RealPost[] | null {
  if (!existsSync(dir)) return null;
  const files = readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => join(dir, entry.name, 'posts.jsonl'))
    .filter((file) => existsSync(file))
    .sort();
  if (files.length === 0) return null;
  const seen = new Set<string>();
  const found: RealPost[] = [];
  for (const file of files)
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (!line.trim()) continue;
      const post = JSON.parse(line) as RealPost;
      if (seen.has(post.id)) continue;
      seen.add(post.id);
      found.push(post);
    }
  return found;
}

/** A word cut to a loose stem: "invoices", "invoicing", "invoiced" all become "invoic". */
export function looseStem(word: string): string {
  let stem = word.toLowerCase().replace(/['’]s$/u, '');
  if (stem.length <= 3) return stem;
  for (const suffix of [
    'ations',
    'ation',
    'ings',
    'ing',
    'ies',
    'ied',
    'ers',
    'er',
    'ed',
    'es',
    'ly',
    's',
    'e',
    'y',
  ]) {
    if (stem.endsWith(suffix) && stem.length - suffix.length >= 3) {
      stem = stem.slice(0, -suffix.length);
      break;
    }
  }
  return stem;
}

/** The loose stems of a text's words (letters and digits; HTML tags dropped). */
export function stemsOf(text: string): string[] {
  const plain = text.replace(/<[^>]+>/g, ' ');
  return (plain.match(/[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu) ?? []).map(looseStem);
}

/** Matches keywords against posts, each post's stems computed once and indexed by stem. */
export class PostIndex {
  private readonly stems = new Map<string, Set<string>>();
  private readonly found = new Map<string, RealPost[]>();
  /** For each stem, the posts that hold it, in `posts` order. */
  private readonly postsWith = new Map<string, RealPost[]>();

  constructor(readonly posts: readonly RealPost[]) {
    for (const post of posts) {
      const stems = new Set(stemsOf(`${post.title ?? ''} ${post.text}`));
      this.stems.set(post.id, stems);
      for (const stem of stems) {
        const list = this.postsWith.get(stem);
        if (list) list.push(post);
        else this.postsWith.set(stem, [post]);
      }
    }
  }

  /** Whether every word of `keyword` occurs in the post. */
  matches(post: RealPost, keyword: string): boolean {
    const words = stemsOf(keyword);
    const stems = this.stems.get(post.id);
    return words.length > 0 && stems !== undefined && words.every((word) => stems.has(word));
  }

  /**
   * The posts of one network a keyword search returns, newest first: Reddit's link search finds
   * submissions (not comments), Hacker News' finds stories and comments.
   */
  search(network: RealPost['network'], keyword: string): RealPost[] {
    const key = `${network} ${stemsOf(keyword).join(' ')}`;
    const known = this.found.get(key);
    if (known) return known;
    const words = stemsOf(keyword);
    // The rarest stem's posts, checked for the others.
    const lists = words.map((word) => this.postsWith.get(word) ?? []);
    const rarest = lists.reduce<RealPost[] | null>(
      (best, list) => (!best || list.length < best.length ? list : best),
      null,
    );
    const found = (rarest ?? [])
      .filter(
        (post) =>
          post.network === network &&
          (network === 'hackernews' || post.kind === 'submission') &&
          this.matches(post, keyword),
      )
      .sort((x, y) => y.created_utc - x.created_utc);
    this.found.set(key, found);
    return found;
  }
}
