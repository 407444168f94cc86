/**
 * What a project's people taught it: the posts they judged (copied, edited or approved: a good find;
 * 'Not relevant': a bad one). A new post is compared in meaning with each, and how close it is to the
 * nearest good and bad finds moves its log-odds by weights learned on the train products by replaying
 * their labels as a person would give them (`npm run train`, decision 065).
 */
import { cosine } from '../language/encoder';
import type { PostProfile } from './profiles';

export interface ProjectSignalWeights {
  /** Per feature of `signalFeatures`, what it adds to the log-odds. */
  weights: number[];
}

/**
 * The features a project's signals give a post: how much nearer it is to the good finds than to the bad
 * ones (nearest, and a vote of all weighed by nearness), and its nearness to each kind alone; zero for
 * what a kind that was not judged yet cannot say.
 */
export const signalFeatureNames = [
  'nearer the good finds than the bad',
  'vote of the judged posts, by nearness',
  'nearest good find',
  'nearest bad find',
] as const;

/** How sharply the vote favours the nearest judged posts. */
const sharpness = 10;

function nearest(post: PostProfile, judged: readonly PostProfile[]): [number, number] {
  if (judged.length === 0) return [0, 0];
  const similarities = judged.map((other) => cosine(post.whole, other.whole)).sort((a, b) => b - a);
  const top = similarities.slice(0, 3);
  return [similarities[0] ?? 0, top.reduce((a, b) => a + b, 0) / top.length];
}

export class ProjectSignals {
  constructor(
    readonly good: readonly PostProfile[],
    readonly bad: readonly PostProfile[],
  ) {}

  get size(): number {
    return this.good.length + this.bad.length;
  }

  features(post: PostProfile): number[] {
    const [good] = nearest(post, this.good);
    const [bad] = nearest(post, this.bad);
    const both = this.good.length > 0 && this.bad.length > 0;
    let forGood = 0;
    let all = 0;
    for (const [list, sign] of [
      [this.good, 1],
      [this.bad, -1],
    ] as const)
      for (const other of list) {
        const weight = Math.exp(sharpness * (cosine(post.whole, other.whole) - 1));
        forGood += sign * weight;
        all += weight;
      }
    return [both ? good - bad : 0, both && all > 0 ? forGood / all : 0, good, bad];
  }

  /** What the signals add to a post's log-odds, and how the reason says it (null when nothing). */
  adjust(post: PostProfile, weights: ProjectSignalWeights): { delta: number; said: string | null } {
    if (this.size === 0) return { delta: 0, said: null };
    const features = this.features(post);
    const delta = features.reduce((sum, value, j) => sum + value * (weights.weights[j] ?? 0), 0);
    const goodNearest = features[2] ?? 0;
    const badNearest = features[3] ?? 0;
    const said =
      delta > 0.5 && goodNearest > 0
        ? `like posts your team found worth answering (${goodNearest.toFixed(2)})`
        : delta < -0.5 && badNearest > 0
          ? `like posts your team marked not relevant (${badNearest.toFixed(2)})`
          : null;
    return { delta, said };
  }
}
