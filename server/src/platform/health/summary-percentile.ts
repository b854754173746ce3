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

/** A rollup row with percentiles as the summary reads it: [run count, p95, p97, p99]. */
export type RollupPoint = [count: number, p95: number, p97: number, p99: number];

/** Room for a point's position below its value in one sort key (2^21 points; values below 2^32). */
const POSITIONS = 2 ** 21;
const LARGEST_VALUE = 2 ** 32;

/** Packed sort keys and row weights, grown as needed and kept: a summary asks 2,000 times. */
let keys = new Float64Array(1024);
let weights = new Float64Array(1024);
function room(count: number): void {
  if (keys.length >= count) return;
  const size = 2 ** Math.ceil(Math.log2(count));
  keys = new Float64Array(size);
  weights = new Float64Array(size);
}

const whole = (value: number) => Number.isInteger(value) && value >= 0 && value < LARGEST_VALUE;

/**
 * p95, p97 and p99 over rollup rows and raw runs: each row's own percentile weighs its run
 * count, each raw run's duration weighs 1; weightedPercentile's answers. Each point is sorted as
 * one number, value * POSITIONS + position, in a typed array: sorting 2,000 checks' points that
 * way took a few milliseconds where a comparator over positions took twenty.
 */
export function weightedPercentiles(
  rows: RollupPoint[],
  durations: number[],
): [p95: number | null, p97: number | null, p99: number | null] {
  return weightedPercentilesOf([rows], [durations]);
}

/**
 * weightedPercentiles over rows and durations given in parts (a summary's span, rollup rows and
 * raw edges; null for none), read where they are rather than copied into one list.
 */
export function weightedPercentilesOf(
  rowParts: readonly (RollupPoint[] | null)[],
  durationParts: readonly (number[] | null)[],
): [p95: number | null, p97: number | null, p99: number | null] {
  let rowCount = 0;
  let count = 0;
  let packable = true;
  for (const part of rowParts)
    for (const row of part ?? []) {
      rowCount++;
      packable &&= whole(row[1]) && whole(row[2]) && whole(row[3]);
    }
  count = rowCount;
  for (const part of durationParts)
    for (const duration of part ?? []) {
      count++;
      packable &&= whole(duration);
    }
  if (count === 0) return [null, null, null];
  if (count >= POSITIONS || !packable) {
    const rows = rowParts.flatMap((part) => part ?? []);
    const durations = durationParts.flatMap((part) => part ?? []);
    return [1, 2, 3].map((column) =>
      weightedPercentile(
        [...rows.map((row) => row[column]!), ...durations],
        [...rows.map((row) => row[0]), ...durations.map(() => 1)],
        [95, 97, 99][column - 1]!,
      ),
    ) as [number | null, number | null, number | null];
  }
  room(count);
  let total = count - rowCount;
  let i = 0;
  for (const part of rowParts)
    for (const row of part ?? []) {
      weights[i++] = row[0];
      total += row[0];
    }
  const sorted = keys.subarray(0, count);
  const at = (column: 1 | 2 | 3, percent: number): number => {
    let k = 0;
    for (const part of rowParts)
      for (const row of part ?? []) {
        keys[k] = row[column] * POSITIONS + k;
        k++;
      }
    for (const part of durationParts)
      for (const duration of part ?? []) keys[k++] = duration * POSITIONS + rowCount;
    sorted.sort();
    let reach = 0;
    for (let j = 0; j < count; j++) {
      const key = sorted[j]!;
      const position = key % POSITIONS;
      reach += position < rowCount ? weights[position]! : 1;
      if (reach * 100 >= percent * total) return (key - position) / POSITIONS;
    }
    return (sorted[count - 1]! - (sorted[count - 1]! % POSITIONS)) / POSITIONS;
  };
  return [at(1, 95), at(2, 97), at(3, 99)];
}

/** round(value::numeric): a double turns numeric through its 15 significant digits; halves go away from zero. */
function roundedAsNumeric(value: number): number {
  const decimal = Number(value.toPrecision(15));
  return Math.sign(decimal) * Math.round(Math.abs(decimal)) || 0;
}

/** Postgres's percentile_cont: linear interpolation between the two nearest ranks. */
function percentileCont(sorted: Float64Array, fraction: number): number {
  const rank = fraction * (sorted.length - 1);
  const low = Math.floor(rank);
  return sorted[low]! + (rank - low) * (sorted[Math.ceil(rank)]! - sorted[low]!);
}

/**
 * A raw range's exact p95, p97 and p99 of the runs' durations: percentile_cont, rounded as
 * round(x::numeric) rounds. Computed here rather than by the ordered-set aggregate, which sorted
 * each check's runs apart: on PGlite that cost 15 ms of a 2,000-check summary.
 */
export function exactPercentiles(
  durations: number[],
): [p95: number | null, p97: number | null, p99: number | null] {
  if (durations.length === 0) return [null, null, null];
  room(durations.length);
  const sorted = keys.subarray(0, durations.length);
  sorted.set(durations);
  sorted.sort();
  return [0.95, 0.97, 0.99].map((fraction) => roundedAsNumeric(percentileCont(sorted, fraction))) as [
    number,
    number,
    number,
  ];
}
