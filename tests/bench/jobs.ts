/**
 * The job history's budget (DESIGN §6, list APIs at 10^5–10^6 rows, p95 < 100 ms): 1,000,000
 * job_histories rows over 30 days, and GET /api/db/job_histories as /settings/jobs asks it —
 * the default (last 2 days, SUCCESS excluded, newest 50, count=estimated, the agent embedded) and
 * each filter on top of it — plus GET /api/db/job_history_names, which fills the Job Name filter.
 */
import type { Db } from '../../server/src/platform/db/db.js';
import { get, type Build } from './server.js';
import { timeInterleaved } from './stats.js';
import type { Results, RowSpec } from './table.js';
import { withLoadedServers, type BackEnd } from './targets.js';

export const JOB_ROWS = 1_000_000;
const DAYS = 30;
const REQUESTS = 50;
const NAMES = 24;
/** A job name the filter row asks for: one of the canary runs, about 1 row in 24. */
const FILTER_NAME = 'bench-job-7';
const FILTER_DURATION_MS = 60_000;

const ms100: RowSpec['budget'] = { max: 100, text: 'p95 < 100 ms' };
export const JOB_HISTORY_ROWS = {
  default: {
    figure: `job history of ${JOB_ROWS.toLocaleString()} runs, last 2 days, SUCCESS excluded, newest 50, count=estimated, p95`,
    unit: 'ms',
    budget: ms100,
  },
  name: { figure: '  filtered by job name, p95', unit: 'ms', budget: ms100 },
  resourceType: { figure: '  filtered by resource type (Catalog Scraper), p95', unit: 'ms', budget: ms100 },
  status: { figure: '  filtered by status FAILED, p95', unit: 'ms', budget: ms100 },
  duration: { figure: '  filtered by run duration >= 60 s, p95', unit: 'ms', budget: ms100 },
  wide: { figure: '  every status, last 30 days (1,000,000 in range; not a default), p95', unit: 'ms' },
  names: { figure: 'job history names (the Job Name filter), p95', unit: 'ms', budget: ms100 },
} satisfies Record<string, RowSpec>;

/**
 * 24 jobs (canary runs, topology builds, scrapes and system jobs without a resource) and their
 * 1,000,000 runs spread evenly over the last 30 days (about 67,000 in the default 2 days):
 * 84% SUCCESS, 7% WARNING, 7% FAILED, 2% STOPPED, durations from 50 ms to about 2 minutes.
 * Generated inside the database, then vacuumed so counts can read the indexes alone.
 */
export async function loadJobsBenchData(db: Db): Promise<void> {
  await db.query(
    `insert into job_histories (name, resource_type, resource_id, resource_name, status, hostname,
       time_start, time_end, duration_millis, success_count, error_count, details, created_at)
     select 'bench-job-' || j, r.type,
            case when r.type is null then null else 'resource-' || (g % 500) end,
            case when r.type is null then null else 'bench-resource-' || (g % 500) end,
            s.status, 'bench-0', t.created, t.created + make_interval(secs => d.ms / 1000.0), d.ms,
            case when s.status = 'FAILED' then 0 else g % 300 end,
            case when s.status in ('FAILED', 'WARNING') then 1 + g % 4 else 0 end,
            case when s.status = 'FAILED' then jsonb_build_object('errors', jsonb_build_array('timeout after 30s'))
                 else '{}'::jsonb end,
            t.created
     from generate_series(1, $1::int) g
     cross join lateral (select g % $3::int as j) jn
     cross join lateral (select now() - make_interval(secs => g * $2::double precision) as created) t
     cross join lateral (select (array['canary','canary','canary','topology','config_scraper','config_scraper', null])
                                [1 + jn.j % 7] as type) r
     cross join lateral (select case when g % 50 < 42 then 'SUCCESS' when g % 50 < 45 then 'WARNING'
                                     when g % 50 < 49 then 'FAILED' else 'STOPPED' end as status) s
     cross join lateral (select (50 + (g::bigint * 7919) % 120000)::int as ms) d`,
    [JOB_ROWS, (DAYS * 24 * 3600) / JOB_ROWS, NAMES],
  );
  // The server that migrated the database may have recorded runs of its own start already.
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n from job_histories where name like 'bench-job-%'`,
  );
  if (rows[0]!.n !== JOB_ROWS) throw new Error(`the data set has ${rows[0]!.n} job runs`);
  await db.query('vacuum analyze job_histories');
}

/** The page's request paths (JobHistoryPage's `listJobHistory`), the range resolved at `now`. */
export function jobHistoryPaths(now: Date): Record<keyof typeof JOB_HISTORY_ROWS, string> {
  const iso = (ms: number) => encodeURIComponent(new Date(now.getTime() - ms).toISOString());
  const day = 24 * 3_600_000;
  const range = `created_at=gte.${iso(2 * day)}&created_at=lte.${iso(0)}`;
  const page = `select=*,agent:agent_id(id,name)&order=created_at.desc&limit=50&offset=0`;
  const list = (filters: string) => `api/db/job_histories?${page}&${filters}`;
  // The page sends excluded statuses as the others of spec 3 §4 included: an index range each.
  const notSuccess = 'status=in.(RUNNING,WARNING,FAILED,STOPPED)';
  return {
    default: list(`${notSuccess}&${range}`),
    name: list(`name=eq.${FILTER_NAME}&${notSuccess}&${range}`),
    resourceType: list(`resource_type=eq.config_scraper&${notSuccess}&${range}`),
    status: list(`status=in.(FAILED)&${range}`),
    duration: list(`${notSuccess}&duration_millis=gte.${FILTER_DURATION_MS}&${range}`),
    wide: list(`created_at=gte.${iso(DAYS * day)}&created_at=lte.${iso(0)}`),
    names: 'api/db/job_history_names?select=name&order=name.asc',
  };
}

export async function benchJobs(backEnd: BackEnd, builds: readonly Build[], results: Results): Promise<void> {
  results.declare(Object.values(JOB_HISTORY_ROWS));
  await withLoadedServers(
    backEnd,
    builds,
    { name: 'job history', load: loadJobsBenchData },
    { CHECK_RUNNER_ENABLED: 'false', PLAYBOOK_RUNNER_ENABLED: 'false' },
    async (servers) => {
      const paths = jobHistoryPaths(new Date());
      for (const row of Object.keys(JOB_HISTORY_ROWS) as (keyof typeof JOB_HISTORY_ROWS)[]) {
        const timings = await timeInterleaved(servers, REQUESTS, (server) =>
          get(server, paths[row], { Prefer: 'count=estimated' }),
        );
        results.setAll(
          JOB_HISTORY_ROWS[row],
          backEnd,
          timings.map((t) => t.p95),
        );
      }
    },
  );
}
