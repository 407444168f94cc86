/**
 * Logistic regression, binary and multinomial, fitted by L-BFGS with an L2 penalty (never on the
 * bias): the shape of every model the engine learns. Inputs are rows of numbers; what they mean is the
 * caller's (`features` names them in the saved weights).
 */
import { minimize } from './lbfgs';

export interface BinaryModel {
  weights: number[];
  bias: number;
}

export interface MulticlassModel {
  classes: string[];
  /** One row of weights per class. */
  weights: number[][];
  biases: number[];
}

export interface FitOptions {
  /** The L2 penalty's strength per example (default 1e-3). */
  l2?: number;
  maxIterations?: number;
  /** Each example's weight (default 1 each). */
  sampleWeights?: readonly number[];
  /** A log-odds each example starts from, which the model adds to (binary only; default 0). */
  offsets?: readonly number[];
  /** Fit no bias: the model only moves examples by their features (binary only). */
  noBias?: boolean;
}

export const sigmoid = (z: number) => (z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z)));

/**
 * A row whose first part is dense and whose rest is mostly zeros: `ones` lists the columns (counted
 * from the start of the row) that hold 1. Fitting reads only those, so thousands of hashed word
 * features cost what a few dozen do.
 */
export interface SparseRow {
  dense: ArrayLike<number>;
  ones: ArrayLike<number>;
  /** The whole row's length. */
  length: number;
}

const asSparse = (row: ArrayLike<number> | SparseRow): SparseRow =>
  'dense' in row ? row : { dense: row, ones: [], length: row.length };

/** The linear score (log-odds) of a row under a binary model. */
export function logit(model: BinaryModel, row: ArrayLike<number>): number {
  let z = model.bias;
  for (let j = 0; j < model.weights.length; j += 1) z += (model.weights[j] as number) * (row[j] ?? 0);
  return z;
}

/** Fits P(y = 1 | row) on rows with labels 0 or 1. */
export function fitBinary(
  rows: readonly ArrayLike<number>[],
  labels: readonly number[],
  options: FitOptions = {},
): BinaryModel {
  const d = rows[0]?.length ?? 0;
  const l2 = options.l2 ?? 1e-3;
  const weightOf = (i: number) => options.sampleWeights?.[i] ?? 1;
  const total = rows.reduce((sum, _, i) => sum + weightOf(i), 0) || 1;
  const objective = (x: Float64Array, gradient: Float64Array) => {
    gradient.fill(0);
    let loss = 0;
    for (let i = 0; i < rows.length; i += 1) {
      const row = rows[i] as ArrayLike<number>;
      let z = (options.noBias ? 0 : (x[d] as number)) + (options.offsets?.[i] ?? 0);
      for (let j = 0; j < d; j += 1) z += (x[j] as number) * (row[j] as number);
      const y = labels[i] as number;
      const w = weightOf(i) / total;
      // log(1 + e^z) - y z, computed stably
      loss += w * ((z > 0 ? z + Math.log1p(Math.exp(-z)) : Math.log1p(Math.exp(z))) - y * z);
      const error = w * (sigmoid(z) - y);
      for (let j = 0; j < d; j += 1) gradient[j] = (gradient[j] as number) + error * (row[j] as number);
      if (!options.noBias) gradient[d] = (gradient[d] as number) + error;
    }
    for (let j = 0; j < d; j += 1) {
      loss += 0.5 * l2 * (x[j] as number) ** 2;
      gradient[j] = (gradient[j] as number) + l2 * (x[j] as number);
    }
    return loss;
  };
  const x = minimize(objective, new Float64Array(d + 1), { maxIterations: options.maxIterations ?? 300 });
  return { weights: Array.from(x.subarray(0, d)), bias: options.noBias ? 0 : (x[d] as number) };
}

/** Each class's probability for a row, in the model's class order. */
export function probabilities(model: MulticlassModel, given: ArrayLike<number> | SparseRow): number[] {
  const { dense, ones } = asSparse(given);
  const scores = model.weights.map((weights, k) => {
    let z = model.biases[k] as number;
    for (let j = 0; j < dense.length; j += 1) z += (weights[j] as number) * (dense[j] as number);
    for (let j = 0; j < ones.length; j += 1) z += weights[ones[j] as number] as number;
    return z;
  });
  const max = Math.max(...scores);
  const exps = scores.map((score) => Math.exp(score - max));
  const sum = exps.reduce((a, b) => a + b, 0);
  return exps.map((value) => value / sum);
}

/** Fits P(class | row) by softmax regression; `labels` are indices into `classes`. */
export function fitMulticlass(
  given: readonly (ArrayLike<number> | SparseRow)[],
  labels: readonly number[],
  classes: readonly string[],
  options: FitOptions = {},
): MulticlassModel {
  const rows = given.map(asSparse);
  const d = rows[0]?.length ?? 0;
  const k = classes.length;
  const l2 = options.l2 ?? 1e-3;
  const weightOf = (i: number) => options.sampleWeights?.[i] ?? 1;
  const total = rows.reduce((sum, _, i) => sum + weightOf(i), 0) || 1;
  const stride = d + 1;
  const scores = new Float64Array(k);
  const objective = (x: Float64Array, gradient: Float64Array) => {
    gradient.fill(0);
    let loss = 0;
    for (let i = 0; i < rows.length; i += 1) {
      const { dense, ones } = rows[i] as SparseRow;
      let max = Number.NEGATIVE_INFINITY;
      for (let c = 0; c < k; c += 1) {
        const base = c * stride;
        let z = x[base + d] as number;
        for (let j = 0; j < dense.length; j += 1) z += (x[base + j] as number) * (dense[j] as number);
        for (let j = 0; j < ones.length; j += 1) z += x[base + (ones[j] as number)] as number;
        scores[c] = z;
        max = Math.max(max, z);
      }
      let sum = 0;
      for (let c = 0; c < k; c += 1) sum += Math.exp((scores[c] as number) - max);
      const logSum = max + Math.log(sum);
      const y = labels[i] as number;
      const w = weightOf(i) / total;
      loss += w * (logSum - (scores[y] as number));
      for (let c = 0; c < k; c += 1) {
        const error = w * (Math.exp((scores[c] as number) - logSum) - (c === y ? 1 : 0));
        if (error === 0) continue;
        const base = c * stride;
        for (let j = 0; j < dense.length; j += 1)
          gradient[base + j] = (gradient[base + j] as number) + error * (dense[j] as number);
        for (let j = 0; j < ones.length; j += 1) {
          const at = base + (ones[j] as number);
          gradient[at] = (gradient[at] as number) + error;
        }
        gradient[base + d] = (gradient[base + d] as number) + error;
      }
    }
    for (let c = 0; c < k; c += 1)
      for (let j = 0; j < d; j += 1) {
        const at = c * stride + j;
        loss += 0.5 * l2 * (x[at] as number) ** 2;
        gradient[at] = (gradient[at] as number) + l2 * (x[at] as number);
      }
    return loss;
  };
  const x = minimize(objective, new Float64Array(k * stride), {
    maxIterations: options.maxIterations ?? 300,
  });
  return {
    classes: [...classes],
    weights: Array.from({ length: k }, (_, c) => Array.from(x.subarray(c * stride, c * stride + d))),
    biases: Array.from({ length: k }, (_, c) => x[c * stride + d] as number),
  };
}
