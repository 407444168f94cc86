/**
 * `npx tsx tests/eval/candidates.ts <product> [--todo] [--from N] [--count N]`: the posts a product's
 * keyword searches return, for labelling by `corpus/LABELLING.md`'s rule before the engine runs on
 * them: the title and the whole text (the first 4,000 characters), with the label already given, if
 * any. `--todo` prints only the posts without a complete label (no judgment or no intent). It prints
 * no score and no judgment of the engine's, so labelling is not led by what the engine thinks.
 *
 * `npx tsx tests/eval/candidates.ts <product> --add <file.json>`: merges the labels of a JSON array
 * (`{ postId, relevant, intent, note }`) into the product's labels, checking each, and drops labels of
 * posts the searches no longer return.
 *
 * `npx tsx tests/eval/candidates.ts --status`: per product, its candidates, how many are labelled
 * with an intent, and labels of posts that are no longer candidates.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadRealPosts, PostIndex } from '../../corpus/dataset';
import { candidatesOf, intents, type Label, labelsOf } from '../../corpus/labels';
import { corpusDir, evalProducts } from '../../corpus/products';

const dataset = loadRealPosts();
if (!dataset) throw new Error('The datasets are not there: see tests/eval/dataset.ts');
const index = new PostIndex(dataset);
const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? Number(args[at + 1]) : undefined;
};

if (args.includes('--status')) {
  let total = 0;
  let done = 0;
  for (const product of evalProducts) {
    const candidates = new Set(candidatesOf(index, product).map((post) => post.id));
    const labels = labelsOf(product);
    const complete = labels.filter(
      (label) =>
        candidates.has(label.postId) &&
        typeof label.relevant === 'boolean' &&
        (intents as readonly string[]).includes(label.intent),
    ).length;
    const stray = labels.filter((label) => !candidates.has(label.postId)).length;
    total += candidates.size;
    done += complete;
    console.log(
      `${product.slug.padEnd(14)} ${product.split.padEnd(5)} ${String(complete).padStart(4)} of ${String(candidates.size).padStart(4)}${stray ? `  (${stray} labels of posts no longer found)` : ''}`,
    );
  }
  console.log(`labelled ${done} of ${total} pairs`);
} else {
  const slug = args.find((arg) => !arg.startsWith('--') && Number.isNaN(Number(arg)));
  const product = evalProducts.find((each) => each.slug === slug);
  if (!product) throw new Error(`No product "${slug}" in corpus/products.json`);
  const labels = new Map(labelsOf(product).map((label) => [label.postId, label]));
  const addAt = args.indexOf('--add');
  if (addAt >= 0) {
    const file = args[addAt + 1];
    if (!file) throw new Error('--add needs a JSON file');
    const candidates = new Set(candidatesOf(index, product).map((post) => post.id));
    const added = JSON.parse(readFileSync(file, 'utf8')) as Label[];
    const problems: string[] = [];
    for (const label of added) {
      if (!candidates.has(label.postId)) problems.push(`${label.postId}: not a candidate of ${product.slug}`);
      else if (typeof label.relevant !== 'boolean')
        problems.push(`${label.postId}: relevant must be true or false`);
      else if (!(intents as readonly string[]).includes(label.intent))
        problems.push(`${label.postId}: intent must be one of ${intents.join(', ')}`);
      else if (typeof label.note !== 'string' || !label.note.trim())
        problems.push(`${label.postId}: note must say why`);
      else
        labels.set(label.postId, {
          postId: label.postId,
          relevant: label.relevant,
          intent: label.intent,
          note: label.note.trim(),
        });
    }
    const kept = [...labels.values()]
      .filter((label) => candidates.has(label.postId))
      .sort((x, y) => x.postId.localeCompare(y.postId));
    writeFileSync(join(corpusDir, 'labels', `${product.slug}.json`), `${JSON.stringify(kept, null, 2)}\n`);
    const done = kept.filter((label) => (intents as readonly string[]).includes(label.intent)).length;
    console.log(
      `${product.slug}: ${added.length - problems.length} labels merged; ${done} of ${candidates.size} candidates labelled`,
    );
    for (const problem of problems) console.log(`  refused ${problem}`);
    process.exit(problems.length ? 1 : 0);
  }
  const complete = (id: string) => {
    const label = labels.get(id);
    return (
      label !== undefined &&
      typeof label.relevant === 'boolean' &&
      (intents as readonly string[]).includes(label.intent)
    );
  };
  const posts = candidatesOf(index, product)
    .filter((post) => !args.includes('--todo') || !complete(post.id))
    .sort((x, y) => x.id.localeCompare(y.id));
  const from = option('--from') ?? 0;
  const count = option('--count') ?? posts.length;
  console.log(
    `##### ${product.name} (${product.kind}): ${product.description}\nGoal: ${product.goal}\nKeywords: ${product.keywords.map((keyword) => keyword.name).join(', ')}\n${posts.length} posts${args.includes('--todo') ? ' to label' : ''}; printing ${from}–${Math.min(posts.length, from + count) - 1}`,
  );
  for (const post of posts.slice(from, from + count)) {
    const label = labels.get(post.id);
    const text = post.text.replace(/\s+/g, ' ').trim();
    console.log(
      `\n[${post.id}] ${post.network === 'reddit' ? `r/${post.community}` : 'Hacker News'} ${post.kind}${label ? `\nLABEL SO FAR: ${JSON.stringify({ relevant: label.relevant, intent: label.intent, note: label.note })}` : ''}\nT: ${post.title ?? ''}\nX: ${text.slice(0, 4000)}${text.length > 4000 ? ` […${text.length - 4000} more characters]` : ''}`,
    );
  }
}
