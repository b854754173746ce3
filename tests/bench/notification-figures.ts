/** The notifications part's pure pieces: the rules' filters, the history page's requests, the delays. */
import { summarize } from './stats.js';

/** Checks are named from this number up, so every name ends with two digits. */
export const FIRST_CHECK = 100;
export const NAMESPACES = 10;

export const checkName = (n: number) => `bench-check-${FIRST_CHECK + n}`;
/** The namespace of check n's canary: its name's last digit. */
export const namespaceOf = (n: number) => `bench-ns-${(FIRST_CHECK + n) % NAMESPACES}`;

/**
 * Rule r's filter: a check name pattern (the name's last two digits) and the canary's namespace,
 * so that each failure passes the filter of one rule of 100 and fails the other 99.
 */
export function ruleFilter(rule: number): string {
  const digits = String(rule % 100).padStart(2, '0');
  return `canary.namespace == 'bench-ns-${rule % NAMESPACES}' && check.name.endsWith('${digits}')`;
}

/** The rule whose filter check n passes. */
export const ruleOf = (n: number) => (FIRST_CHECK + n) % 100;

/** The title every rule sends: the check's name, by which the receiver tells the webhooks apart. */
export const RULE_TITLE = '{{.check.name}} has failed';
export const checkOfTitle = (title: unknown) =>
  typeof title === 'string' ? /^(\S+) has failed$/.exec(title)?.[1] : undefined;

/** The columns the send-history page lists (notifications-api.ts, HISTORY_LIST_COLUMNS). */
export const HISTORY_LIST_COLUMNS =
  'id,notification_id,status,source_event,resource_id,resource_type,resource,count,first_observed,created_at';

/**
 * The send-history page's request (`listHistory`, with `Prefer: count=estimated`): newest first, the
 * first page of 50, with no filter (the default), by status, by resource type, and both.
 */
export function historyPaths(status: string, resourceType: string) {
  const list =
    `api/db/notification_send_history_summary?select=${encodeURIComponent(HISTORY_LIST_COLUMNS)}` +
    `&order=created_at.desc,id.asc&offset=0&limit=50`;
  return {
    default: list,
    status: `${list}&status=eq.${status}`,
    resourceType: `${list}&resource_type=eq.${resourceType}`,
    both: `${list}&status=eq.${status}&resource_type=eq.${resourceType}`,
  };
}

export interface DelayFigures {
  /** Webhooks received for a failure the bench made (one per failure). */
  received: number;
  /** Failures per second, from the first UPDATE's commit to the last webhook; NaN when none arrived. */
  perSecond: number;
  /** From each check's UPDATE commit to its webhook's arrival. */
  p50: number;
  p95: number;
}

/**
 * The figures of a run: `committed` maps a check's name to when its UPDATE was committed,
 * `arrivals` are the webhooks received (the check's name and when, epoch ms).
 */
export function delayFigures(
  committed: ReadonlyMap<string, number>,
  arrivals: readonly { check: string | undefined; at: number }[],
): DelayFigures {
  const seen = new Set<string>();
  const delays: number[] = [];
  let last = -Infinity;
  for (const { check, at } of arrivals) {
    const commit = check === undefined ? undefined : committed.get(check);
    if (commit === undefined || seen.has(check!)) continue;
    seen.add(check!);
    delays.push(at - commit);
    last = Math.max(last, at);
  }
  const first = Math.min(...committed.values());
  const { p50, p95 } = summarize(delays);
  return {
    received: delays.length,
    perSecond: delays.length > 0 && last > first ? delays.length / ((last - first) / 1000) : NaN,
    p50,
    p95,
  };
}
