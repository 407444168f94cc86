/**
 * `npx tsx tests/eval/candidates.ts <product…>`: every post a product's keyword searches return, with its
 * title and the start of its text, for labelling by LABELLING.md's rule before the engine runs on them.
 * It prints no score and no judgment, so labelling is not led by what the engine thinks.
 */
import { loadRealPosts, PostIndex } from './dataset';
import { candidatesOf } from './labels';
import { evalProducts } from './products';

const dataset = loadRealPosts();
if (!dataset) throw new Error('The real-posts dataset is not there: see tests/eval/dataset.ts');
const index = new PostIndex(dataset);
for (const slug of process.argv.slice(2)) {
  const product = evalProducts.find((each) => each.slug === slug);
  if (!product) throw new Error(`No product "${slug}" in products.ts`);
  console.log(`##### ${product.name}: ${product.description}\nGoal: ${product.goal}`);
  for (const post of candidatesOf(index, product))
    console.log(
      `\n[${post.id}] r/${post.community} ${post.kind}\nT: ${post.title ?? ''}\nX: ${post.text.replace(/\s+/g, ' ').slice(0, 700)}`,
    );
}
