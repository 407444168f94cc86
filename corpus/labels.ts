/** The labels of `corpus/labels/<product>.json` (the rule: `corpus/LABELLING.md`) and the posts they judge. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PostIndex, RealPost } from './dataset';
import { corpusDir, type EvalProduct } from './products';

/** What a post does, whatever the product: the intents of `LABELLING.md`. */
export const intents = ['asks-tool', 'asks-help', 'complains', 'promotes', 'job', 'news', 'other'] as const;
export type Intent = (typeof intents)[number];

export interface Label {
  postId: string;
  relevant: boolean;
  intent: Intent;
  note: string;
}

export function labelsOf(product: Pick<EvalProduct, 'slug'>): Label[] {
  const file = join(corpusDir, 'labels', `${product.slug}.json`);
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Label[];
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** The posts the product's keyword searches return, each once. */
export function candidatesOf(index: PostIndex, product: EvalProduct): RealPost[] {
  const found = new Map<string, RealPost>();
  for (const keyword of product.keywords)
    for (const network of ['reddit', 'hackernews'] as const)
      for (const post of index.search(network, keyword.name)) found.set(post.id, post);
  return [...found.values()];
}
