import type { Entry } from '../canary-spec.js';
import { cap, describeError, fail, pass, type CheckOutcome, type KindContext } from './common.js';
import { apiTargetOf, below, describeFetchError, getJson, type ApiTarget } from './http-api.js';

const ALERTS_KEPT = 20;

interface Alert {
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  fingerprint?: string;
  startsAt?: string;
  status?: { state?: string };
}

const quoted = (value: string) => `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

const stringList = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.map(String).filter(Boolean)
    : typeof value === 'string' && value
      ? [value]
      : [];

const stringMap = (value: unknown): [string, string][] =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, String(v)])
    : [];

/**
 * Alertmanager's matchers for the check: `filters` (label =~ regex), `alerts` (alert names, as
 * regexes, any of them), `ignore` (alert names not wanted) and `exclude_filters` (label != value).
 */
export function alertFilters(entry: Entry): string[] {
  const filters = stringMap(entry.filters).map(([k, v]) => `${k}=~${quoted(v)}`);
  const alerts = stringList(entry.alerts);
  if (alerts.length) filters.push(`alertname=~${quoted(alerts.join('|'))}`);
  for (const ignore of stringList(entry.ignore)) filters.push(`alertname!~${quoted(ignore)}`);
  for (const [k, v] of stringMap(entry.exclude_filters)) filters.push(`${k}!=${quoted(v)}`);
  return filters;
}

/** The alert's name with where it fires, as upstream names them: alertname/namespace/node/workload/container. */
function fullName(labels: Record<string, string>): string {
  const parts = [labels.alertname ?? 'alert'];
  for (const key of ['namespace', 'node']) if (labels[key]) parts.push(labels[key]);
  const workload = [
    'deployment',
    'daemonset',
    'statefulset',
    'cronjob_name',
    'job_name',
    'pod',
    'nodename',
  ].find((key) => labels[key]);
  if (workload) parts.push(labels[workload]!);
  if (labels.container && labels.container !== labels.job) parts.push(labels.container);
  return parts.join('/');
}

const messageOf = (annotations: Record<string, string>) =>
  annotations.message ?? annotations.description ?? annotations.summary ?? '';

/**
 * Reads the alerts matching the check's filters. Without a `test` it fails while any of them is
 * active (the alerts are the problem); with one, the test over `results.alerts` decides.
 */
export async function runAlertmanager(entry: Entry, ctx: KindContext): Promise<CheckOutcome> {
  let target: ApiTarget | undefined;
  let alerts: Alert[];
  try {
    target = apiTargetOf(entry);
    const url = below(target, 'api/v2/alerts');
    for (const filter of alertFilters(entry)) url.searchParams.append('filter', filter);
    const answer = await getJson(target, url, ctx);
    if (!Array.isArray(answer)) return fail(`the answer of ${url.host} is not a list of alerts`);
    alerts = answer as Alert[];
  } catch (error) {
    return fail(target ? describeFetchError(error, ctx, target) : describeError(error, ctx));
  }
  const found = alerts
    .filter((a) => (a.status?.state ?? 'active') === 'active')
    .map((a) => ({
      name: fullName(a.labels ?? {}),
      message: messageOf(a.annotations ?? {}),
      labels: a.labels ?? {},
      annotations: a.annotations ?? {},
      fingerprint: a.fingerprint ?? null,
      startsAt: a.startsAt ?? null,
    }));
  const listed = found
    .slice(0, 5)
    .map((a) => (a.message ? `${a.name} (${a.message})` : a.name))
    .join(', ');
  const message =
    found.length === 0
      ? 'no active alerts match'
      : `${found.length} active ${found.length === 1 ? 'alert' : 'alerts'}: ${listed}${found.length > 5 ? ', …' : ''}`;
  const detail = { count: found.length, alerts: found.slice(0, ALERTS_KEPT) };
  const context = { results: { alerts: found }, count: found.length };
  // With a test, the test decides (as upstream, where the alerts are details of a passing run).
  if (found.length === 0 || entry.test) return { ...pass(cap(message), detail), context };
  return { ...fail(cap(message), null, detail), context };
}
