/**
 * Gradient-boosted decision trees for a yes/no judgment (logistic loss, Newton steps in the leaves,
 * splits chosen on each feature's quantile bins): they learn how features combine (a post that asks
 * and is close in meaning) where a linear model adds them up. Deterministic: no sampling.
 */
import { sigmoid } from './logistic';

/** A split node (`feature`, `threshold`, children by index) or a leaf (`value`). */
export type TreeNode =
  | { feature: number; threshold: number; left: number; right: number }
  | { value: number };

export interface BoostedTrees {
  base: number;
  trees: TreeNode[][];
}

export interface BoostOptions {
  rounds?: number;
  depth?: number;
  learningRate?: number;
  /** Least total Hessian (≈ examples × p(1 - p)) in a leaf. */
  minLeafWeight?: number;
  /** L2 penalty on leaf values. */
  lambda?: number;
  bins?: number;
  sampleWeights?: readonly number[];
}

/** The log-odds the trees give a row. */
export function boostedLogit(model: BoostedTrees, row: ArrayLike<number>): number {
  let z = model.base;
  for (const tree of model.trees) {
    let node = tree[0];
    while (node && !('value' in node))
      node = tree[(row[node.feature] ?? 0) <= node.threshold ? node.left : node.right];
    z += node && 'value' in node ? node.value : 0;
  }
  return z;
}

/** Candidate thresholds of one feature: the edges of its quantile bins. */
function edgesOf(values: number[], bins: number): number[] {
  const sorted = [...values].sort((a, b) => a - b);
  const edges = new Set<number>();
  for (let b = 1; b < bins; b += 1) edges.add(sorted[Math.floor((b * sorted.length) / bins)] as number);
  return [...edges].sort((a, b) => a - b);
}

export function fitBoostedTrees(
  rows: readonly ArrayLike<number>[],
  labels: readonly number[],
  options: BoostOptions = {},
): BoostedTrees {
  const n = rows.length;
  const d = rows[0]?.length ?? 0;
  const rounds = options.rounds ?? 200;
  const depth = options.depth ?? 3;
  const rate = options.learningRate ?? 0.05;
  const minLeaf = options.minLeafWeight ?? 1;
  const lambda = options.lambda ?? 1;
  const weight = (i: number) => options.sampleWeights?.[i] ?? 1;
  const totalWeight = labels.reduce((sum, y, i) => sum + weight(i) * y, 0);
  const allWeight = rows.reduce((sum, _, i) => sum + weight(i), 0);
  const rate1 = Math.min(1 - 1e-6, Math.max(1e-6, totalWeight / allWeight));
  const base = Math.log(rate1 / (1 - rate1));
  const edges = Array.from({ length: d }, (_, j) =>
    edgesOf(
      rows.map((row) => row[j] as number),
      options.bins ?? 32,
    ),
  );
  // Each row's bin per feature, computed once.
  const binOf = Array.from({ length: d }, (_, j) => {
    const cuts = edges[j] as number[];
    return Int16Array.from(rows, (row) => {
      const value = row[j] as number;
      let lo = 0;
      let hi = cuts.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (value <= (cuts[mid] as number)) hi = mid;
        else lo = mid + 1;
      }
      return lo;
    });
  });
  const z = new Float64Array(n).fill(base);
  const g = new Float64Array(n);
  const h = new Float64Array(n);
  const trees: TreeNode[][] = [];
  for (let round = 0; round < rounds; round += 1) {
    for (let i = 0; i < n; i += 1) {
      const p = sigmoid(z[i] as number);
      g[i] = weight(i) * (p - (labels[i] as number));
      h[i] = weight(i) * Math.max(p * (1 - p), 1e-6);
    }
    const tree: TreeNode[] = [];
    const grow = (members: number[], level: number): number => {
      let sumG = 0;
      let sumH = 0;
      for (const i of members) {
        sumG += g[i] as number;
        sumH += h[i] as number;
      }
      const at = tree.length;
      tree.push({ value: (-rate * sumG) / (sumH + lambda) });
      if (level >= depth || members.length < 2) return at;
      const parentScore = (sumG * sumG) / (sumH + lambda);
      let best: { gain: number; feature: number; bin: number } | null = null;
      for (let j = 0; j < d; j += 1) {
        const cuts = edges[j] as number[];
        if (cuts.length === 0) continue;
        const bins = binOf[j] as Int16Array;
        const histG = new Float64Array(cuts.length + 1);
        const histH = new Float64Array(cuts.length + 1);
        for (const i of members) {
          const b = bins[i] as number;
          histG[b] = (histG[b] as number) + (g[i] as number);
          histH[b] = (histH[b] as number) + (h[i] as number);
        }
        let leftG = 0;
        let leftH = 0;
        for (let b = 0; b < cuts.length; b += 1) {
          leftG += histG[b] as number;
          leftH += histH[b] as number;
          const rightG = sumG - leftG;
          const rightH = sumH - leftH;
          if (leftH < minLeaf || rightH < minLeaf) continue;
          const gain =
            (leftG * leftG) / (leftH + lambda) + (rightG * rightG) / (rightH + lambda) - parentScore;
          if (gain > 1e-9 && (!best || gain > best.gain)) best = { gain, feature: j, bin: b };
        }
      }
      if (!best) return at;
      const { feature, bin } = best;
      const bins = binOf[feature] as Int16Array;
      const left = members.filter((i) => (bins[i] as number) <= bin);
      const right = members.filter((i) => (bins[i] as number) > bin);
      const leftAt = grow(left, level + 1);
      const rightAt = grow(right, level + 1);
      tree[at] = {
        feature,
        threshold: (edges[feature] as number[])[bin] as number,
        left: leftAt,
        right: rightAt,
      };
      return at;
    };
    grow(
      Array.from({ length: n }, (_, i) => i),
      0,
    );
    trees.push(tree);
    const model = { base: 0, trees: [tree] };
    for (let i = 0; i < n; i += 1)
      z[i] = (z[i] as number) + boostedLogit(model, rows[i] as ArrayLike<number>);
  }
  return { base, trees };
}
