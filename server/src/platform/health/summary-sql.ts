/**
 * The one statement behind the health summary: the checks the filters keep with their figures.
 * An hour or less: a lateral subquery per check, one index range scan of check_statuses
 * (check_id, time) each. Longer: closed rollup rows and the raw edges, each part one range scan
 * for all checks, grouped by check.
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
 * The latest passing (or failing) run's time: from the raw edge after the rollups; else within
 * the latest hour whose row counts one (an hour of raw statuses, not the whole range); else the
 * end of the latest row that counts one (retention removed its statuses); else from the raw
 * edge before the rollups. Each later source is read only when the earlier ones found nothing.
 */
function lastRun(
  passing: boolean,
  check: string,
  from: string,
  to: string,
  hoursFrom: string,
  hoursTo: string,
): string {
  const side = passing ? 'pass' : 'fail';
  const counted = passing ? 'r.passed > 0' : 'r.failed > 0';
  const status = passing ? 'cs.status' : 'not cs.status';
  // The hour is found first, then its statuses read as their own scan bounded by it.
  return `coalesce(t.tail_${side},
      (select (select max(cs.time) from check_statuses cs
          where cs.check_id = ${check} and ${status}
            and cs.time >= latest.bucket and cs.time < latest.bucket + interval '1 hour'
            and cs.time >= ${from} and cs.time <= ${to})
        from (select r.bucket from check_status_rollups r
          where r.check_id = ${check} and r.granularity = 'hour' and r.bucket >= ${hoursFrom} and r.bucket < ${hoursTo}
            and ${counted}
          order by r.bucket desc limit 1) latest),
      t.row_${side}, t.head_${side})`;
}

/**
 * Figures over rollup rows (see planRange) and raw statuses at the edges, for all checks at
 * once: each part is one range scan, grouped by check (rather than a few index scans per check).
 * When the filters pick a few checks (`kept` names them), each scan is limited to those. Counts
 * are exact; the points' percentiles and weights come back as arrays for the count-weighted
 * percentile (summary-percentile.ts). The scan of the edge after the rollups reaches back an
 * hour before `now` if it starts later, and answers rolling1h too (edge 3: read for it only).
 */
function rollupCtes(
  from: string,
  to: string,
  plan: Extract<RangePlan, { kind: 'rollup' }>,
  now: string,
  params: Params,
  kept: boolean,
): { ctes: string; hoursFrom: string; hoursTo: string } {
  const keptOnly = (column: string) => (kept ? `${column} in (select id from kept) and ` : '');
  const time = (at: Date) => params.add(at.toISOString(), '::timestamptz');
  const hoursFrom = time(plan.hoursFrom);
  const daysFrom = time(plan.daysFrom);
  const daysTo = time(plan.daysTo);
  const hoursTo = time(plan.hoursTo);
  const rows = (granularity: 'hour' | 'day', where: string) => `
      select r.check_id, r.passed, r.failed, r.count as weight, r.p95, r.p97, r.p99,
        least(r.bucket + interval '1 ${granularity}', ${to}) as bucket_end, null::timestamptz as time, 0 as edge,
        false as recent
      from check_status_rollups r
      where ${keptOnly('r.check_id')}r.granularity = '${granularity}' and ${where}`;
  const raw = (edge: string, where: string, recent = 'false') => `
      select cs.check_id, cs.status::int, (not cs.status)::int, 1, cs.duration, cs.duration, cs.duration,
        null, cs.time, ${edge}, ${recent}
      from check_statuses cs
      where ${keptOnly('cs.check_id')}${where}`;
  const ctes = `points as (
      ${rows('day', `r.bucket >= ${daysFrom} and r.bucket < ${daysTo}`)}
      union all
      ${rows('hour', `r.bucket >= ${hoursFrom} and r.bucket < ${daysFrom}`)}
      union all
      ${rows('hour', `r.bucket >= ${daysTo} and r.bucket < ${hoursTo}`)}
      union all
      ${raw('1', `cs.time >= ${from} and cs.time < ${hoursFrom}`)}
      union all
      ${raw(
        `case when cs.time >= ${hoursTo} and cs.time <= ${to} then 2 else 3 end`,
        `cs.time >= least(${hoursTo}, ${now} - interval '1 hour') and cs.time <= greatest(${to}, ${now})`,
        lastHour(now),
      )}
    ),
    totals as (
      select p.check_id,
        sum(p.passed) filter (where p.edge <> 3)::int as passed,
        sum(p.failed) filter (where p.edge <> 3)::int as failed,
        round(avg(p.p95) filter (where p.recent))::int as rolling1h,
        max(p.time) filter (where p.edge = 2 and p.passed = 1) as tail_pass,
        max(p.time) filter (where p.edge = 2 and p.failed = 1) as tail_fail,
        max(p.bucket_end) filter (where p.edge = 0 and p.passed > 0) as row_pass,
        max(p.bucket_end) filter (where p.edge = 0 and p.failed > 0) as row_fail,
        max(p.time) filter (where p.edge = 1 and p.passed = 1) as head_pass,
        max(p.time) filter (where p.edge = 1 and p.failed = 1) as head_fail,
        array_agg(p.weight) filter (where p.edge <> 3 and p.p95 is not null) as weights,
        array_agg(p.p95) filter (where p.edge <> 3 and p.p95 is not null) as p95s,
        array_agg(p.p97) filter (where p.edge <> 3 and p.p95 is not null) as p97s,
        array_agg(p.p99) filter (where p.edge <> 3 and p.p95 is not null) as p99s
      from points p
      group by p.check_id
    )`;
  return { ctes, hoursFrom, hoursTo };
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

/** The check's own columns; `localAgent` is the bound id of the console's own agent. */
const checkColumns = (localAgent: string) => `k.id, k.canary_id, c.name as canary_name,
      coalesce(k.namespace, c.namespace) as namespace,
      k.agent_id, case when k.agent_id = ${localAgent} then null else a.name end as agent_name,
      k.name, k.type, k.icon, k.description, k.endpoint, k.severity, k.labels, k.status,
      k.last_runtime, k.next_runtime, k.last_transition_time, k.created_at, k.updated_at, k.deleted_at`;

const rollingLateral = (nowParam: string) => `left join lateral (
      select ${rolling1hOf('')} from check_statuses cs where cs.check_id = k.id and ${lastHour(nowParam)}
    ) h on true`;

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
  if (plan.kind === 'rollup') {
    const narrow = Boolean(query.checkId || query.canaryId || query.agentId);
    const { ctes, hoursFrom, hoursTo } = rollupCtes(from, to, plan, nowParam, params, narrow);
    const where = filters(query, params);
    const whereClause = where.length > 0 ? `where ${where.join(' and ')}` : '';
    const localAgent = params.add(LOCAL_AGENT, '::uuid');
    const text = `
    with ${narrow ? `kept as (select k.id from checks k join canaries c on c.id = k.canary_id ${whereClause}),` : ''}
    ${ctes}
    select ${checkColumns(localAgent)},
      coalesce(t.passed, 0) as passed, coalesce(t.failed, 0) as failed,
      ${lastRun(true, 'k.id', from, to, hoursFrom, hoursTo)} as last_pass,
      ${lastRun(false, 'k.id', from, to, hoursFrom, hoursTo)} as last_fail,
      t.weights, t.p95s, t.p97s, t.p99s, t.rolling1h
    from checks k
    join canaries c on c.id = k.canary_id
    left join agents a on a.id = k.agent_id
    left join totals t on t.check_id = k.id
    ${whereClause}
    order by c.name, k.name, k.id`;
    return { text, values: params.values };
  }
  // A raw range that reaches into the last hour shares its index scan with rolling1h.
  const shared = query.to.getTime() >= now.getTime() - HOUR_MS && query.from.getTime() <= now.getTime();
  const figures = rawFigures('k.id', from, to, shared ? nowParam : undefined);
  const where = filters(query, params);
  const localAgent = params.add(LOCAL_AGENT, '::uuid');
  const text = `
    select ${checkColumns(localAgent)},
      f.passed, f.failed, f.last_pass, f.last_fail, f.p95, f.p97, f.p99, ${shared ? 'f' : 'h'}.rolling1h
    from checks k
    join canaries c on c.id = k.canary_id
    left join agents a on a.id = k.agent_id
    left join lateral (${figures}) f on true
    ${shared ? '' : rollingLateral(nowParam)}
    ${where.length > 0 ? `where ${where.join(' and ')}` : ''}
    order by c.name, k.name, k.id`;
  return { text, values: params.values };
}
