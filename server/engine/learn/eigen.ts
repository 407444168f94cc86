/**
 * Eigenvalues and eigenvectors of a symmetric matrix by cyclic Jacobi rotations: slow for large
 * matrices but exact, simple and deterministic; the encoder's reduction (`npm run train -- encoder`)
 * uses it on a 512 × 512 covariance.
 */
export interface Eigen {
  /** Largest first. */
  values: number[];
  /** `vectors[k]` belongs to `values[k]`, unit length. */
  vectors: Float64Array[];
}

export function symmetricEigen(matrix: readonly Float64Array[], maxSweeps = 60): Eigen {
  const n = matrix.length;
  const a = matrix.map((row) => Float64Array.from(row));
  const v = Array.from({ length: n }, (_, i) => {
    const row = new Float64Array(n);
    row[i] = 1;
    return row;
  });
  const at = (m: Float64Array[], i: number, j: number) => (m[i] as Float64Array)[j] as number;
  for (let sweep = 0; sweep < maxSweeps; sweep += 1) {
    let off = 0;
    for (let i = 0; i < n; i += 1) for (let j = i + 1; j < n; j += 1) off += at(a, i, j) ** 2;
    if (off < 1e-22) break;
    for (let p = 0; p < n - 1; p += 1)
      for (let q = p + 1; q < n; q += 1) {
        const apq = at(a, p, q);
        if (Math.abs(apq) < 1e-300) continue;
        const theta = (at(a, q, q) - at(a, p, p)) / (2 * apq);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const s = t * c;
        const rowP = a[p] as Float64Array;
        const rowQ = a[q] as Float64Array;
        for (let k = 0; k < n; k += 1) {
          const akp = rowP[k] as number;
          const akq = rowQ[k] as number;
          rowP[k] = c * akp - s * akq;
          rowQ[k] = s * akp + c * akq;
        }
        for (let k = 0; k < n; k += 1) {
          const row = a[k] as Float64Array;
          const akp = row[p] as number;
          const akq = row[q] as number;
          row[p] = c * akp - s * akq;
          row[q] = s * akp + c * akq;
        }
        const vp = v[p] as Float64Array;
        const vq = v[q] as Float64Array;
        for (let k = 0; k < n; k += 1) {
          const x = vp[k] as number;
          const y = vq[k] as number;
          vp[k] = c * x - s * y;
          vq[k] = s * x + c * y;
        }
      }
  }
  const order = Array.from({ length: n }, (_, i) => i).sort((i, j) => at(a, j, j) - at(a, i, i));
  return { values: order.map((i) => at(a, i, i)), vectors: order.map((i) => v[i] as Float64Array) };
}
