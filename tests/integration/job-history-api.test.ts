/**
 * The job history calls as /settings/jobs makes them (spec 3 §7), against the real server on
 * both back ends: a page of 50 with the exact count, each filter (job name, resource type,
 * status, run duration, time range) included and excluded, and the job names for the filter.
 * The runs are written in 2020, so the range keeps out what the server's own jobs record.
 */
import { availableBackends } from '../support/databases.js';
import { sqlOf, type Sql } from '../support/health-data.js';
import { startTestServer, type TestServer } from '../support/server.js';

const RANGE = 'created_at=gte.2020-01-01T00:00:00Z&created_at=lte.2020-01-31T00:00:00Z';
const PAGE = 'select=*,agent:agent_id(id,name)&order=created_at.desc,id.asc&limit=50';

/** 60 runs, one a minute from 2020-01-10 00:00: a mix of names, types, statuses and durations. */
const RUNS = Array.from({ length: 60 }, (_, i) => ({
  name: ['it-canary-run', 'it-scrape', 'it-topology-sync'][i % 3]!,
  resource_type: ['canary', 'config_scraper', 'topology'][i % 3]!,
  status: i % 10 === 0 ? 'FAILED' : i % 10 === 1 ? 'WARNING' : 'SUCCESS',
  duration_millis: i * 1000,
  created_at: new Date(Date.UTC(2020, 0, 10) + i * 60_000).toISOString(),
}));

describe.each(availableBackends())('job history API on %s', (backend) => {
  let server: TestServer;
  let sql: Sql;

  beforeAll(async () => {
    server = await startTestServer({ backend, template: 'empty' });
    sql = sqlOf(server);
    await sql(
      `insert into job_histories (name, resource_type, resource_id, resource_name, status, duration_millis,
         time_start, created_at)
       select r.name, r.resource_type, 'res-' || r.resource_type, 'it ' || r.resource_type, r.status,
              r.duration_millis, r.created_at, r.created_at
       from jsonb_to_recordset($1::jsonb) as r(name text, resource_type text, status text,
                                                duration_millis int, created_at timestamptz)`,
      [JSON.stringify(RUNS)],
    );
  });
  afterAll(async () => {
    await server?.stop();
  });

  /** The rows and the total of one list request, asked with Prefer: count=exact. */
  const list = async (filters: string, extra = '') => {
    const response = await server.fetch(`api/db/job_histories?${PAGE}${extra}&${RANGE}${filters}`, {
      headers: { Prefer: 'count=exact' },
    });
    expect([200, 206]).toContain(response.status);
    const rows = (await response.json()) as { name: string; status: string; created_at: string }[];
    const total = Number(response.headers.get('content-range')?.split('/')[1]);
    return { rows, total, range: response.headers.get('content-range') };
  };
  const expected = (keep: (run: (typeof RUNS)[number]) => boolean) => RUNS.filter(keep).length;

  it('pages 50 at a time, newest first, with the exact count', async () => {
    const first = await list('');
    expect(first.rows).toHaveLength(50);
    expect(first.range).toBe('0-49/60');
    expect(Date.parse(first.rows[0]!.created_at)).toBe(Date.parse(RUNS[59]!.created_at));
    const second = await list('', '&offset=50');
    expect(second.rows).toHaveLength(10);
    expect(second.range).toBe('50-59/60');
  });

  it('excludes SUCCESS by default, asked as the other statuses', async () => {
    const { rows, total } = await list('&status=in.(RUNNING,WARNING,FAILED,STOPPED)');
    expect(total).toBe(expected((run) => run.status !== 'SUCCESS'));
    expect(rows.every((row) => row.status !== 'SUCCESS')).toBe(true);
  });

  it('filters by job name, included and excluded', async () => {
    expect((await list('&name=in.(it-scrape)')).total).toBe(expected((run) => run.name === 'it-scrape'));
    expect((await list('&name=not.in.("it-scrape","it-canary-run")')).total).toBe(
      expected((run) => run.name === 'it-topology-sync'),
    );
  });

  it('filters by resource type, included and excluded', async () => {
    expect((await list('&resource_type=in.(config_scraper,topology)')).total).toBe(40);
    expect((await list('&resource_type=not.in.("canary")')).total).toBe(40);
  });

  it('filters by status, by run duration in ms, and by time range', async () => {
    expect((await list('&status=in.(FAILED)')).total).toBe(expected((run) => run.status === 'FAILED'));
    expect((await list('&duration_millis=gte.45000')).total).toBe(
      expected((run) => run.duration_millis >= 45000),
    );
    const narrow = await server.fetch(
      `api/db/job_histories?${PAGE}&created_at=gte.2020-01-10T00:10:00Z&created_at=lte.2020-01-10T00:19:00Z`,
      { headers: { Prefer: 'count=exact' } },
    );
    expect(narrow.headers.get('content-range')).toBe('0-9/10');
  });

  it('lists each job name once, by name', async () => {
    const response = await server.fetch('api/db/job_history_names?select=name&order=name.asc');
    expect(response.status).toBe(200);
    const names = ((await response.json()) as { name: string }[]).map((row) => row.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual([...names].sort());
    expect(names.filter((name) => name.startsWith('it-'))).toEqual([
      'it-canary-run',
      'it-scrape',
      'it-topology-sync',
    ]);
  });

  it('answers a filter it cannot read with a 400 that says why', async () => {
    const response = await server.fetch('api/db/job_histories?duration_millis=gte.soon');
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toMatch(/integer|soon/i);
  });
});
