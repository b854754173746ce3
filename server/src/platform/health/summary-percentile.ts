/**
 * The count-weighted percentile that approximates a long range's latency percentiles from rollup
 * rows (see docs/api.md): the smallest value whose cumulative weight reaches the percent of the
 * total. Computed here, not in SQL: sorting every check's few points in the database (window
 * functions over all of them) cost more than the rest of the summary together.
 */
export function weightedPercentile(values: number[], weights: number[], percent: number): number | null {
  if (values.length === 0) return null;
  const order = values.map((_, i) => i).sort((a, b) => values[a]! - values[b]!);
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  let reach = 0;
  for (const i of order) {
    reach += weights[i]!;
    // In whole numbers: reach / total >= percent / 100 without rounding.
    if (reach * 100 >= percent * total) return values[i]!;
  }
  return values[order.at(-1)!]!;
}
