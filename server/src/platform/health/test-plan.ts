/**
 * The rows an `EXPLAIN (ANALYZE, COSTS OFF)` says its statement read from check_statuses: the
 * actual rows of the nodes scanning it, and the rows their filters removed, times their loops.
 */
export function statusRowsInPlan(plan: readonly Record<string, unknown>[]): number {
  let read = 0;
  let loops = 0; // of the latest node when it scans check_statuses, else 0
  for (const row of plan) {
    const line = String(Object.values(row)[0]);
    const node = /rows=([\d.]+) loops=(\d+)/.exec(line);
    if (node) {
      loops = / on check_statuses /.test(line) ? Number(node[2]) : 0;
      read += Number(node[1]) * loops;
    }
    const removed = /Rows Removed by Filter: ([\d.]+)/.exec(line);
    if (removed) read += Number(removed[1]) * loops;
  }
  return read;
}
