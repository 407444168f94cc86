/**
 * Limited-memory BFGS: minimises a smooth function from its value and gradient, deterministically (no
 * randomness, the same steps on every machine), with a backtracking line search. The models' training
 * (`npm run train`) and a project's own model fit with it.
 */
/** The function's value at `x`, writing its gradient into `gradient`. */
export type Objective = (x: Float64Array, gradient: Float64Array) => number;

export interface MinimizeOptions {
  /** Most iterations (default 200). */
  maxIterations?: number;
  /** Pairs of past steps kept (default 10). */
  memory?: number;
  /** Stop when the gradient's largest entry falls below this (default 1e-6). */
  tolerance?: number;
}

function dot(a: Float64Array, b: Float64Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i += 1) sum += (a[i] as number) * (b[i] as number);
  return sum;
}

function maxAbs(a: Float64Array): number {
  let max = 0;
  for (const value of a) max = Math.max(max, Math.abs(value));
  return max;
}

/** The `x` that minimises `objective`, starting from `start` (left unchanged). */
export function minimize(
  objective: Objective,
  start: Float64Array,
  options: MinimizeOptions = {},
): Float64Array {
  const n = start.length;
  const maxIterations = options.maxIterations ?? 200;
  const memory = options.memory ?? 10;
  const tolerance = options.tolerance ?? 1e-6;
  let x = Float64Array.from(start);
  let gradient = new Float64Array(n);
  let value = objective(x, gradient);
  const steps: Float64Array[] = [];
  const changes: Float64Array[] = [];
  const rhos: number[] = [];
  const direction = new Float64Array(n);
  const alphas = new Float64Array(memory);

  for (let iteration = 0; iteration < maxIterations; iteration += 1) {
    if (maxAbs(gradient) < tolerance) break;
    // The two-loop recursion: direction = -H·gradient.
    direction.set(gradient);
    for (let i = steps.length - 1; i >= 0; i -= 1) {
      const alpha = (rhos[i] as number) * dot(steps[i] as Float64Array, direction);
      alphas[i] = alpha;
      const change = changes[i] as Float64Array;
      for (let j = 0; j < n; j += 1) direction[j] = (direction[j] as number) - alpha * (change[j] as number);
    }
    if (steps.length > 0) {
      const last = steps.length - 1;
      const change = changes[last] as Float64Array;
      const scale = dot(steps[last] as Float64Array, change) / dot(change, change);
      for (let j = 0; j < n; j += 1) direction[j] = (direction[j] as number) * scale;
    } else {
      const scale = 1 / Math.max(1, Math.sqrt(dot(gradient, gradient)));
      for (let j = 0; j < n; j += 1) direction[j] = (direction[j] as number) * scale;
    }
    for (let i = 0; i < steps.length; i += 1) {
      const beta = (rhos[i] as number) * dot(changes[i] as Float64Array, direction);
      const step = steps[i] as Float64Array;
      const alpha = alphas[i] as number;
      for (let j = 0; j < n; j += 1)
        direction[j] = (direction[j] as number) + (step[j] as number) * (alpha - beta);
    }
    for (let j = 0; j < n; j += 1) direction[j] = -(direction[j] as number);
    let slope = dot(direction, gradient);
    if (slope >= 0) {
      // Not a descent direction (curvature went wrong): restart from the gradient.
      steps.length = 0;
      changes.length = 0;
      rhos.length = 0;
      for (let j = 0; j < n; j += 1) direction[j] = -(gradient[j] as number);
      slope = dot(direction, gradient);
    }
    // Backtracking line search (Armijo).
    let size = 1;
    const nextX = new Float64Array(n);
    const nextGradient = new Float64Array(n);
    let nextValue = Number.POSITIVE_INFINITY;
    for (let tries = 0; tries < 40; tries += 1) {
      for (let j = 0; j < n; j += 1) nextX[j] = (x[j] as number) + size * (direction[j] as number);
      nextValue = objective(nextX, nextGradient);
      if (Number.isFinite(nextValue) && nextValue <= value + 1e-4 * size * slope) break;
      size /= 2;
    }
    if (!(nextValue < value)) break;
    const step = new Float64Array(n);
    const change = new Float64Array(n);
    for (let j = 0; j < n; j += 1) {
      step[j] = (nextX[j] as number) - (x[j] as number);
      change[j] = (nextGradient[j] as number) - (gradient[j] as number);
    }
    const curvature = dot(step, change);
    if (curvature > 1e-12) {
      steps.push(step);
      changes.push(change);
      rhos.push(1 / curvature);
      if (steps.length > memory) {
        steps.shift();
        changes.shift();
        rhos.shift();
      }
    }
    const improvement = value - nextValue;
    x = nextX;
    gradient = nextGradient;
    value = nextValue;
    if (improvement < 1e-10 * Math.max(1, Math.abs(value))) break;
  }
  return x;
}
