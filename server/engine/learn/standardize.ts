/** Centres and scales each feature by what training saw, so one L2 penalty fits features of any size. */
export interface Standardizer {
  mean: number[];
  scale: number[];
}

export function fitStandardizer(rows: readonly ArrayLike<number>[]): Standardizer {
  const d = rows[0]?.length ?? 0;
  const mean = new Array<number>(d).fill(0);
  const scale = new Array<number>(d).fill(0);
  for (const row of rows) for (let j = 0; j < d; j += 1) mean[j] = (mean[j] as number) + (row[j] as number);
  for (let j = 0; j < d; j += 1) mean[j] = (mean[j] as number) / Math.max(1, rows.length);
  for (const row of rows)
    for (let j = 0; j < d; j += 1)
      scale[j] = (scale[j] as number) + ((row[j] as number) - (mean[j] as number)) ** 2;
  for (let j = 0; j < d; j += 1) {
    const sd = Math.sqrt((scale[j] as number) / Math.max(1, rows.length));
    scale[j] = sd > 1e-9 ? sd : 1;
  }
  return { mean, scale };
}

export function standardize(standardizer: Standardizer, row: ArrayLike<number>): Float64Array {
  const out = new Float64Array(standardizer.mean.length);
  for (let j = 0; j < out.length; j += 1)
    out[j] = ((row[j] ?? 0) - (standardizer.mean[j] as number)) / (standardizer.scale[j] as number);
  return out;
}
