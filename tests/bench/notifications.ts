/**
 * The notification engine's figures: 100 rules on check.failed whose webhooks go to a local
 * receiver, 10,000 check failures made by real UPDATEs (PATCH /api/db/checks, so the platform's
 * own triggers queue the events) on a server with its background work on; events handled per
 * second and the delay from each UPDATE's commit to its webhook (no budget given). And the send
 * history at 1,000,000 rows as the history page asks it, p95 < 100 ms (DESIGN §6, list APIs).
 */
import type { Db } from '../../server/src/platform/db/db.js';
import {
  startReceiver,
  type Receiver,
} from '../../server/src/platform/notifications/senders/test-support.js';
import {
  checkName,
  checkOfTitle,
  delayFigures,
  FIRST_CHECK,
  historyPaths,
  NAMESPACES,
  RULE_TITLE,
  ruleFilter,
} from './notification-figures.js';
import { get, send, type Build, type Server } from './server.js';
import { timeInterleaved } from './stats.js';
import type { Results, RowSpec } from './table.js';
import { withLoadedServers, type BackEnd } from './targets.js';

export const RULES = 100;
export const EVENTS = 10_000;
export const HISTORY_ROWS = 1_000_000;
const DAYS = 30;
const REQUESTS = 40;
/** Checks failed by one PATCH. */
const BATCH = 100;
/** How long the engine may take before the part stops waiting and says how far it got. */
const DRAIN_CAP_S = 300;
const POLL_MS = 200;
const FILTER_STATUS = 'error';
const FILTER_RESOURCE_TYPE = 'config';

const ms100: RowSpec['budget'] = { max: 100, text: 'p95 < 100 ms' };

export function notificationRows(events: number, historyRows: number) {
  return {
    history: {
      figure: `send history of ${historyRows.toLocaleString()} rows, newest 50, count=estimated, p95`,
      unit: 'ms',
      budget: ms100,
    },
    status: { figure: `  filtered by status (${FILTER_STATUS}), p95`, unit: 'ms', budget: ms100 },
    resourceType: {
      figure: `  filtered by resource type (${FILTER_RESOURCE_TYPE}), p95`,
      unit: 'ms',
      budget: ms100,
    },
    both: { figure: '  filtered by both, p95', unit: 'ms', budget: ms100 },
    perSecond: {
      figure: `${events.toLocaleString()} check failures against ${RULES} rules (1 matching each), events handled per second`,
      unit: 'rate',
    },
    delayP50: { figure: "  delay from the check's UPDATE commit to its webhook, p50", unit: 'ms' },
    delayP95: { figure: '  the same, p95', unit: 'ms' },
    received: { figure: `  webhooks received (of ${events.toLocaleString()})`, unit: 'count' },
  } satisfies Record<string, RowSpec>;
}

/**
 * 10 canaries (one namespace each), `events` healthy checks, and 100 rules on check.failed each
 * sending a webhook to the receiver, whose filter one failure in 100 passes (a name pattern and
 * the namespace). Then `historyRows` send-history rows of those rules over the last 30 days: 82%
 * sent, 6% error, 6% repeat-interval, 4% silenced, 2% cancelled (none pending: the delivery queue
 * would take them); 85% about checks, 10% configs, 5% components. Generated inside the database;
 * the table's indexes are dropped for the insert and made again as they were (much faster than
 * keeping them up row by row), then vacuumed.
 */
export function loadNotificationsBenchData(origin: string, events: number, historyRows: number) {
  return async (db: Db): Promise<void> => {
    await db.query(
      `insert into canaries (name, namespace, spec)
       select 'bench-' || n, 'bench-ns-' || n, '{}'::jsonb from generate_series(0, $1::int - 1) n`,
      [NAMESPACES],
    );
    await db.query(
      `insert into checks (canary_id, type, name, namespace, status)
       select c.id, 'http', 'bench-check-' || ($2::int + g), c.namespace, 'healthy'
       from generate_series(0, $1::int - 1) g
       join canaries c on c.name = 'bench-' || (($2::int + g) % $3::int)`,
      [events, FIRST_CHECK, NAMESPACES],
    );
    const filters = Array.from({ length: RULES }, (_, r) => ruleFilter(r));
    await db.query(
      `insert into notifications (name, events, filter, custom_services, title)
       select 'bench-rule-' || lpad((n - 1)::text, 3, '0'), array['check.failed'], f,
              jsonb_build_array(jsonb_build_object('url', $2::text || '/bench/' || (n - 1))), $3
       from unnest($1::text[]) with ordinality as t(f, n)`,
      [filters, origin, RULE_TITLE],
    );
    const { rows: indexes } = await db.query<{ indexname: string; indexdef: string }>(
      `select indexname, indexdef from pg_indexes
        where tablename = 'notification_send_history' and indexname <> 'notification_send_history_pkey'`,
    );
    // Index names come from the catalog, never from input.
    for (const { indexname } of indexes) await db.query(`drop index "${indexname}"`);
    await db.query(
      `with rules as (select array_agg(id order by name) as ids from notifications where name like 'bench-rule-%'),
            checks as (select array_agg(id order by name) as ids from checks where name like 'bench-check-%')
       insert into notification_send_history (notification_id, status, source_event, resource_id, resource_type,
         error, duration_millis, count, first_observed, created_at, title, recipient, recipient_key)
       select rules.ids[1 + g % $3::int], s.status, r.type || case when r.type = 'check' then '.failed' else '.unhealthy' end,
              case when r.type = 'check' then checks.ids[1 + g % array_length(checks.ids, 1)] else gen_random_uuid() end,
              r.type,
              case s.status when 'error' then 'the notification to http://hooks.example was refused: HTTP 400' end,
              case when s.status = 'sent' then 20 + g % 900 end,
              case when s.status = 'repeat-interval' then 2 + g % 20 else 1 end,
              t.created, t.created, 'bench-check-' || (g % 1000) || ' has failed', 'http://hooks.example', 'custom:0'
       from generate_series(1, $1::int) g cross join rules cross join checks
       cross join lateral (select now() - make_interval(secs => g * $2::double precision) as created) t
       cross join lateral (select case when g % 100 < 82 then 'sent' when g % 100 < 88 then 'error'
                                       when g % 100 < 94 then 'repeat-interval' when g % 100 < 98 then 'silenced'
                                       else 'cancelled' end as status) s
       cross join lateral (select case when (g / 7) % 20 < 17 then 'check' when (g / 7) % 20 < 19 then 'config'
                                       else 'component' end as type) r`,
      [historyRows, (DAYS * 24 * 3600) / historyRows, RULES],
    );
    for (const { indexdef } of indexes) await db.query(indexdef);
    const { rows } = await db.query<{ n: number }>(
      `select count(*)::int as n from notification_send_history`,
    );
    if (rows[0]!.n !== historyRows) throw new Error(`the data set has ${rows[0]!.n} send-history rows`);
    await db.query('vacuum analyze notification_send_history');
    await db.query('analyze');
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Fails the checks, BATCH per PATCH; the map says when each one's UPDATE was committed (its answer). */
async function failChecks(server: Server, events: number): Promise<Map<string, number>> {
  const committed = new Map<string, number>();
  for (let start = 0; start < events; start += BATCH) {
    const names = Array.from({ length: Math.min(BATCH, events - start) }, (_, k) => checkName(start + k));
    const response = await send(server, 'PATCH', `api/db/checks?name=in.(${names.join(',')})`, {
      status: 'unhealthy',
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`PATCH checks: HTTP ${response.status} ${text.slice(0, 200)}`);
    const at = Date.now();
    for (const name of names) committed.set(name, at);
  }
  return committed;
}

/** Waits until a webhook arrived for every failure, or the cap passes; whether all arrived. */
async function drained(receiver: Receiver, events: number, since: number): Promise<boolean> {
  while (Date.now() - since < DRAIN_CAP_S * 1000) {
    if (receiver.received.length >= events) return true;
    await sleep(POLL_MS);
  }
  return false;
}

async function benchEngine(
  servers: readonly Server[],
  receiver: Receiver,
  backEnd: BackEnd,
  rows: ReturnType<typeof notificationRows>,
  events: number,
  results: Results,
): Promise<void> {
  // One server at a time: one's engine would slow the other's.
  for (const [k, server] of servers.entries()) {
    receiver.reset();
    const since = Date.now();
    const committed = await failChecks(server, events);
    const finished = await drained(receiver, events, since);
    const figures = delayFigures(
      committed,
      receiver.received.map((request) => ({
        check: checkOfTitle((request.json as { title?: unknown } | undefined)?.title),
        at: request.at,
      })),
    );
    console.log(
      `  ${backEnd}, build ${server.build.name}: ${events} failures in ${((Math.max(...committed.values()) - since) / 1000).toFixed(1)} s; ` +
        `${figures.received} webhooks ${finished ? 'received' : `received before the ${DRAIN_CAP_S} s cap`}` +
        ` (${receiver.received.length} requests in all)`,
    );
    results.set(rows.perSecond, backEnd, k, figures.perSecond);
    results.set(rows.delayP50, backEnd, k, figures.p50);
    results.set(rows.delayP95, backEnd, k, figures.p95);
    results.set(rows.received, backEnd, k, figures.received);
  }
}

export async function benchNotifications(
  backEnd: BackEnd,
  builds: readonly Build[],
  results: Results,
  sizes: { events?: number; historyRows?: number } = {},
): Promise<void> {
  const events = sizes.events ?? EVENTS;
  const historyRows = sizes.historyRows ?? HISTORY_ROWS;
  const rows = notificationRows(events, historyRows);
  results.declare(Object.values(rows));
  const receiver = await startReceiver();
  try {
    // Background work on (the events dispatcher, the delivery queue); the check runner off, so
    // only the bench's UPDATEs change the checks.
    await withLoadedServers(
      backEnd,
      builds,
      { name: 'notifications', load: loadNotificationsBenchData(receiver.origin, events, historyRows) },
      { CHECK_RUNNER_ENABLED: 'false' },
      async (servers) => {
        const paths = historyPaths(FILTER_STATUS, FILTER_RESOURCE_TYPE);
        for (const row of ['history', 'status', 'resourceType', 'both'] as const) {
          const path = paths[row === 'history' ? 'default' : row];
          const timings = await timeInterleaved(servers, REQUESTS, (server) =>
            get(server, path, { Prefer: 'count=estimated' }),
          );
          results.setAll(
            rows[row],
            backEnd,
            timings.map((t) => t.p95),
          );
        }
        await benchEngine(servers, receiver, backEnd, rows, events, results);
      },
    );
  } finally {
    await receiver.close();
  }
}
