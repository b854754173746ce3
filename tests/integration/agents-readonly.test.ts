/**
 * Agents' rows in the hub, on the real server and both back ends (docs/agents.md, "Agents' rows
 * in the hub"): what an agent pushed is read-only through /api/db (409 naming the agent, the row
 * unchanged), while the hub's own assignments (canaries and scrape configs made here for an
 * agent) stay the hub's to change and delete, and the console's own rows are as before. An
 * agent's playbook runs are cancelled and approved on the agent: the hub's playbook calls answer
 * 409 naming it.
 */
import { randomUUID } from 'node:crypto';
import { LOCAL_AGENT } from '../../common/agents.js';
import { linkedReadOnly } from '../../common/managed.js';
import { notMadeForAgent, unknownAgent } from '../../server/src/platform/agents/linked-rows.js';
import { AGENTS_RUN } from '../../server/src/platform/playbooks/router.js';
import { ACTION_WRITE_REFUSAL, RUN_WRITE_REFUSAL } from '../../server/src/platform/playbooks/rules.js';
import type { GeneratedAgent } from '../../server/src/platform/agents/types.js';
import { availableBackends } from '../support/databases.js';
import { sqlOf, uniqueName, type Sql } from '../support/health-data.js';
import { jsonCaller } from '../support/json-call.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { jsonRequest } from '../support/session.js';

const SPEC = { http: [{ name: 'web', url: 'http://web.edge' }] };
const SCRAPER_SPEC = { kubernetes: [{ clusterName: 'edge' }] };

/**
 * What an agent pushes: a canary, its check and a status, a component, a config item, and a run
 * (waiting for approval, its action not yet run) of the playbook the hub assigned to it.
 */
function agentBatch(tag: string, playbookId: string) {
  const canary = { id: randomUUID(), name: `${tag}-canary`, namespace: 'edge', spec: SPEC, source: 'UI' };
  const check = {
    id: randomUUID(),
    canary_id: canary.id,
    type: 'http',
    name: `${tag}-web`,
    namespace: 'edge',
    status: 'healthy',
  };
  const status = { check_id: check.id, time: '2024-05-01T10:00:00Z', status: true, duration: 12 };
  const topology = { id: randomUUID(), name: `${tag}-topology`, namespace: 'edge', spec: { type: 'App' } };
  const component = { id: randomUUID(), topology_id: topology.id, name: `${tag}-app`, type: 'App' };
  const scraper = { id: randomUUID(), name: `${tag}-scraper`, namespace: 'edge', spec: { kubernetes: [{}] } };
  const config = {
    id: randomUUID(),
    scraper_id: scraper.id,
    type: 'Kubernetes::Pod',
    name: `${tag}-pod`,
    config: { spec: { image: 'web:1' } },
  };
  const run = {
    id: randomUUID(),
    playbook_id: playbookId,
    status: 'pending_approval',
    spec: { runsOn: ['local'], actions: [{ name: 'greet', exec: { script: 'echo hi' } }] },
    parameters: {},
    config_id: config.id,
  };
  const action = { id: randomUUID(), playbook_run_id: run.id, name: 'greet', status: 'pending' };
  return {
    canary,
    check,
    component,
    config,
    run,
    action,
    body: {
      playbook_runs: [run],
      playbook_actions: [action],
      topologies: [topology],
      canaries: [canary],
      checks: [check],
      check_statuses: [status],
      components: [component],
      config_scrapers: [scraper],
      config_items: [config],
    },
  };
}

describe.each(availableBackends())("agents' rows in the hub on %s", (backend) => {
  let server: TestServer;
  let sql: Sql;
  let agent: GeneratedAgent;
  let agentName: string;
  let batch: ReturnType<typeof agentBatch>;

  const call = jsonCaller(() => server);
  const rowOf = async (table: string, id: string) =>
    (await sql(`select * from ${table} where id = $1`, [id]))[0] as Record<string, unknown>;

  beforeAll(async () => {
    server = await startTestServer({ backend, template: 'empty' });
    sql = sqlOf(server);
    agentName = uniqueName('eu');
    const generated = await call('POST', 'api/agent/generate', { name: agentName });
    expect(generated.status).toBe(201);
    agent = generated.body as GeneratedAgent;
    const [playbook] = await sql<{ id: string }>(
      `insert into playbooks (name, spec) values ($1, $2) returning id`,
      [
        uniqueName('assigned'),
        JSON.stringify({ runsOn: [agentName], approval: { approvers: { people: ['admin'] } } }),
      ],
    );
    batch = agentBatch(uniqueName('pushed'), playbook!.id);
    const response = await fetch(server.at('api/upstream/push'), {
      ...jsonRequest('POST', batch.body),
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${agent.access_token}` },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      counts: { playbook_runs: 1, playbook_actions: 1 },
      skipped: 0,
    });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("refuses to change or delete an agent's canary, check or component: 409 naming the agent", async () => {
    const cases = [
      ['canaries', batch.canary.id, { labels: { team: 'hub' } }, `Canary edge/${batch.canary.name}`],
      ['checks', batch.check.id, { severity: 'high' }, `Health check edge/${batch.check.name}`],
      ['components', batch.component.id, { status: 'unhealthy' }, `Component ${batch.component.name}`],
    ] as const;
    for (const [table, id, change, subject] of cases) {
      const before = await rowOf(table, id);
      expect(before.agent_id).toBe(agent.agent_id);
      for (const [method, body] of [
        ['PATCH', change],
        ['PATCH', { deleted_at: new Date().toISOString() }],
        ['DELETE', undefined],
      ] as const) {
        const answer = await call(method, `api/db/${table}?id=eq.${id}`, body);
        expect(answer).toMatchObject({
          status: 409,
          body: { message: linkedReadOnly(subject, agentName) },
        });
        expect(await rowOf(table, id)).toEqual(before);
      }
    }
    // The canary's message is the one the brief's reader sees.
    expect(linkedReadOnly('Canary default/x', 'eu-1')).toBe(
      'Canary default/x is linked to the agent eu-1 and is read-only here: change it there',
    );
  });

  it("refuses to change an agent's check status or the links hanging off its rows", async () => {
    const before = await sql(`select * from check_statuses where check_id = $1`, [batch.check.id]);
    const answer = await call('DELETE', `api/db/check_statuses?check_id=eq.${batch.check.id}`);
    expect(answer).toMatchObject({
      status: 409,
      body: { message: linkedReadOnly(`Health check edge/${batch.check.name}`, agentName) },
    });
    expect(await sql(`select * from check_statuses where check_id = $1`, [batch.check.id])).toEqual(before);
    // Nor is a row made here hanging off an agent's.
    const made = await call('POST', 'api/db/check_statuses', {
      check_id: batch.check.id,
      time: '2024-05-02T10:00:00Z',
      status: false,
    });
    expect(made).toMatchObject({
      status: 422,
      body: { message: notMadeForAgent('check_statuses', agentName) },
    });
  });

  it("lets people link an agent's component or config item by hand, and remove that link", async () => {
    const manual = await call('POST', 'api/db/config_component_relationships', {
      component_id: batch.component.id,
      config_id: batch.config.id,
      selector_id: 'manual',
    });
    expect(manual.status).toBe(201);
    const [other] = await sql<{ id: string }>(
      `insert into configs (scraper_id, type, name, config) values (null, 'Kubernetes::Node', $1, '{}') returning id`,
      [uniqueName('hub-node')],
    );
    const related = await call('POST', 'api/db/config_relationships', {
      config_id: batch.config.id,
      related_id: other!.id,
      selector_id: 'manual',
    });
    expect(related.status).toBe(201);
    const removed = await call(
      'DELETE',
      `api/db/config_relationships?config_id=eq.${batch.config.id}&related_id=eq.${other!.id}&selector_id=eq.manual`,
    );
    expect(removed.status).toBe(200);
  });

  it("keeps an agent's config item as the catalog does: nobody writes it through /api/db", async () => {
    const before = await rowOf('configs', batch.config.id);
    for (const method of ['PATCH', 'DELETE'] as const) {
      const answer = await call(method, `api/db/configs?id=eq.${batch.config.id}`, { name: 'renamed' });
      expect([405, 409]).toContain(answer.status);
    }
    expect(await rowOf('configs', batch.config.id)).toEqual(before);
  });

  it('lets the hub change and delete the canaries and scrape configs it made for an agent', async () => {
    for (const table of ['canaries', 'config_scrapers'] as const) {
      const spec = table === 'canaries' ? SPEC : SCRAPER_SPEC;
      const name = uniqueName('assigned');
      const made = await call('POST', `api/db/${table}`, {
        name,
        namespace: 'hub',
        spec,
        agent_id: agent.agent_id,
      });
      expect(made.status).toBe(201);
      const [row] = made.body as { id: string; agent_id: string; created_by: string | null }[];
      expect(row!.agent_id).toBe(agent.agent_id);
      expect(row!.created_by).toBe(await server.personFor('admin'));

      const changed = await call('PATCH', `api/db/${table}?id=eq.${row!.id}`, { labels: { team: 'hub' } });
      expect(changed.status).toBe(200);
      expect((await rowOf(table, row!.id)).labels).toEqual({ team: 'hub' });
      const deleted = await call('PATCH', `api/db/${table}?id=eq.${row!.id}`, {
        deleted_at: new Date().toISOString(),
      });
      expect(deleted.status).toBe(200);
      expect((await rowOf(table, row!.id)).deleted_at).not.toBeNull();
      expect((await call('DELETE', `api/db/${table}?id=eq.${row!.id}`)).status).toBe(200);
      expect(await sql(`select 1 from ${table} where id = $1`, [row!.id])).toEqual([]);
    }
  });

  it('makes a canary only for a live agent (422 otherwise), and other rows for none', async () => {
    const unknown = randomUUID();
    const answer = await call('POST', 'api/db/canaries', {
      name: uniqueName('nowhere'),
      spec: SPEC,
      agent_id: unknown,
    });
    expect(answer).toMatchObject({ status: 422, body: { message: unknownAgent(unknown) } });

    const gone = (await call('POST', 'api/agent/generate', { name: uniqueName('gone') }))
      .body as GeneratedAgent;
    expect(
      (await call('PATCH', `api/db/agents?id=eq.${gone.agent_id}`, { deleted_at: 'now()' })).status,
    ).toBe(200);
    const toDeleted = await call('POST', 'api/db/config_scrapers', {
      name: uniqueName('nowhere'),
      spec: SCRAPER_SPEC,
      agent_id: gone.agent_id,
    });
    expect(toDeleted).toMatchObject({ status: 422, body: { message: unknownAgent(gone.agent_id) } });

    const topology = await call('POST', 'api/db/topologies', {
      name: uniqueName('theirs'),
      spec: { type: 'App' },
      agent_id: agent.agent_id,
    });
    expect(topology).toMatchObject({
      status: 422,
      body: { message: notMadeForAgent('topologies', agentName) },
    });
  });

  it("refuses to delete an agent's playbook run (409 naming the agent); runs and actions change only in the runner", async () => {
    const run = await rowOf('playbook_runs', batch.run.id);
    const action = await rowOf('playbook_run_actions', batch.action.id);
    expect(run.agent_id).toBe(agent.agent_id);
    expect(await call('DELETE', `api/db/playbook_runs?id=eq.${batch.run.id}`)).toMatchObject({
      status: 409,
      body: { message: linkedReadOnly(`Playbook run ${batch.run.id}`, agentName) },
    });
    // Changed by nobody through /api/db, theirs or the hub's.
    expect(
      await call('PATCH', `api/db/playbook_runs?id=eq.${batch.run.id}`, { status: 'cancelled' }),
    ).toMatchObject({
      status: 405,
      body: { message: RUN_WRITE_REFUSAL },
    });
    for (const [method, body] of [
      ['PATCH', { status: 'cancelled' }],
      ['DELETE', undefined],
    ] as const)
      expect(await call(method, `api/db/playbook_run_actions?id=eq.${batch.action.id}`, body)).toMatchObject({
        status: 405,
        body: { message: ACTION_WRITE_REFUSAL },
      });
    expect(await rowOf('playbook_runs', batch.run.id)).toEqual(run);
    expect(await rowOf('playbook_run_actions', batch.action.id)).toEqual(action);

    // The hub's own runs are deleted as before.
    const [own] = await sql<{ id: string }>(
      `insert into playbook_runs (playbook_id, status) values ($1, 'completed') returning id`,
      [batch.run.playbook_id],
    );
    expect((await call('DELETE', `api/db/playbook_runs?id=eq.${own!.id}`)).status).toBe(200);
    expect(await sql(`select 1 from playbook_runs where id = $1`, [own!.id])).toEqual([]);
  });

  it("answers 409 naming the agent to a cancel or an approval of an agent's run, which stays as it is", async () => {
    const before = await rowOf('playbook_runs', batch.run.id);
    for (const action of ['cancel', 'approve'])
      expect(await call('POST', `api/playbook/run/${action}/${batch.run.id}`)).toMatchObject({
        status: 409,
        body: { message: AGENTS_RUN(agentName) },
      });
    expect(AGENTS_RUN('eu-1')).toBe('This run belongs to the agent eu-1; it is changed there');
    expect(await rowOf('playbook_runs', batch.run.id)).toEqual(before);
    expect(await sql(`select 1 from playbook_approvals where run_id = $1`, [batch.run.id])).toEqual([]);
    expect((await rowOf('playbook_run_actions', batch.action.id)).status).toBe('pending');
  });

  it("leaves the console's own rows as they were", async () => {
    const made = await call('POST', 'api/db/canaries', { name: uniqueName('local'), spec: SPEC });
    expect(made.status).toBe(201);
    const [row] = made.body as { id: string; agent_id: string }[];
    expect(row!.agent_id).toBe(LOCAL_AGENT);
    expect((await call('PATCH', `api/db/canaries?id=eq.${row!.id}`, { labels: { a: 'b' } })).status).toBe(
      200,
    );
    // A row the console did not make through the API (created_by none) is still its own.
    await sql(`update canaries set created_by = null where id = $1`, [row!.id]);
    expect((await call('DELETE', `api/db/canaries?id=eq.${row!.id}`)).status).toBe(200);
  });
});
