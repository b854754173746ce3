// What each dashboard column sorts by; the table's headers and the card layout share them.
import { sortRows, type SortValue } from '../../components/DataTable/index.js';
import type { CheckSummary } from './types.js';

const time = (value: string | null) => (value ? Date.parse(value) : null);

const HEALTH_RANK: Record<string, number> = { unhealthy: 0, healthy: 2 };

export const CHECK_SORT_VALUES: Record<string, (check: CheckSummary) => SortValue> = {
  name: (check) => check.name.toLowerCase(),
  // Failing first in ascending order, checks that never ran between.
  health: (check) => (check.status ? HEALTH_RANK[check.status] : 1),
  uptime: ({ uptime }) => {
    const total = uptime.passed + uptime.failed;
    return total > 0 ? uptime.passed / total : null;
  },
  latency: (check) => check.latency.p95 ?? null,
  transition: (check) => time(check.last_transition_time),
};

/** The checks sorted by a column, as the table would sort them; unchanged without a known column. */
export function sortChecks(
  checks: CheckSummary[],
  sortBy: string | undefined,
  desc: boolean,
): CheckSummary[] {
  const value = sortBy ? CHECK_SORT_VALUES[sortBy] : undefined;
  return value ? sortRows(checks, value, desc ? 'desc' : 'asc') : checks;
}
