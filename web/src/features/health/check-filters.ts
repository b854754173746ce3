// Which checks the dashboard shows (spec 1 §2): text search, label filters, Hide Passing, and the
// label choices for the filter panel.
import type { LabelFilter } from './health-params.js';
import type { CheckSummary } from './types.js';

/** A label filter's id: `key=value`. */
export const labelId = (key: string, value: string) => `${key}=${value}`;

/** Case-insensitive match of the name, description or endpoint; an empty query matches everything. */
export function matchesQuery(check: CheckSummary, query: string): boolean {
  const needle = query.trim().toLowerCase();
  if (needle === '') return true;
  return [check.name, check.description, check.endpoint].some((field) =>
    field?.toLowerCase().includes(needle),
  );
}

/** Splits `key=value` at its first '='; an id without one is a key with an empty value. */
function splitLabelId(id: string): [string, string] {
  const at = id.indexOf('=');
  return at < 0 ? [id, ''] : [id.slice(0, at), id.slice(at + 1)];
}

/**
 * Excluded labels rule a check out. Included labels of one key are alternatives (env=dev or
 * env=prod); included labels of different keys must all hold (env=prod and team=db).
 */
export function matchesLabels(check: CheckSummary, filter: LabelFilter): boolean {
  const included = new Map<string, string[]>();
  for (const [id, state] of Object.entries(filter)) {
    const [key, value] = splitLabelId(id);
    const has = check.labels[key] === value;
    if (state === -1 && has) return false;
    if (state === 1) included.set(key, [...(included.get(key) ?? []), value]);
  }
  for (const [key, values] of included) {
    if (!values.includes(check.labels[key] as string)) return false;
  }
  return true;
}

export const isPassing = (check: CheckSummary) => check.status === 'healthy';
export const isFailing = (check: CheckSummary) => check.status === 'unhealthy';

export interface HealthCounts {
  passing: number;
  failing: number;
}

/** Checks that never ran count as neither. */
export function countHealth(checks: readonly CheckSummary[]): HealthCounts {
  let passing = 0;
  let failing = 0;
  for (const check of checks) {
    if (isPassing(check)) passing++;
    else if (isFailing(check)) failing++;
  }
  return { passing, failing };
}

export interface LabelOption {
  id: string;
  value: string;
  count: number;
}

export interface LabelGroup {
  key: string;
  options: LabelOption[];
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** Every label of the checks as a filter choice with its number of checks, grouped by key, keys and values sorted. */
export function labelGroups(checks: readonly CheckSummary[]): LabelGroup[] {
  const byKey = new Map<string, Map<string, number>>();
  for (const check of checks) {
    for (const [key, value] of Object.entries(check.labels ?? {})) {
      const values = byKey.get(key) ?? new Map<string, number>();
      values.set(value, (values.get(value) ?? 0) + 1);
      byKey.set(key, values);
    }
  }
  return [...byKey.keys()].sort(collator.compare).map((key) => ({
    key,
    options: [...byKey.get(key)!]
      .sort(([a], [b]) => collator.compare(a, b))
      .map(([value, count]) => ({ id: labelId(key, value), value, count })),
  }));
}
