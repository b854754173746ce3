/**
 * The one statement behind the health summary: the checks the filters keep, each with its
 * figures from a lateral subquery, so every check costs one index range scan of
 * check_statuses (check_id, time) rather than a scan of the whole history.
 */
import { LOCAL_AGENT } from '../agents/local-agent.js';
import type { RangePlan, SummaryQuery } from './summary-range.js';

const HOUR_MS = 3_600_000;

/** Bound values, numbered as they are added. */
class Params {
  readonly values: unknown[] = [];
  add(value: unknown, cast = ''): string {
    this.values.push(value);
    return `$${this.values.length}${cast}`;
  }
}

// Rounded as numeric (half away from zero): round() of a double rounds half to even.
const roundedMs = (value: string) => `round((${value})::numeric)::int`;

/** The average duration of the last hour before `now`, over the statuses `cs` the scan reads. */
const rolling1hOf = (filter: string) => `round(avg(cs.duration)${filter})::int as rolling1h`;
const lastHour = (now: string) => `cs.time > ${now} - interval '1 hour' and cs.time <= ${now}`;

/**
 * Exact figures over raw statuses in [from, to]. When `now` is given, the range reaches into the
 * last hour and one index range scan over both answers rolling1h too.
 */
function rawFigures(check: string, from: string, to: string, now?: string): string {
  const range = `cs.time >= ${from} and cs.time <= ${to}`;
  const inRange = now ? ` filter (where ${range})` : '';
  const andInRange = now ? ` and ${range}` : '';
  // One percentile_cont over an array of fractions sorts the durations once for all three.
  return `
    select passed, failed, last_pass, last_fail, ${roundedMs('pct[1]')} as p95, ${roundedMs('pct[2]')} as p97,
      ${roundedMs('pct[3]')} as p99 ${now ? ', rolling1h' : ''}
    from (
      select count(*) filter (where cs.status${andInRange})::int as passed,
        count(*) filter (where not cs.status${andInRange})::int as failed,
        max(cs.time) filter (where cs.status${andInRange}) as last_pass,
        max(cs.time) filter (where not cs.status${andInRange}) as last_fail,
        percentile_cont(array[0.95, 0.97, 0.99]) within group (order by cs.duration)${inRange} as pct
        ${now ? `, ${rolling1hOf(` filter (where ${lastHour(now)})`)}` : ''}
      from check_statuses cs
      where cs.check_id = ${check}
        and cs.time >= ${now ? `least(${from}, ${now} - interval '1 hour')` : from}
        and cs.time <= ${now ? `greatest(${to}, ${now})` : to}
    ) figures`;
}

/**
 * The count-weighted percentile of the points' values: the smallest value whose cumulative
 * weight reaches the fraction of the total. Raw statuses weigh 1, a bucket its count.
 */
function weightedPercentile(column: string, fraction: number): string {
  return `(select w.${column} from (
      select p.${column}, sum(p.weight) over (order by p.${column} rows unbounded preceding) as reach,
        sum(p.weight) over () as total
      from points p where p.${column} is not null
    ) w where w.reach >= ${fraction} * w.total order by w.${column} limit 1)`;
}

/**
 * Figures over rollup rows (see planRange) and raw statuses at the edges. Counts are exact;
 * percentiles are approximated from the rows' own percentiles (see docs/api.md); last_pass and
 * last_fail are the raw statuses' times, else the end of the last row with a pass or failure
 * (when retention has removed those statuses).
 */
function rollupFigures(
  check: string,
  from: string,
  to: string,
  plan: Extract<RangePlan, { kind: 'rollup' }>,
  params: Params,
): string {
  const time = (at: Date) => params.add(at.toISOString(), '::timestamptz');
  const hoursFrom = time(plan.hoursFrom);
  const daysFrom = time(plan.daysFrom);
  const daysTo = time(plan.daysTo);
  const hoursTo = time(plan.hoursTo);
  const rows = (granularity: 'hour' | 'day', where: string) => `
      select r.passed, r.failed, r.count as weight, r.p95, r.p97, r.p99,
        least(r.bucket + interval '1 ${granularity}', ${to}) as bucket_end
      from check_status_rollups r
      where r.check_id = ${check} and r.granularity = '${granularity}' and (${where})`;
  const lastRaw = (passing: boolean) =>
    `(select max(cs.time) from check_statuses cs where cs.check_id = ${check}
      and ${passing ? '' : 'not '}cs.status and cs.time >= ${from} and cs.time <= ${to})`;
  const raw = (where: string) => `
      select cs.status::int, (not cs.status)::int, 1, cs.duration, cs.duration, cs.duration, null
      from check_statuses cs
      where cs.check_id = ${check} and ${where}`;
  // One branch per edge: an OR of two ranges would not bound the index scan and read every row.
  return `
    with points as (
      ${rows('day', `r.bucket >= ${daysFrom} and r.bucket < ${daysTo}`)}
      union all
      ${rows('hour', `r.bucket >= ${hoursFrom} and r.bucket < ${daysFrom}`)}
      union all
      ${rows('hour', `r.bucket >= ${daysTo} and r.bucket < ${hoursTo}`)}
      union all
      ${raw(`cs.time >= ${from} and cs.time < ${hoursFrom}`)}
      union all
      ${raw(`cs.time >= ${hoursTo} and cs.time <= ${to}`)}
    )
    select coalesce(sum(passed), 0)::int as passed, coalesce(sum(failed), 0)::int as failed,
      coalesce(${lastRaw(true)}, max(bucket_end) filter (where passed > 0)) as last_pass,
      coalesce(${lastRaw(false)}, max(bucket_end) filter (where failed > 0)) as last_fail,
      ${weightedPercentile('p95', 0.95)} as p95,
      ${weightedPercentile('p97', 0.97)} as p97,
      ${weightedPercentile('p99', 0.99)} as p99
    from points`;
}

function filters(query: SummaryQuery, params: Params): string[] {
  const where: string[] = [];
  if (!query.includeDeleted) where.push('k.deleted_at is null', 'c.deleted_at is null');
  if (query.checkId) where.push(`k.id = ${params.add(query.checkId, '::uuid')}`);
  if (query.canaryId) where.push(`k.canary_id = ${params.add(query.canaryId, '::uuid')}`);
  if (query.agentId) where.push(`k.agent_id = ${params.add(query.agentId, '::uuid')}`);
  if (query.status) where.push(`k.status = ${params.add(query.status)}`);
  return where;
}

/** The summary statement: one row per check, figures as flat columns. */
export function buildSummarySql(
  query: SummaryQuery,
  plan: RangePlan,
  now: Date,
): { text: string; values: unknown[] } {
  const params = new Params();
  const from = params.add(query.from.toISOString(), '::timestamptz');
  const to = params.add(query.to.toISOString(), '::timestamptz');
  const nowParam = params.add(now.toISOString(), '::timestamptz');
  // A raw range that reaches into the last hour shares its index scan with rolling1h.
  const shared =
    plan.kind === 'raw' &&
    query.to.getTime() >= now.getTime() - HOUR_MS &&
    query.from.getTime() <= now.getTime();
  const figures =
    plan.kind === 'rollup'
      ? rollupFigures('k.id', from, to, plan, params)
      : rawFigures('k.id', from, to, shared ? nowParam : undefined);
  const rolling = shared
    ? ''
    : `left join lateral (
      select ${rolling1hOf('')} from check_statuses cs where cs.check_id = k.id and ${lastHour(nowParam)}
    ) h on true`;
  const where = filters(query, params);
  const localAgent = params.add(LOCAL_AGENT, '::uuid');
  const text = `
    select k.id, k.canary_id, c.name as canary_name, coalesce(k.namespace, c.namespace) as namespace,
      k.agent_id, case when k.agent_id = ${localAgent} then null else a.name end as agent_name,
      k.name, k.type, k.icon, k.description, k.endpoint, k.severity, k.labels, k.status,
      k.last_runtime, k.next_runtime, k.last_transition_time, k.created_at, k.updated_at, k.deleted_at,
      f.passed, f.failed, f.last_pass, f.last_fail, f.p95, f.p97, f.p99, ${shared ? 'f' : 'h'}.rolling1h
    from checks k
    join canaries c on c.id = k.canary_id
    left join agents a on a.id = k.agent_id
    left join lateral (${figures}) f on true
    ${rolling}
    ${where.length > 0 ? `where ${where.join(' and ')}` : ''}
    order by c.name, k.name, k.id`;
  return { text, values: params.values };
}
