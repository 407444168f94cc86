/**
 * What the ranker reads of a product and of a post, each read once: a post found by several keywords
 * or several projects is read one time (`PostReader` keeps the last few thousand).
 */
import { intentModel, type PostText, type ReadPost, readPost } from '../intent/intent';
import { embed, embedWords, type WordVectors, wordVectors } from '../language/encoder';
import { sentencesOf, wordsOf } from '../language/words';

export interface ProductText {
  name: string;
  description: string;
  goal: string;
  /** Every keyword of the project. */
  keywords: readonly string[];
}

export interface ProductProfile {
  product: ProductText;
  /** Description and goal together, description alone, goal alone. */
  whole: Float32Array;
  description: Float32Array;
  goal: Float32Array;
  /** The words of the description and goal (not the name), each with its rarity. */
  words: Map<string, number>;
  /** Each keyword's words. */
  keywordWords: Map<string, string[]>;
  keywordVectors: Map<string, Float32Array>;
  /** Each keyword's rarest word's rarity, over the most a word can have: a common keyword finds much else. */
  keywordRarity: Map<string, number>;
}

export function profileProduct(product: ProductText, vectors: WordVectors = wordVectors()): ProductProfile {
  const name = new Set(wordsOf(product.name));
  const words = new Map<string, number>();
  for (const word of wordsOf(`${product.description} ${product.goal}`))
    if (!name.has(word)) words.set(word, vectors.idf(word));
  const keywordWords = new Map<string, string[]>();
  const keywordVectors = new Map<string, Float32Array>();
  const keywordRarity = new Map<string, number>();
  const mostRare = Math.log(vectors.documents + 1);
  for (const keyword of product.keywords) {
    const read = wordsOf(keyword);
    keywordWords.set(keyword, read);
    keywordVectors.set(keyword, embedWords(read, vectors));
    keywordRarity.set(keyword, Math.max(0, ...read.map((word) => vectors.idf(word))) / mostRare);
  }
  return {
    product,
    whole: embed(`${product.description} ${product.goal}`, vectors),
    description: embed(product.description, vectors),
    goal: embed(product.goal, vectors),
    words,
    keywordWords,
    keywordVectors,
    keywordRarity,
  };
}

export interface PostProfile extends ReadPost {
  /** Title and opening together, as the ranker compares them. */
  whole: Float32Array;
  /** The opening's sentences (title first), each on its own. */
  sentences: Float32Array[];
  /** Every word of the title and text. */
  wordSet: Set<string>;
  titleSet: Set<string>;
  /** The intent's probabilities, in `intents` order. */
  intent: number[];
  /** The community's name read as words (`r/HomeImprovement` → home improvement), when known. */
  community: Float32Array | null;
}

/** Sentences of the opening read on their own. */
const sentencesRead = 8;

/** A Reddit post's community, from its link. */
export function communityOf(url: string | undefined): string | null {
  const match = url?.match(/\/r\/([A-Za-z0-9_]+)/);
  if (!match?.[1]) return null;
  return match[1].replace(/_/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2');
}

export function profilePost(
  post: PostText & { url?: string },
  vectors: WordVectors = wordVectors(),
): PostProfile {
  const read = readPost(post, vectors);
  const sentences = [post.title ?? '', ...sentencesOf(post.content)]
    .filter((sentence) => sentence.trim())
    .slice(0, sentencesRead)
    .map((sentence) => embed(sentence, vectors));
  const community = communityOf(post.url);
  return {
    ...read,
    whole: embedWords([...read.titleWords, ...read.titleWords, ...read.contentWords], vectors),
    sentences,
    wordSet: new Set([...read.titleWords, ...read.contentWords]),
    titleSet: new Set(read.titleWords),
    intent: intentModel().probabilities(read),
    community: community ? embed(community, vectors) : null,
  };
}

/** Posts read recently, by a key the caller gives (network and id): each is read once. */
export class PostReader {
  private readonly read = new Map<string, PostProfile>();

  constructor(private readonly keep = 5_000) {}

  profile(key: string, post: PostText & { url?: string }): PostProfile {
    const known = this.read.get(key);
    if (known) return known;
    const profile = profilePost(post);
    if (this.read.size >= this.keep) {
      const oldest = this.read.keys().next().value;
      if (oldest !== undefined) this.read.delete(oldest);
    }
    this.read.set(key, profile);
    return profile;
  }
}
