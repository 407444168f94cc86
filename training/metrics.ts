/** Ranking measures shared by training and the evaluation. */

/** Average precision of a ranked list of judgments (true = relevant); 0 when none is relevant. */
export function averagePrecision(ranked: readonly boolean[]): number {
  let right = 0;
  let sum = 0;
  for (const [i, relevant] of ranked.entries()) {
    if (!relevant) continue;
    right += 1;
    sum += right / (i + 1);
  }
  return right ? sum / right : 0;
}
