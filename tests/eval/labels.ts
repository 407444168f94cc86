/** The labels of `labels/<product>.json` (the rule: `LABELLING.md`) and the posts they judge. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PostIndex, RealPost } from './dataset';
import type { EvalProduct } from './products';

export interface Label {
  postId: string;
  relevant: boolean;
  note: string;
}

export function labelsOf(product: Pick<EvalProduct, 'slug'>): Label[] {
  const file = join(import.meta.dirname, 'labels', `${product.slug}.json`);
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
