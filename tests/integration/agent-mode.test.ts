/**
 * Agent mode end to end: two real servers in one test, a hub and an agent whose UPSTREAM_URL
 * points at it with a token from the hub's `POST /api/agent/generate`. What the agent owns
 * reaches the hub under its agent id; results recorded while the hub is away arrive once it is
 * back, each exactly once; a canary the hub assigns runs on the agent, and so does a playbook
 * action the hub addresses to it (its result back in the hub's run), and the runs it makes of a
 * playbook the hub assigns it reach the hub as the agent's; a revoked token is logged once and
 * told by /readyz, which stays ready.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { createApiTokenStore } from '../../server/src/auth/api-token-store.js';
import { loadConfig, type Config } from '../../server/src/config.js';
import { LOCAL_AGENT } from '../../server/src/platform/agents/local-agent.js';
import { AGENTS_RUN } from '../../server/src/platform/playbooks/router.js';
import { startServer, type RunningServer } from '../../server/src/server.js';
import { availableBackends, freshDatabase, type Backend } from '../support/databases.js';
import { eventually } from '../support/eventually.js';
import { ADMIN_PASSWORD, startTestServer, type TestServer } from '../support/server.js';

/** A hub that can be stopped and started again on the same database and port. */
interface Hub {
  server: RunningServer;
  adminToken: string;
  api(path: string, init?: RequestInit): Promise<Response>;
  rows<R>(sql: string, params?: unknown[]): Promise<R[]>;
  stop(): Promise<void>;
  start(): Promise<void>;
  remove(): Promise<void>;
}

async function startHub(backend: Backend): Promise<Hub> {
  const database = await freshDatabase(backend, 'empty');
  let config: Config = {
    ...loadConfig({
      DATA_DIR: database.dataDir,
      ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
      LOG_LEVEL: 'silent',
      DEMO_DATA: 'false',
      ADMIN_PASSWORD,
      CHECK_RUNNER_ENABLED: 'false',
      INCIDENT_AUTOMATION_ENABLED: 'false',
      TOPOLOGY_BUILDER_ENABLED: 'false',
    }),
    port: 0,
  };
  let server = await startServer(config);
  // The same port when it starts again: the agent's UPSTREAM_URL names it.
  config = { ...config, port: server.port };
  const { rows } = await server.db.query<{ person_id: string }>(
    `select person_id from _local_credentials where username = 'admin'`,
  );
  const { token: adminToken } = await createApiTokenStore(server.db).create(
    rows[0]!.person_id,
    'agent-mode tests',
  );
  let running = true;
  const hub: Hub = {
    get server() {
      return server;
    },
    adminToken,
    api: (path, init = {}) =>
      fetch(new URL(path, server.url), {
        ...init,
        headers: {
          Authorization: `Bearer ${adminToken}`,
          'Content-Type': 'application/json',
          ...init.headers,
        },
      }),
    rows: async <R>(sql: string, params: unknown[] = []) => (await server.db.query<R>(sql, params)).rows,
    async stop() {
      running = false;
      await server.close();
    },
    async start() {
      server = await startServer(config);
      running = true;
    },
    async remove() {
      if (running) await server.close();
      await database.drop();
    },
  };
  return hub;
}

/** Whether a process is still there. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The one row of a result (the test fails when there is none). */
function first<R>(rows: R[]): R {
  expect(rows.length).toBeGreaterThan(0);
  return rows[0]!;
}

interface LogLine {
  level: number;
  msg: string;
  [key: string]: unknown;
}

interface Readiness {
  status: string;
  upstream?: { state: string; backlog: number; last_push: string | null };
}

describe.each(availableBackends())('agent mode on %s', (backend) => {
  let hub: Hub;
  let agent: TestServer;
  let agentId: string;
  let token: string;
  const log: LogLine[] = [];
  const rawLog: string[] = [];

  const agentRows = async <R>(sql: string, params: unknown[] = []) =>
    (await agent.db.query<R>(sql, params)).rows;
  const readiness = async (): Promise<Readiness> => {
    const response = await fetch(agent.at('readyz'));
    expect(response.status).toBe(200);
    return (await response.json()) as Readiness;
  };
  /** A canary of the agent whose one check asks the agent's own /healthz every second. */
  const selfCanary = async (name: string) => {
    const { rows } = await agent.db.query<{ id: string }>(
      `insert into canaries (name, namespace, schedule, spec) values ($1, 'agent-tests', '@every 1s', $2) returning id`,
      [
        name,
        JSON.stringify({
          http: [{ name: `${name}-healthz`, url: agent.at('healthz'), responseCodes: [200] }],
        }),
      ],
    );
    return rows[0]!.id;
  };

  beforeAll(async () => {
    hub = await startHub(backend);
    const generated = await hub.api('api/agent/generate', {
      method: 'POST',
      body: JSON.stringify({ name: 'cluster-east', description: 'agent-mode tests' }),
    });
    expect(generated.status).toBe(201);
    ({ agent_id: agentId, access_token: token } = (await generated.json()) as {
      agent_id: string;
      access_token: string;
    });
    agent = await startTestServer({
      backend,
      template: 'empty',
      env: {
        UPSTREAM_URL: hub.server.url,
        UPSTREAM_TOKEN: token,
        AGENT_NAME: 'cluster-east',
        UPSTREAM_PING_INTERVAL: '1s',
        UPSTREAM_PULL_INTERVAL: '1s',
        UPSTREAM_ACTION_INTERVAL: '1s',
        CHECK_RUNNER_ENABLED: 'true',
      },
      logger: pino(
        { level: 'debug' },
        {
          write: (line: string) => {
            rawLog.push(line);
            log.push(JSON.parse(line) as LogLine);
          },
        },
      ),
    });
  });
  afterAll(async () => {
    await agent?.stop();
    await hub?.remove();
  });

  it("pushes the agent's checks and their results, configs and components to the hub under its agent id", async () => {
    const canaryId = await selfCanary('pushed');
    const { id: topologyId } = first(
      await agentRows<{ id: string }>(
        `insert into topologies (name, namespace) values ('agent-topology', 'agent-tests') returning id`,
      ),
    );
    const { id: componentId } = first(
      await agentRows<{ id: string }>(
        `insert into components (topology_id, name, type) values ($1, 'payments', 'Service') returning id`,
        [topologyId],
      ),
    );
    const { id: configId } = first(
      await agentRows<{ id: string }>(
        `insert into configs (type, name, config) values ('Kubernetes::Deployment', 'payments', '{"replicas": 3}') returning id`,
      ),
    );
    await agentRows(
      `insert into config_changes (config_id, change_type, summary) values ($1, 'diff', 'scaled')`,
      [configId],
    );
    const { id: checkId } = first(
      await eventually(async () => {
        const checks = await agentRows<{ id: string }>(`select id from checks where canary_id = $1`, [
          canaryId,
        ]);
        expect(checks).toHaveLength(1);
        return checks;
      }),
    );

    await eventually(async () => {
      const [counts] = await hub.rows<Record<string, number>>(
        `select
           (select count(*)::int from canaries where id = $1 and agent_id = $6) as canaries,
           (select count(*)::int from checks where id = $2 and agent_id = $6) as checks,
           (select count(*)::int from check_statuses where check_id = $2) as statuses,
           (select count(*)::int from configs where id = $3 and agent_id = $6 and config->>'replicas' = '3') as configs,
           (select count(*)::int from config_changes where config_id = $3 and summary = 'scaled') as changes,
           (select count(*)::int from components where id = $4 and agent_id = $6) as components,
           (select count(*)::int from topologies where id = $5 and agent_id = $6) as topologies`,
        [canaryId, checkId, configId, componentId, topologyId, agentId],
      );
      expect(counts).toEqual({
        canaries: 1,
        checks: 1,
        statuses: expect.any(Number),
        configs: 1,
        changes: 1,
        components: 1,
        topologies: 1,
      });
      expect(counts!.statuses).toBeGreaterThan(0);
    });
    expect(
      (await hub.rows(`select 1 from agents where id = $1 and last_received is not null`, [agentId])).length,
    ).toBe(1);
    const ready = await readiness();
    expect(ready.status).toBe('ok');
    expect(ready.upstream).toMatchObject({ state: 'ok' });
    expect(ready.upstream!.last_push).toEqual(expect.any(String));
    // The agent's own rows are never the hub's local agent's.
    expect(await hub.rows(`select id from checks where agent_id = $1`, [LOCAL_AGENT])).toEqual([]);
  });

  it('runs a canary created in the hub for the agent, within a pull interval, and pushes its results', async () => {
    const created = await hub.api('api/db/canaries', {
      method: 'POST',
      headers: { Prefer: 'return=representation' },
      body: JSON.stringify({
        name: 'assigned-in-hub',
        namespace: 'agent-tests',
        agent_id: agentId,
        schedule: '@every 1s',
        spec: { http: [{ name: 'assigned-healthz', url: agent.at('healthz'), responseCodes: [200] }] },
      }),
    });
    expect(created.status).toBe(201);
    const canaryId = ((await created.json()) as { id: string }[])[0]!.id;
    const [check] = await eventually(async () => {
      const found = await agentRows<{ id: string; status: string | null; agent_id: string }>(
        `select k.id, k.status, k.agent_id from checks k join canaries c on c.id = k.canary_id
          where c.id = $1 and c.agent_id = $2`,
        [canaryId, LOCAL_AGENT],
      );
      expect(found).toHaveLength(1);
      expect(found[0]!.status).toBe('healthy');
      return found;
    });
    await eventually(async () => {
      const statuses = await hub.rows(`select 1 from check_statuses where check_id = $1`, [check!.id]);
      expect(statuses.length).toBeGreaterThan(0);
    });
    // Taken from the hub, the canary is not pushed back over the hub's own row.
    const [hubCanary] = await hub.rows<{ agent_id: string; created_by: string | null }>(
      `select agent_id, created_by from canaries where id = $1`,
      [canaryId],
    );
    expect(hubCanary!.agent_id).toBe(agentId);

    // Deleted in the hub (the hub's own assignment: its to change), it stops on the agent.
    const deleted = await hub.api(`api/db/canaries?id=eq.${canaryId}`, {
      method: 'PATCH',
      body: JSON.stringify({ deleted_at: new Date().toISOString() }),
    });
    expect(deleted.status).toBe(204);
    await eventually(async () => {
      const [row] = await agentRows<{ deleted_at: Date | null }>(
        `select deleted_at from canaries where id = $1`,
        [canaryId],
      );
      expect(row!.deleted_at).not.toBeNull();
    });
  });

  it('takes the playbooks the hub assigns it within a pull interval, runs them here, and drops them when unassigned', async () => {
    const created = await hub.api('api/db/playbooks', {
      method: 'POST',
      headers: { Prefer: 'return=representation' },
      body: JSON.stringify({
        name: 'assigned-playbook',
        namespace: 'agent-tests',
        title: 'Assigned',
        spec: {
          runsOn: ['cluster-east'],
          actions: [{ name: 'greet', exec: { script: 'echo "hello from {{ .playbook.name }}"' } }],
        },
      }),
    });
    expect(created.status).toBe(201);
    const playbookId = ((await created.json()) as { id: string }[])[0]!.id;
    const local = async () =>
      first(
        await agentRows<{
          title: string;
          source: string;
          spec: { runsOn: string[] };
          deleted_at: Date | null;
        }>(`select title, source, spec, deleted_at from playbooks where id = $1`, [playbookId]),
      );
    await eventually(async () =>
      expect(await local()).toEqual({
        title: 'Assigned',
        source: 'Upstream',
        spec: { runsOn: ['local'], actions: [expect.objectContaining({ name: 'greet' })] },
        deleted_at: null,
      }),
    );

    // Run here, by this console's own people, on this console itself.
    const started = await agent.fetch('api/playbook/run', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ id: playbookId }),
    });
    expect(started.status).toBe(201);
    const { run_id: runId } = (await started.json()) as { run_id: string };
    await eventually(async () =>
      expect(
        await agentRows(
          `select a.status, a.agent_id, a.result->>'stdout' as stdout from playbook_run_actions a
            where a.playbook_run_id = $1`,
          [runId],
        ),
      ).toEqual([{ status: 'completed', agent_id: null, stdout: 'hello from assigned-playbook' }]),
    );
    // The hub's to change: read-only here.
    const changedHere = await agent.fetch(`api/db/playbooks?id=eq.${playbookId}`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ title: 'Mine now' }),
    });
    expect(changedHere.status).toBe(409);

    const patchInHub = async (fields: Record<string, unknown>) =>
      expect(
        (
          await hub.api(`api/db/playbooks?id=eq.${playbookId}`, {
            method: 'PATCH',
            body: JSON.stringify(fields),
          })
        ).status,
      ).toBe(204);
    await patchInHub({ title: 'Renamed in the hub' });
    await eventually(async () => expect((await local()).title).toBe('Renamed in the hub'));

    await patchInHub({
      spec: { runsOn: ['another-cluster'], actions: [{ name: 'greet', exec: { script: 'true' } }] },
    });
    await eventually(async () => expect((await local()).deleted_at).not.toBeNull());
    expect(
      log.some(
        (line) =>
          line.msg === 'the hub no longer assigns this playbook to this agent: removed' &&
          line.id === playbookId,
      ),
    ).toBe(true);
  });

  it('reports the runs it makes of an assigned playbook, with their actions, to the hub under its agent id', async () => {
    const { id: configId } = first(
      await agentRows<{ id: string }>(
        `insert into configs (type, name, config) values ('Kubernetes::Deployment', 'reported-target', '{}') returning id`,
      ),
    );
    const created = await hub.api('api/db/playbooks', {
      method: 'POST',
      headers: { Prefer: 'return=representation' },
      body: JSON.stringify({
        name: 'reported-playbook',
        namespace: 'agent-tests',
        spec: {
          runsOn: ['cluster-east'],
          configs: [{ types: ['Kubernetes::Deployment'] }],
          actions: [
            { name: 'first', exec: { script: 'echo "first on {{ .config.name }}"' } },
            { name: 'second', exec: { script: 'echo "after {{ (getAction "first").status }}"' } },
          ],
        },
      }),
    });
    expect(created.status).toBe(201);
    const playbookId = ((await created.json()) as { id: string }[])[0]!.id;
    await eventually(async () =>
      expect(await agentRows(`select source from playbooks where id = $1`, [playbookId])).toEqual([
        { source: 'Upstream' },
      ]),
    );

    const started = await agent.fetch('api/playbook/run', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ id: playbookId, config_id: configId }),
    });
    expect(started.status).toBe(201);
    const { run_id: runId } = (await started.json()) as { run_id: string };

    const actionsInHub = () =>
      hub.rows<{ name: string; status: string; agent_id: string; stdout: string }>(
        `select name, status, agent_id, result->>'stdout' as stdout from playbook_run_actions
          where playbook_run_id = $1 order by start_time, name`,
        [runId],
      );
    await eventually(async () => {
      expect(
        await hub.rows(`select status, agent_id, playbook_id, config_id from playbook_runs where id = $1`, [
          runId,
        ]),
      ).toEqual([{ status: 'completed', agent_id: agentId, playbook_id: playbookId, config_id: configId }]);
      expect(await actionsInHub()).toEqual([
        { name: 'first', status: 'completed', agent_id: agentId, stdout: 'first on reported-target' },
        { name: 'second', status: 'completed', agent_id: agentId, stdout: 'after completed' },
      ]);
    }, 60_000);
    // The agent's outbox drains of them.
    await eventually(async () =>
      expect(
        await agentRows(
          `select table_name, pk from _agent_outbox where table_name in ('playbook_runs', 'playbook_run_actions')`,
        ),
      ).toEqual([]),
    );
    // As the agent holds them, but for the agent's id.
    expect(
      await hub.rows(`select id, status from playbook_run_actions where playbook_run_id = $1 order by id`, [
        runId,
      ]),
    ).toEqual(
      await agentRows(`select id, status from playbook_run_actions where playbook_run_id = $1 order by id`, [
        runId,
      ]),
    );

    // In the hub: listed and read as any run, counted for the agent, and the agent's to change.
    const listed = await hub.api(
      `api/db/playbook_runs?select=id,agent_id,playbook:playbook_id(id,name)&id=eq.${runId}`,
    );
    expect(await listed.json()).toEqual([
      { id: runId, agent_id: agentId, playbook: { id: playbookId, name: 'reported-playbook' } },
    ]);
    const read = await hub.api(`api/playbook/run/${runId}`);
    expect(await read.json()).toMatchObject({ id: runId, agent_id: agentId, status: 'completed' });
    const cancelled = await hub.api(`api/playbook/run/cancel/${runId}`, { method: 'POST' });
    expect(cancelled.status).toBe(409);
    expect(await cancelled.json()).toMatchObject({ message: AGENTS_RUN('cluster-east') });
    const [summary] = await hub.rows<{ playbook_runs_count: number }>(
      `select playbook_runs_count from agents_summary where id = $1`,
      [agentId],
    );
    expect(summary!.playbook_runs_count).toBeGreaterThanOrEqual(1);
  });

  it("runs the playbook action addressed to it, and the hub's run completes with its result", async () => {
    const { id: configId } = first(
      await hub.rows<{ id: string }>(
        `insert into configs (type, name, config) values ('Kubernetes::Deployment', 'checkout', '{}') returning id`,
      ),
    );
    const { id: playbookId } = first(
      await hub.rows<{ id: string }>(
        `insert into playbooks (name, namespace, title, spec) values ('greet-from-agent', 'agent-tests', 'Greet', $1)
         returning id`,
        [
          JSON.stringify({
            configs: [{ types: ['Kubernetes::Deployment'] }],
            actions: [
              {
                name: 'on-agent',
                runsOn: ['cluster-east'],
                exec: { script: 'echo "hello from {{ .config.name }} in {{ .playbook.namespace }}"' },
              },
              { name: 'on-hub', exec: { script: 'echo "after {{ (getAction "on-agent").status }}"' } },
            ],
          }),
        ],
      ),
    );
    const started = await hub.api('api/playbook/run', {
      method: 'POST',
      body: JSON.stringify({ id: playbookId, config_id: configId }),
    });
    expect(started.status).toBe(201);
    const { run_id: runId } = (await started.json()) as { run_id: string };

    const run = await eventually(async () => {
      const [row] = await hub.rows<{ status: string; error: string | null }>(
        `select status, error from playbook_runs where id = $1`,
        [runId],
      );
      expect(row).toEqual({ status: 'completed', error: null });
      return row!;
    }, 60_000);
    expect(run.status).toBe('completed');
    const actions = await hub.rows<{
      name: string;
      status: string;
      agent_id: string | null;
      claimed_by: string | null;
      result: { stdout?: string };
      error: string | null;
      start_time: Date | null;
      end_time: Date | null;
    }>(
      `select name, status, agent_id, claimed_by, result, error, start_time, end_time from playbook_run_actions
        where playbook_run_id = $1 order by created_at`,
      [runId],
    );
    expect(actions.map((a) => a.name)).toEqual(['on-agent', 'on-hub']);
    const [onAgent, onHub] = actions as [(typeof actions)[0], (typeof actions)[0]];
    expect(onAgent).toMatchObject({
      status: 'completed',
      agent_id: agentId,
      claimed_by: `agent:${agentId}`,
      error: null,
      result: { stdout: 'hello from checkout in agent-tests', exitCode: 0 },
    });
    expect(onAgent.end_time!.getTime()).toBeGreaterThanOrEqual(onAgent.start_time!.getTime());
    // The second action, without runsOn, ran on the hub after the agent's had ended.
    expect(onHub).toMatchObject({ status: 'completed', result: { stdout: 'after completed' } });
    expect([null, LOCAL_AGENT]).toContain(onHub.agent_id);
    expect(onHub.start_time!.getTime()).toBeGreaterThanOrEqual(onAgent.end_time!.getTime());
    expect(log.some((line) => line.msg === 'reported a playbook action to the hub: completed')).toBe(true);
  });

  it('takes the action a runsOn template sends to the agent its config came from, seeing .agent as the hub does', async () => {
    const { id: configId } = first(
      await agentRows<{ id: string }>(
        `insert into configs (type, name, config) values ('Kubernetes::Pod', 'templated-target', '{}') returning id`,
      ),
    );
    await eventually(async () =>
      expect(await hub.rows(`select agent_id from configs where id = $1`, [configId])).toEqual([
        { agent_id: agentId },
      ]),
    );
    const runId = await hubRun(
      'where-it-came-from',
      {
        configs: [{ types: ['Kubernetes::Pod'] }],
        runsOn: ['{{- if .agent }}{{ .agent.id }}{{ else }}local{{ end }}'],
        actions: [{ name: 'where', exec: { script: 'echo "{{ .config.name }} on {{ .agent.name }}"' } }],
      },
      { config_id: configId },
    );
    await eventually(async () =>
      expect(
        await hub.rows(
          `select a.status, a.agent_id, a.result->>'stdout' as stdout, r.status as run_status
             from playbook_run_actions a join playbook_runs r on r.id = a.playbook_run_id where r.id = $1`,
          [runId],
        ),
      ).toEqual([
        {
          status: 'completed',
          agent_id: agentId,
          stdout: 'templated-target on cluster-east',
          run_status: 'completed',
        },
      ]),
    );
  });

  /** A playbook of the hub's and a run of it (for a resource, if given) started through the hub's API. */
  const hubRun = async (
    name: string,
    spec: Record<string, unknown>,
    resource: { config_id?: string } = {},
  ) => {
    const { id: playbookId } = first(
      await hub.rows<{ id: string }>(
        `insert into playbooks (name, namespace, title, spec) values ($1, 'agent-tests', $1, $2) returning id`,
        [name, JSON.stringify(spec)],
      ),
    );
    const started = await hub.api('api/playbook/run', {
      method: 'POST',
      body: JSON.stringify({ id: playbookId, ...resource }),
    });
    expect(started.status).toBe(201);
    return ((await started.json()) as { run_id: string }).run_id;
  };
  const hubRunStatus = async (runId: string) =>
    first(await hub.rows<{ status: string }>(`select status from playbook_runs where id = $1`, [runId]))
      .status;

  it('stops the action it runs when the hub cancels the run, and the hub keeps the run cancelled', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'agent-cancel-'));
    const pidFile = path.join(dir, 'pid');
    try {
      const runId = await hubRun('cancel-on-agent', {
        actions: [
          {
            name: 'long',
            runsOn: ['cluster-east'],
            exec: { script: `echo $$ > ${pidFile}; sleep 60; echo finished` },
          },
          { name: 'after', exec: { script: 'echo after' } },
        ],
      });
      const pid = await eventually(async () => {
        const [action] = await hub.rows<{ status: string; claimed_by: string }>(
          `select status, claimed_by from playbook_run_actions where playbook_run_id = $1`,
          [runId],
        );
        expect(action).toEqual({ status: 'running', claimed_by: `agent:${agentId}` });
        return Number((await readFile(pidFile, 'utf8')).trim());
      });
      expect(alive(pid)).toBe(true);

      const cancelled = await hub.api(`api/playbook/run/cancel/${runId}`, { method: 'POST' });
      expect(cancelled.status).toBe(200);
      await eventually(() => {
        expect(
          log.filter(
            (line) =>
              line.msg === 'stopped a playbook action: the run was cancelled; its result is discarded' &&
              line.run === runId,
          ),
        ).toHaveLength(1);
        expect(alive(pid)).toBe(false);
      });
      expect(await hubRunStatus(runId)).toBe('cancelled');
      expect(
        await hub.rows(`select name, status, result from playbook_run_actions where playbook_run_id = $1`, [
          runId,
        ]),
      ).toEqual([{ name: 'long', status: 'cancelled', result: null }]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("runs a failed action again when it has retries left, as the hub's runner would", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'agent-retry-'));
    try {
      const runId = await hubRun('retry-on-agent', {
        actions: [
          {
            name: 'flaky',
            runsOn: ['cluster-east'],
            retry: { limit: 2, duration: '1s' },
            // Fails the first time only: the directory is there the second time.
            exec: { script: `mkdir ${path.join(dir, 'tried')} 2>/dev/null && exit 3; echo "second try"` },
          },
        ],
      });
      await eventually(async () => expect(await hubRunStatus(runId)).toBe('completed'), 60_000);
      expect(
        await hub.rows(
          `select status, retry_count, agent_id, result->>'stdout' as stdout from playbook_run_actions
            where playbook_run_id = $1`,
          [runId],
        ),
      ).toEqual([{ status: 'completed', retry_count: 1, agent_id: agentId, stdout: 'second try' }]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('keeps recording while the hub is away, and every result arrives exactly once when it is back', async () => {
    const canaryId = await selfCanary('through-outage');
    const { id: checkId } = first(
      await eventually(async () => {
        const checks = await agentRows<{ id: string }>(
          `select k.id from checks k join check_statuses s on s.check_id = k.id where k.canary_id = $1 limit 1`,
          [canaryId],
        );
        expect(checks).toHaveLength(1);
        return checks;
      }),
    );
    await eventually(async () =>
      expect(
        (await hub.rows(`select 1 from check_statuses where check_id = $1`, [checkId])).length,
      ).toBeGreaterThan(0),
    );

    await hub.stop();
    const countAt = async () =>
      (
        await agentRows<{ n: number }>(`select count(*)::int as n from check_statuses where check_id = $1`, [
          checkId,
        ])
      )[0]!.n;
    const whenStopped = await countAt();
    await eventually(async () => {
      const ready = await readiness();
      // Ready all along: the console keeps running its checks.
      expect(ready.status).toBe('ok');
      expect(ready.upstream!.state).toBe('unreachable');
      expect(await countAt()).toBeGreaterThanOrEqual(whenStopped + 3);
      expect(ready.upstream!.backlog).toBeGreaterThan(0);
    });

    await hub.start();
    // Every result the agent holds up to a moment after the hub is back, compared row by row.
    const { cutoff } = first(
      await agentRows<{ cutoff: string }>(
        `select max(time)::text as cutoff from check_statuses where check_id = $1`,
        [checkId],
      ),
    );
    const statusesOf = async (rows: typeof agentRows) =>
      rows<{ time: string; status: boolean; duration: number }>(
        `select time::text as time, status, duration from check_statuses
          where check_id = $1 and time <= $2::timestamptz order by time`,
        [checkId, cutoff],
      );
    const expected = await statusesOf(agentRows);
    expect(expected.length).toBeGreaterThanOrEqual(whenStopped + 3);
    await eventually(async () => expect(await statusesOf(hub.rows)).toEqual(expected), 60_000);
    const { total, distinct } = first(
      await hub.rows<{ total: number; distinct: number }>(
        `select count(*)::int as total, count(distinct time)::int as distinct from check_statuses
          where check_id = $1 and time <= $2::timestamptz`,
        [checkId, cutoff],
      ),
    );
    expect(total).toBe(expected.length);
    expect(distinct).toBe(expected.length);
    await eventually(async () => expect((await readiness()).upstream!.state).toBe('ok'));
  });

  it('tells a revoked token in its log, once, and in /readyz, and stays ready', async () => {
    const rotated = await hub.api(`api/agent/${agentId}/token`, { method: 'POST' });
    expect(rotated.status).toBe(201);
    const refusals = () => log.filter((line) => line.msg.startsWith('the hub refused the agent token'));
    await eventually(async () => {
      const ready = await readiness();
      expect(ready.status).toBe('ok');
      expect(ready.upstream!.state).toBe('refused');
    });
    // Some more pings and pulls are refused too (one a second): still one line.
    const { id: checkId } = first(
      await agentRows<{ id: string }>(
        `select k.id from checks k join canaries c on c.id = k.canary_id where c.name = 'through-outage'`,
      ),
    );
    const count = async () =>
      (
        await agentRows<{ n: number }>(`select count(*)::int as n from check_statuses where check_id = $1`, [
          checkId,
        ])
      )[0]!.n;
    const before = await count();
    await eventually(async () => expect(await count()).toBeGreaterThanOrEqual(before + 3));
    expect(refusals()).toHaveLength(1);
    expect(refusals()[0]!.level).toBe(50);
    expect(refusals()[0]!.msg).toMatch(/^the hub refused the agent token: 401/);
  });

  it('never logs the token', () => {
    expect(rawLog.length).toBeGreaterThan(0);
    expect(rawLog.filter((line) => line.includes(token))).toEqual([]);
    expect(rawLog.filter((line) => /authorization/i.test(line))).toEqual([]);
  });
});
