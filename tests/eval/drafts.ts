/**
 * Prints the built-in drafts for 20 real public posts (`real-drafts.ts`), drafted as one day's batch,
 * each with the intent that chose its template family, so a person can read them in a row.
 * Run: npx tsx tests/eval/drafts.ts (the datasets from `DATASETS_DIR`, else ../shared/datasets)
 */
import { datasetDir } from '../../corpus/dataset';
import { draftRealPosts, plain } from './real-drafts';

const drafts = draftRealPosts();
if (!drafts) {
  console.log(`No real posts in ${datasetDir()}: nothing to draft.`);
  process.exit(0);
}
for (const [index, { post, slug, request, intent, reply }] of drafts.entries()) {
  console.log(`## ${index + 1}. ${post.id} (${slug}, keyword "${request.keyword}", ${intent})`);
  console.log(`> ${(post.title ?? plain(post.text)).replace(/\s+/g, ' ').slice(0, 160)}`);
  console.log(`${reply}\n`);
}
