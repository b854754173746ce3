/**
 * The playbooks area's figures: the runs list API over 100,000 runs (as the runs page asks:
 * last 7 days, newest 50, count=exact; by playbook; by status), p95 < 100 ms (DESIGN §6, list
 * APIs of every area); and 1,000 runs of a one-action exec playbook queued through
 * `POST /api/playbook/run` and run by the server's own runner: runs ended per second, the delay
 * from POST to started (p95), and errors. DESIGN gives the queue no budget.
 */
import type { Db } from '../../server/src/platform/db/db.js';
import { inBatches, queueFigures, runListPaths, type QueuedRun } from './playbook-figures.js';
import { get, getJson, post, type Build, type Server } from './server.js';
import { timeInterleaved } from './stats.js';
import type { Results, RowSpec } from './table.js';
import { withLoadedServers, type BackEnd } from './targets.js';

export const RUNS = 100_000;
const PLAYBOOKS = 10;
const DAYS = 30;
export const QUEUED = 1_000;
const BATCH = 50;
/** How long the queue may take before the part gives up waiting and says so. */
const QUEUE_CAP_S = 300;
const POLL_MS = 500;
const LIST_REQUESTS = 50;
const EXEC_PLAYBOOK = 'bench-exec';
const FILTER_PLAYBOOK = 'bench-playbook-3';
const FILTER_STATUS = 'failed';

const ms100: RowSpec['budget'] = { max: 100, text: 'p95 < 100 ms' };
export const ROWS = {
  list: {
    figure: `playbook runs list of ${RUNS.toLocaleString()}, last 7 days, newest 50, count=exact, p95`,
    unit: 'ms',
    budget: ms100,
  },
  byPlaybook: { figure: 'playbook runs list filtered by playbook, p95', unit: 'ms', budget: ms100 },
  byStatus: { figure: 'playbook runs list filtered by status, p95', unit: 'ms', budget: ms100 },
  throughput: {
    figure: `${QUEUED.toLocaleString()} queued runs of a one-action exec playbook, runs ended per second`,
    unit: 'rate',
  },
  startDelay: { figure: '  their delay from POST to started, p95', unit: 'ms' },
  endDelay: { figure: '  their delay from POST to ended, p95', unit: 'ms' },
  errors: { figure: '  their errors (POSTs refused, runs not completed)', unit: 'count' },
} satisfies Record<string, RowSpec>;

const ACTION_SPEC = { actions: [{ name: 'echo', exec: { script: 'echo ok' } }] };

/**
 * 10 playbooks and 100,000 runs of theirs over the last 30 days (about 23,000 in the list's
 * default 7 days), statuses mixed (mostly completed; failed, cancelled, timed out, and some
 * waiting for approval, which the runner leaves alone), two thirds started by a person; every
 * ended run with its one action. And the exec playbook the queue runs, with no runs yet.
 * Generated inside the database.
 */
export async function loadPlaybooksBenchData(db: Db): Promise<void> {
  await db.query(`insert into people (name, email)
    select 'Bench Person ' || n, 'bench-pb-' || n || '@example.com' from generate_series(1, 5) n`);
  await db.query(
    `insert into playbooks (name, title, icon, category, description, spec)
     select 'bench-playbook-' || n, 'Bench playbook ' || n, 'bash', 'Bench', 'generated for the bench', $2::jsonb
     from generate_series(1, $1::int) n`,
    [PLAYBOOKS, JSON.stringify(ACTION_SPEC)],
  );
  await db.query(
    `insert into playbooks (name, title, icon, spec) values ($1, 'Bench exec', 'bash', $2::jsonb)`,
    [EXEC_PLAYBOOK, JSON.stringify(ACTION_SPEC)],
  );
  await db.query(
    `with people as (select array_agg(id order by name) as ids from people where name like 'Bench Person %'),
     runs as (
       select g, now() - make_interval(secs => g * $2::double precision) as created,
              (array['completed','completed','completed','completed','completed','completed','completed',
                     'completed','completed','completed','completed','completed','completed','completed',
                     'failed','failed','cancelled','timed_out','pending_approval','pending_approval'])[1 + (g / 10) % 20] as status
       from generate_series(1, $1::int) g)
     insert into playbook_runs (playbook_id, status, spec, parameters, trigger, created_by,
                                scheduled_time, start_time, end_time, error, created_at)
     select p.id, r.status, $3::jsonb, jsonb_build_object('target', 'host-' || (r.g % 50)),
            case when r.g % 3 = 0 then 'schedule' else 'manual' end,
            case when r.g % 3 = 0 then null else people.ids[1 + r.g % 5] end,
            r.created,
            case when r.status = 'pending_approval' then null else r.created + interval '1 second' end,
            case when r.status = 'pending_approval' then null
                 else r.created + make_interval(secs => 2 + r.g % 60) end,
            case r.status when 'failed' then 'exit status 1' when 'timed_out' then 'the playbook timed out' end,
            r.created
     from runs r cross join people
     join playbooks p on p.name = 'bench-playbook-' || (1 + r.g % $4::int)`,
    [RUNS, (DAYS * 24 * 3600) / RUNS, JSON.stringify(ACTION_SPEC), PLAYBOOKS],
  );
  await db.query(
    `insert into playbook_run_actions (playbook_run_id, name, status, scheduled_time, start_time, end_time, result, error)
     select id, 'echo', status, start_time, start_time, end_time,
            case when status = 'completed' then '{"stdout": "ok\\n"}'::jsonb end, error
     from playbook_runs where end_time is not null`,
  );
  const { rows } = await db.query<{ runs: number; actions: number }>(
    `select (select count(*) from playbook_runs)::int as runs, (select count(*) from playbook_run_actions)::int as actions`,
  );
  if (rows[0]!.runs !== RUNS) throw new Error(`the data set has ${rows[0]!.runs} runs`);
  await db.query('analyze');
}

async function playbookId(server: Server, name: string): Promise<string> {
  const [row] = await getJson<{ id: string }[]>(server, `api/db/playbooks?select=id&name=eq.${name}`);
  if (!row) throw new Error(`playbook ${name} is missing`);
  return row.id;
}

/** The total of a count=exact list, from its Content-Range (`0-0/123`, `*\/0`). */
async function countOf(server: Server, requestPath: string): Promise<number> {
  const response = await fetch(`${server.url}${requestPath}`, {
    headers: { cookie: server.cookie, Prefer: 'count=exact' },
  });
  await response.arrayBuffer();
  if (!response.ok && response.status !== 206) throw new Error(`${requestPath}: HTTP ${response.status}`);
  const total = Number(response.headers.get('content-range')?.split('/')[1]);
  if (!Number.isFinite(total)) throw new Error(`${requestPath}: no count in Content-Range`);
  return total;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface QueueOutcome {
  runs: QueuedRun[];
  firstPostMs: number;
  refused: number;
  /** The first refusal: its status (for the table), and with the server's text (for the log). */
  firstRefusal?: string;
  firstRefusalText?: string;
  finished: boolean;
}

/** QUEUED runs of the exec playbook, BATCH POSTs at a time; then waits (capped) until all ended. */
async function queueRuns(server: Server, id: string): Promise<QueueOutcome> {
  let refused = 0;
  let firstRefusal: string | undefined;
  let firstRefusalText: string | undefined;
  const firstPostMs = Date.now();
  await inBatches(QUEUED, BATCH, async () => {
    try {
      const response = await post(server, 'api/playbook/run', { id, params: {} });
      const text = await response.text();
      if (response.status !== 201) {
        refused++;
        firstRefusal ??= `HTTP ${response.status}`;
        firstRefusalText ??= `HTTP ${response.status} ${text.slice(0, 200)}`;
      }
    } catch (error) {
      refused++;
      firstRefusal ??= (error as Error).message;
      firstRefusalText ??= firstRefusal;
    }
  });
  const posted = QUEUED - refused;
  const ofPlaybook = `api/db/playbook_runs?playbook_id=eq.${id}`;
  const deadline = firstPostMs + QUEUE_CAP_S * 1000;
  let finished = false;
  while (Date.now() < deadline) {
    if ((await countOf(server, `${ofPlaybook}&end_time=not.is.null&select=id&limit=1`)) >= posted) {
      finished = true;
      break;
    }
    await sleep(POLL_MS);
  }
  const runs: QueuedRun[] = [];
  for (let offset = 0; offset < posted; offset += 500)
    runs.push(
      ...(await getJson<QueuedRun[]>(
        server,
        `${ofPlaybook}&select=status,created_at,start_time,end_time&order=created_at.asc,id.asc&limit=500&offset=${offset}`,
      )),
    );
  return { runs, firstPostMs, refused, firstRefusal, firstRefusalText, finished };
}

async function benchQueue(servers: readonly Server[], backEnd: BackEnd, results: Results): Promise<void> {
  // One server at a time: the runs of one would slow the other's.
  for (const [k, server] of servers.entries()) {
    const outcome = await queueRuns(server, await playbookId(server, EXEC_PLAYBOOK));
    const figures = queueFigures(outcome.runs, outcome.firstPostMs);
    console.log(
      `  ${backEnd}, build ${server.build.name}: ${QUEUED} POSTs, ${outcome.refused} refused` +
        `${outcome.firstRefusalText ? ` (first: ${outcome.firstRefusalText})` : ''}; ${figures.started} started, ` +
        `${figures.ended} ended (${figures.notCompleted} not completed)`,
    );
    if (outcome.refused === QUEUED) {
      const none = `no run queued (${outcome.firstRefusal})`;
      results.set(ROWS.throughput, backEnd, k, none);
      results.set(ROWS.startDelay, backEnd, k, none);
      results.set(ROWS.endDelay, backEnd, k, none);
      results.set(ROWS.errors, backEnd, k, QUEUED);
      continue;
    }
    const unfinished = `did not finish in ${QUEUE_CAP_S} s (${figures.ended} of ${QUEUED - outcome.refused} ended)`;
    results.set(ROWS.throughput, backEnd, k, outcome.finished ? figures.perSecond : unfinished);
    results.set(ROWS.startDelay, backEnd, k, outcome.finished ? figures.startDelayP95 : unfinished);
    results.set(ROWS.endDelay, backEnd, k, outcome.finished ? figures.endDelayP95 : unfinished);
    results.set(ROWS.errors, backEnd, k, outcome.refused + figures.notCompleted);
  }
}

export async function benchPlaybooks(
  backEnd: BackEnd,
  builds: readonly Build[],
  results: Results,
): Promise<void> {
  results.declare(Object.values(ROWS));
  // The queue below is run by the server's own playbook runner (on by default; said anyway).
  await withLoadedServers(
    backEnd,
    builds,
    { name: 'playbooks', load: loadPlaybooksBenchData },
    { CHECK_RUNNER_ENABLED: 'false', PLAYBOOK_RUNNER_ENABLED: 'true' },
    async (servers) => {
      const now = new Date();
      const paths = new Map<Server, ReturnType<typeof runListPaths>>();
      for (const server of servers)
        paths.set(server, runListPaths(now, await playbookId(server, FILTER_PLAYBOOK), FILTER_STATUS));
      for (const row of ['list', 'byPlaybook', 'byStatus'] as const) {
        const timings = await timeInterleaved(servers, LIST_REQUESTS, (server) =>
          get(server, paths.get(server)![row], { Prefer: 'count=exact' }),
        );
        results.setAll(
          ROWS[row],
          backEnd,
          timings.map((t) => t.p95),
        );
      }
      await benchQueue(servers, backEnd, results);
    },
  );
}
