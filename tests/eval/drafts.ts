/**
 * Prints the built-in drafts for 20 real public posts (`real-drafts.ts`), drafted as one day's batch,
 * so a person can read them in a row.
 * Run: npx tsx tests/eval/drafts.ts [path to posts.jsonl]
 */
import path from 'node:path';
import { draftRealPosts, plain, realPostsFile } from './real-drafts';

const file = process.argv[2] ? path.resolve(process.argv[2]) : realPostsFile();
const drafts = draftRealPosts(file);
if (!drafts) {
  console.log(`No real posts at ${file}: nothing to draft.`);
  process.exit(0);
}
for (const [index, { post, slug, request, reply }] of drafts.entries()) {
  console.log(`## ${index + 1}. ${post.id} (${slug}, keyword "${request.keyword}")`);
  console.log(`> ${(post.title ?? plain(post.text)).replace(/\s+/g, ' ').slice(0, 160)}`);
  console.log(`${reply}\n`);
}
