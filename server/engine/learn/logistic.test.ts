import { describe, expect, it } from 'vitest';
import { minimize } from './lbfgs';
import { fitBinary, fitMulticlass, logit, probabilities, sigmoid } from './logistic';
import { fitStandardizer, standardize } from './standardize';

/** A fixed sequence of numbers in [0, 1): the tests see the same data on every run. */
function numbers(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

describe('minimize', () => {
  it('finds the bottom of the Rosenbrock valley', () => {
    const x = minimize(
      (point, gradient) => {
        const [a = 0, b = 0] = point;
        gradient[0] = -2 * (1 - a) - 400 * a * (b - a * a);
        gradient[1] = 200 * (b - a * a);
        return (1 - a) ** 2 + 100 * (b - a * a) ** 2;
      },
      Float64Array.from([-1.2, 1]),
      { maxIterations: 500 },
    );
    expect(x[0]).toBeCloseTo(1, 3);
    expect(x[1]).toBeCloseTo(1, 3);
  });
});

describe('fitBinary', () => {
  it('recovers the direction that separates two classes, and probabilities that match the rate', () => {
    const random = numbers(7);
    const rows: number[][] = [];
    const labels: number[] = [];
    for (let i = 0; i < 2_000; i += 1) {
      const a = random() * 4 - 2;
      const b = random() * 4 - 2;
      rows.push([a, b]);
      // true log-odds 2a - b + 0.5
      labels.push(random() < sigmoid(2 * a - b + 0.5) ? 1 : 0);
    }
    const model = fitBinary(rows, labels, { l2: 1e-6 });
    expect(model.weights[0]).toBeCloseTo(2, 0);
    expect(model.weights[1]).toBeCloseTo(-1, 0);
    expect(model.bias).toBeCloseTo(0.5, 0);
    expect(sigmoid(logit(model, [1, 0]))).toBeGreaterThan(sigmoid(logit(model, [0, 1])));
  });

  it('gives the same weights on every run', () => {
    const rows = [[0], [1], [2], [3]];
    const labels = [0, 0, 1, 1];
    expect(fitBinary(rows, labels)).toEqual(fitBinary(rows, labels));
  });

  it('pulls weights toward zero as the penalty grows', () => {
    const rows = [[0], [1], [2], [3]];
    const labels = [0, 0, 1, 1];
    const loose = fitBinary(rows, labels, { l2: 1e-4 });
    const tight = fitBinary(rows, labels, { l2: 1 });
    expect(Math.abs(tight.weights[0] ?? 0)).toBeLessThan(Math.abs(loose.weights[0] ?? 0));
  });
});

describe('fitMulticlass', () => {
  it('tells three clusters apart', () => {
    const random = numbers(11);
    const centres = [
      [0, 3],
      [3, 0],
      [-3, -3],
    ];
    const rows: number[][] = [];
    const labels: number[] = [];
    for (let i = 0; i < 600; i += 1) {
      const c = i % 3;
      const [x = 0, y = 0] = centres[c] ?? [];
      rows.push([x + random() * 2 - 1, y + random() * 2 - 1]);
      labels.push(c);
    }
    const model = fitMulticlass(rows, labels, ['up', 'right', 'down-left']);
    const guess = (row: number[]) => {
      const p = probabilities(model, row);
      return model.classes[p.indexOf(Math.max(...p))];
    };
    expect(guess([0, 3])).toBe('up');
    expect(guess([3, 0])).toBe('right');
    expect(guess([-3, -3])).toBe('down-left');
    expect(probabilities(model, [0, 0]).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
  });
});

describe('standardize', () => {
  it('centres each feature and scales it to unit spread, leaving a constant one as it is', () => {
    const rows = [
      [1, 10, 5],
      [3, 30, 5],
    ];
    const standardizer = fitStandardizer(rows);
    expect(Array.from(standardize(standardizer, [1, 10, 5]))).toEqual([-1, -1, 0]);
    expect(Array.from(standardize(standardizer, [3, 30, 5]))).toEqual([1, 1, 0]);
  });
});

describe('symmetricEigen', () => {
  it('finds the eigenpairs of a symmetric matrix, largest first', async () => {
    const { symmetricEigen } = await import('./eigen');
    const { values, vectors } = symmetricEigen([
      Float64Array.from([2, 1, 0]),
      Float64Array.from([1, 2, 0]),
      Float64Array.from([0, 0, 5]),
    ]);
    expect(values.map((value) => Number(value.toFixed(6)))).toEqual([5, 3, 1]);
    const top = Array.from(vectors[0] ?? []).map((x) => Math.abs(Number(x.toFixed(6))));
    expect(top).toEqual([0, 0, 1]);
    const second = Array.from(vectors[1] ?? []).map((x) => Math.abs(Number(x.toFixed(6))));
    for (const [i, expected] of [Math.SQRT1_2, Math.SQRT1_2, 0].entries())
      expect(second[i]).toBeCloseTo(expected, 6);
  });
});
