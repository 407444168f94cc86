/**
 * Writes `server/discovery/common-words.ts`: for every word (in the form relevance scores it by, the
 * `key` of `textWords`) used in at least `minCommunities` of the communities of a set of public posts,
 * in how many it is used. A word many unrelated communities
 * use (need, pay, time, help, client…) says nothing about a product's world; relevance weighs a
 * project's words by it. Only counts leave the posts, never their text.
 *
 *   npx tsx scripts/count-common-words.ts ../shared/datasets/real-posts/posts.jsonl
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { textWords } from '../server/discovery/post-words';

const minCommunities = 6;
const file = process.argv[2];
if (!file) throw new Error('Name the posts file (JSON lines with community, title and text)');

const communitiesOf = new Map<string, Set<string>>();
const communities = new Set<string>();
for (const line of readFileSync(file, 'utf8').split('\n')) {
  if (!line.trim()) continue;
  const post = JSON.parse(line) as { community: string; title: string | null; text: string };
  communities.add(post.community);
  const text = `${post.title ?? ''}\n${post.text}`.replace(/<[^>]+>/gu, ' ');
  for (const word of textWords(text)) {
    if (word.stop || !/^\p{L}{2,}$/u.test(word.key)) continue;
    const seen = communitiesOf.get(word.key) ?? new Set<string>();
    seen.add(post.community);
    communitiesOf.set(word.key, seen);
  }
}

const rows = [...communitiesOf]
  .map(([word, seen]) => [word, seen.size] as const)
  .filter(([, count]) => count >= minCommunities)
  .sort((x, y) => y[1] - x[1] || x[0].localeCompare(y[0]));
const lines: string[] = [];
let line = '';
for (const [word, count] of rows) {
  const entry = `${word}:${count} `;
  if (line.length + entry.length > 100) {
    lines.push(`  '${line.trimEnd()}',`);
    line = '';
  }
  line += entry;
}
if (line) lines.push(`  '${line.trimEnd()}',`);

writeFileSync(
  new URL('../server/discovery/common-words.ts', import.meta.url),
  `// Written by scripts/count-common-words.ts from ${communities.size} communities of public posts: do not edit.

/** How many communities were counted. */
export const communityCount = ${communities.size};

/** Each word used in at least ${minCommunities} of them, as "word:communities". */
export const commonWords = [
${lines.join('\n')}
].join(' ');
`,
);
console.log(`${rows.length} words from ${communities.size} communities`);
