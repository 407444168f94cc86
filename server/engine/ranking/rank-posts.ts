/**
 * Ranks the posts a keyword found for a product: each post read once (shared by every keyword and
 * project that finds it in this process), judged by the trained ranker, moved by what the project's
 * people taught it, scored 0–100 with a reason, best first.
 */
import type { PostText } from '../intent/intent';
import { type PostReader, type ProductProfile, type ProductText, profileProduct } from './profiles';
import type { ProjectSignals } from './project-signals';
import { type Ranker, ranker as trainedRanker } from './ranker';

export interface Candidate {
  /** Names the post across searches (network and id), so it is read once. */
  key: string;
  post: PostText & { url?: string };
}

export interface RankedPost {
  key: string;
  /** 0 to 100: the chance the post is worth answering, in per cent. */
  score: number;
  reason: string;
}

/** Products read recently, by their text: a run's keywords share one reading. */
const products = new Map<string, ProductProfile>();

export function productProfileOf(product: ProductText): ProductProfile {
  const key = JSON.stringify([product.name, product.description, product.goal, product.keywords]);
  let profile = products.get(key);
  if (!profile) {
    if (products.size > 500) products.clear();
    profile = profileProduct(product);
    products.set(key, profile);
  }
  return profile;
}

export function rankPosts(
  reader: PostReader,
  product: ProductText,
  keyword: string,
  candidates: readonly Candidate[],
  signals: ProjectSignals | null = null,
  ranker: Ranker = trainedRanker(),
): RankedPost[] {
  const profile = productProfileOf(product);
  return candidates
    .map(({ key, post }) => {
      const read = reader.profile(key, post);
      const judgment = ranker.judge(profile, read, keyword);
      const taught = signals ? signals.adjust(read, ranker.signalWeights) : { delta: 0, said: null };
      const probability = 1 / (1 + Math.exp(-(judgment.logit + taught.delta)));
      return {
        key,
        score: Math.round(probability * 100),
        reason: taught.said ? `${judgment.reason}; ${taught.said}` : judgment.reason,
      };
    })
    .sort((a, b) => b.score - a.score);
}
