/**
 * The phrase table (`models/phrases.json`): the phrases people write, with how many posts of the
 * datasets hold each: every run of two or three words inside a sentence that at least 3 posts hold,
 * and every word at least 3 posts hold, leaving out those that start or end with a word a quarter of
 * all posts hold (a phrase framed by "the", "for" or "with" is no keyword). Keyword proposals take
 * their candidates from it as well as from the product's own texts, and estimate from it how often a
 * phrase is written.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RealPost } from '../corpus/dataset';
import type { PhrasesFile } from '../server/engine/keywords/phrase-table';
import { modelsDir } from '../server/engine/language/encoder';
import { sentencesOf, wordsOf } from '../server/engine/language/words';

const minDocuments = 3;
const maxEdgeShare = 0.25;

export function buildPhraseTable(posts: readonly RealPost[]): PhrasesFile {
  const df = new Map<string, number>();
  for (const post of posts) {
    const seen = new Set<string>();
    for (const sentence of [post.title ?? '', ...sentencesOf(post.text)]) {
      const words = wordsOf(sentence);
      for (let n = 1; n <= 3; n += 1)
        for (let i = 0; i + n <= words.length; i += 1) seen.add(words.slice(i, i + n).join(' '));
    }
    for (const phrase of seen) df.set(phrase, (df.get(phrase) ?? 0) + 1);
  }
  const share = (word: string) => (df.get(word) ?? 0) / posts.length;
  const phrases: [string, number][] = [];
  for (const [phrase, count] of df) {
    if (count < minDocuments) continue;
    const words = phrase.split(' ');
    const first = words[0] ?? '';
    const last = words.at(-1) ?? '';
    if (share(first) >= maxEdgeShare || share(last) >= maxEdgeShare) continue;
    if (!/\p{L}/u.test(phrase)) continue;
    phrases.push([phrase, count]);
  }
  phrases.sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  return { documents: posts.length, phrases };
}

export function writePhraseTable(
  posts: readonly RealPost[],
  log: (line: string) => void = console.log,
): void {
  const file = buildPhraseTable(posts);
  writeFileSync(join(modelsDir, 'phrases.json'), `${JSON.stringify(file)}\n`);
  log(`phrases: ${file.phrases.length} phrases from ${file.documents} posts`);
}
