/**
 * The incidents area's budgets: the list API over 10,000 incidents (as the list page asks:
 * open first, filtered, searched; count=exact), p95 < 100 ms; and the detail page of an
 * incident with 200 hypotheses and 2,000 comments, first render cold, < 1.5 s.
 */
import type { Db } from '../../server/src/platform/db/db.js';
import { firstRendersOf, withBrowser, type RenderTarget } from './render.js';
import { get, type Build, type Server } from './server.js';
import { timeInterleaved } from './stats.js';
import type { Results, RowSpec } from './table.js';
import { withLoadedServers, type BackEnd } from './targets.js';

export const INCIDENTS = 10_000;
const BIG_HYPOTHESES = 200;
const BIG_COMMENTS = 2_000;
const BIG_TITLE = 'Bench incident with 200 hypotheses';

const ms100: RowSpec['budget'] = { max: 100, text: 'p95 < 100 ms' };
export const ROWS = {
  list: {
    figure: `incidents list of ${INCIDENTS.toLocaleString()}, open, newest 50, count=exact, p95`,
    unit: 'ms',
    budget: ms100,
  },
  filtered: { figure: 'incidents list filtered by severity and type, p95', unit: 'ms', budget: ms100 },
  searched: { figure: 'incidents list searched by title, p95', unit: 'ms', budget: ms100 },
  detailRender: {
    figure: `incident detail (${BIG_HYPOTHESES} hypotheses, ${BIG_COMMENTS.toLocaleString()} comments) first render, cold, p50`,
    unit: 'ms',
    budget: { max: 1500, text: '< 1.5 s' },
  },
} satisfies Record<string, RowSpec>;

const LIST = 'api/db/incident_summary?select=*&order=created_at.desc&limit=50';
const QUERIES = {
  list: `${LIST}&status=eq.open`,
  filtered: `${LIST}&severity=eq.high&type=eq.performance`,
  searched: `${LIST}&or=(title.ilike.*disk-42*,incident_id.ilike.*disk-42*)`,
};

/**
 * 10,000 incidents spread over the statuses, severities and types, each with its root
 * hypothesis, a third with a person responder, a tenth with two comments; and one incident
 * with 200 hypotheses, 2,000 comments and 100 check evidences. Generated inside the database;
 * the changelog triggers run as for any writer.
 */
export async function loadIncidentsBenchData(db: Db): Promise<void> {
  await db.query(`insert into people (name, email)
    select 'Bench Person ' || n, 'bench-' || n || '@example.com' from generate_series(1, 20) n`);
  await db.query(
    `insert into incidents (title, description, type, status, severity, created_by, created_at)
     select 'bench ' || (array['disk','cpu','latency','errors','memory'])[1 + g % 5] || '-' || g,
            'generated for the bench',
            (array['cost','availability','performance','security','integration','compliance','technicalDebt','reliability'])[1 + g % 8],
            (array['open','open','investigating','mitigated','resolved','closed'])[1 + g % 6],
            (array['info','warning','low','medium','high','blocker','critical'])[1 + g % 7],
            (select id from people where name = 'Bench Person ' || (1 + g % 20)),
            now() - make_interval(mins => g)
     from generate_series(1, $1::int) g`,
    [INCIDENTS],
  );
  await db.query(`insert into hypotheses (incident_id, title, type, status)
    select id, title, 'root', 'possible' from incidents`);
  await db.query(`insert into responders (incident_id, type, person_id)
    select i.id, 'person', (select id from people where name = 'Bench Person ' || (1 + (extract(epoch from i.created_at)::bigint % 20)))
    from incidents i where (extract(epoch from i.created_at)::bigint / 60) % 3 = 0`);
  await db.query(`insert into comments (incident_id, hypothesis_id, comment)
    select h.incident_id, h.id, 'looked at it ' || c from hypotheses h
    join incidents i on i.id = h.incident_id
    cross join generate_series(1, 2) c
    where (extract(epoch from i.created_at)::bigint / 60) % 10 = 0`);
  const { rows } = await db.query<{ id: string }>(
    `insert into incidents (title, type, status, severity) values ($1, 'availability', 'open', 'high') returning id`,
    [BIG_TITLE],
  );
  const big = rows[0]!.id;
  await db.query(
    `with root as (
       insert into hypotheses (incident_id, title, type, status) values ($1, $2, 'root', 'possible') returning id),
     factors as (
       insert into hypotheses (incident_id, parent_id, title, type, status)
       select $1, root.id, 'factor ' || f, 'factor', 'likely' from root, generate_series(1, 40) f returning id)
     insert into hypotheses (incident_id, parent_id, title, type, status)
     select $1, f.id, 'solution ' || s, 'solution', 'possible'
     from (select id, row_number() over () as n from factors) f
     cross join generate_series(1, 4) s
     where (f.n - 1) * 4 + s <= $3::int - 41`,
    [big, BIG_TITLE, BIG_HYPOTHESES],
  );
  await db.query(
    `insert into comments (incident_id, hypothesis_id, comment)
     select $1, h.id, 'comment ' || c || ' on ' || h.title
     from (select id, title, row_number() over (order by created_at, id) as n from hypotheses where incident_id = $1) h
     cross join generate_series(1, 10) c`,
    [big],
  );
  await db.query(
    `insert into evidences (hypothesis_id, type, description, evidence)
     select h.id, 'comment', 'evidence ' || h.title, '{}'::jsonb
     from hypotheses h where h.incident_id = $1 and h.type = 'factor'
     union all
     select h.id, 'comment', 'more evidence ' || h.title, '{}'::jsonb
     from hypotheses h where h.incident_id = $1 and h.type = 'solution' and h.title = 'solution 1'`,
    [big],
  );
  const counts = await db.query<{ hypotheses: number; comments: number }>(
    `select (select count(*) from hypotheses where incident_id = $1)::int as hypotheses,
            (select count(*) from comments where incident_id = $1)::int as comments`,
    [big],
  );
  const { hypotheses, comments } = counts.rows[0]!;
  if (hypotheses !== BIG_HYPOTHESES || comments !== BIG_COMMENTS)
    throw new Error(`the big incident has ${hypotheses} hypotheses and ${comments} comments`);
  await db.query('analyze');
}

async function bigIncidentOf(server: Server): Promise<string> {
  const response = await fetch(
    `${server.url}api/db/incidents?select=id&title=eq.${encodeURIComponent(BIG_TITLE)}`,
    {
      headers: { cookie: server.cookie },
    },
  );
  const [row] = (await response.json()) as { id: string }[];
  if (!row) throw new Error('the big incident is missing');
  return row.id;
}

export async function benchIncidents(
  backEnd: BackEnd,
  builds: readonly Build[],
  parts: { web: boolean },
  results: Results,
): Promise<void> {
  results.declare(Object.values(ROWS));
  await withLoadedServers(
    backEnd,
    builds,
    { name: 'incidents', load: loadIncidentsBenchData },
    { CHECK_RUNNER_ENABLED: 'false' },
    async (servers) => {
      for (const [row, query] of Object.entries(QUERIES) as [keyof typeof QUERIES, string][]) {
        const timings = await timeInterleaved(servers, 50, (server) =>
          get(server, query, { Prefer: 'count=exact' }),
        );
        results.setAll(
          ROWS[row],
          backEnd,
          timings.map((t) => t.p95),
        );
      }
      if (parts.web) {
        const ids = new Map<Server, string>();
        for (const server of servers) ids.set(server, await bigIncidentOf(server));
        // Each server's own copy of the big incident has an id of its own.
        const targets: RenderTarget[] = servers.map((server) => ({
          pageUrl: `${server.url}incidents/${ids.get(server)}`,
          cookie: server.cookie,
          shown: new RegExp(BIG_TITLE),
        }));
        const renders = await withBrowser((browser) => firstRendersOf(browser, targets));
        results.setAll(
          ROWS.detailRender,
          backEnd,
          renders.map((render) => render.p50),
        );
      }
    },
  );
}
