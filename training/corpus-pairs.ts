/**
 * The labelled corpus as training reads it: each labelled (product, post) pair with the post's text, by
 * split. Posts are read from the datasets (never copied into the project).
 */
import { loadRealPosts, type RealPost } from '../corpus/dataset';
import { type Label, labelsOf } from '../corpus/labels';
import { type EvalProduct, evalProducts, type Split } from '../corpus/products';

export interface Pair {
  product: EvalProduct;
  post: RealPost;
  label: Label;
}

export interface Corpus {
  posts: Map<string, RealPost>;
  pairs: Pair[];
  bySplit(split: Split): Pair[];
}

export function loadCorpus(): Corpus {
  const all = loadRealPosts();
  if (!all) throw new Error('The datasets are not there (../shared/datasets or DATASETS_DIR)');
  const posts = new Map(all.map((post) => [post.id, post]));
  const pairs: Pair[] = [];
  for (const product of evalProducts)
    for (const label of labelsOf(product)) {
      const post = posts.get(label.postId);
      if (post && label.intent) pairs.push({ product, post, label });
    }
  return { posts, pairs, bySplit: (split) => pairs.filter((pair) => pair.product.split === split) };
}

/** The engine's view of a dataset post. */
export function postTextOf(post: RealPost) {
  return {
    title: post.title,
    content: post.text,
    network: post.network,
    comment: post.kind === 'comment',
  };
}
