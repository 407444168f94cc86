/**
 * The relevance ranker's features for one post and one product: how close the post is in meaning to
 * the product (whole, by sentence, by title, by community), which of the product's words it shares
 * (each weighed by its rarity), how it holds the keyword, what it does (its intent) and its shape.
 * Training (`npm run train`) and ranking read the same features through this one function.
 */
import { cosine } from '../language/encoder';
import type { PostProfile, ProductProfile } from './profiles';

export const featureNames = [
  'close in meaning to the description and goal',
  'close in meaning to the description',
  'close in meaning to the goal',
  'close in meaning to the keyword',
  'title close in meaning',
  'best sentence close in meaning',
  'community close in meaning',
  'shares the product’s words',
  'title shares the product’s words',
  'holds the keyword as written',
  'keyword in the title',
  'holds other keywords',
  'keyword is rare',
  'keyword close in meaning to the product',
  'asks for a tool',
  'asks for help',
  'complains about a tool',
  'promotes their own work',
  'a job ad',
  'passes on news',
  'something else',
  'asks, and close in meaning',
  'asks, and shares the product’s words',
  'has a title',
  'title asks',
  'questions in the opening',
  'length',
  'no text',
  'links',
  'a comment',
  'on Hacker News',
] as const;

/** The share of the product's word weight (by rarity) that the post's words hold. */
function sharedWeight(product: ProductProfile, words: ReadonlySet<string>): number {
  let total = 0;
  let shared = 0;
  for (const [word, idf] of product.words) {
    total += idf;
    if (words.has(word)) shared += idf;
  }
  return total > 0 ? shared / total : 0;
}

function holdsPhrase(words: readonly string[], phrase: readonly string[]): boolean {
  if (phrase.length === 0) return false;
  outer: for (let i = 0; i + phrase.length <= words.length; i += 1) {
    for (let j = 0; j < phrase.length; j += 1) if (words[i + j] !== phrase[j]) continue outer;
    return true;
  }
  return false;
}

export function relevanceFeatures(product: ProductProfile, post: PostProfile, keyword: string): number[] {
  const keywordWords = product.keywordWords.get(keyword) ?? [];
  const keywordVector = product.keywordVectors.get(keyword);
  const closeness = cosine(post.whole, product.whole);
  const bestSentence = post.sentences.reduce(
    (best, sentence) => Math.max(best, cosine(sentence, product.whole)),
    -1,
  );
  const shared = sharedWeight(product, post.wordSet);
  let otherKeywords = 0;
  for (const [other, words] of product.keywordWords)
    if (other !== keyword && words.length > 0 && words.every((word) => post.wordSet.has(word)))
      otherKeywords += 1;
  const [tool = 0, help = 0, complains = 0, promotes = 0, job = 0, news = 0, other = 0] = post.intent;
  const asks = tool + help + complains;
  return [
    closeness,
    cosine(post.whole, product.description),
    cosine(post.whole, product.goal),
    keywordVector ? cosine(post.whole, keywordVector) : 0,
    post.titleWords.length ? cosine(post.titleVector, product.whole) : 0,
    Math.max(0, bestSentence),
    post.community ? cosine(post.community, product.whole) : 0,
    shared,
    sharedWeight(product, post.titleSet),
    holdsPhrase([...post.titleWords, ...post.contentWords], keywordWords) ? 1 : 0,
    keywordWords.length > 0 && keywordWords.every((word) => post.titleSet.has(word)) ? 1 : 0,
    Math.min(3, otherKeywords) / 3,
    product.keywordRarity.get(keyword) ?? 0,
    keywordVector ? cosine(keywordVector, product.whole) : 0,
    tool,
    help,
    complains,
    promotes,
    job,
    news,
    other,
    asks * closeness,
    asks * shared,
    ...post.shape,
  ];
}
