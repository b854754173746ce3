/**
 * The hub's side of agents on the real server, on both back ends: generating an agent (its
 * principal and token, who may, the form's messages), rotating its token, the agents' /api/db
 * rules and deletion with and without cleanup; the agent's principal (reaches only
 * /api/upstream, refused at once when revoked or deleted); and what an agent calls: ping, push
 * (rows land with its id, the same batch twice changes nothing, rows of others are never
 * touched), deleting pushed rows, and the pulls.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { disabledMessage } from '../../server/src/access/feature-map.js';
import { AGENTS_ONLY_MESSAGE, SIGN_IN_MESSAGE } from '../../server/src/access/guard.js';
import {
  AGENT_ONLY_MESSAGE,
  BAD_TOKEN_MESSAGE,
  BASIC_FOR_AGENTS_MESSAGE,
} from '../../server/src/auth/authenticate.js';
import { AGENT_FORM_MESSAGES } from '../../common/agent-form.js';
import { LOCAL_AGENT } from '../../server/src/platform/agents/local-agent.js';
import {
  AGENT_NOT_FOUND,
  agentNameTaken,
  LOCAL_AGENT_HAS_NO_TOKEN,
} from '../../server/src/platform/agents/router.js';
import {
  agentDeleted,
  CLEANUP_ONLY_ON_DELETE,
  columnReadOnly,
  CREATE_WITH_GENERATE,
  DELETE_WITH_PATCH,
  LOCAL_AGENT_READ_ONLY,
  NAME_READ_ONLY,
} from '../../server/src/platform/agents/rules.js';
import { noAgentToRunOn } from '../../server/src/platform/playbooks/runner/runs-on.js';
import type { GeneratedAgent, PushAnswer } from '../../server/src/platform/agents/types.js';
import { PLAYBOOK_ACTION_NOT_FOUND } from '../../server/src/platform/agents/upstream/playbook-actions.js';
import { BAD_SINCE } from '../../server/src/platform/agents/upstream/pull.js';
import { NOT_PUSH_DATA } from '../../server/src/platform/agents/upstream/push-tables.js';
import { availableBackends } from '../support/databases.js';
import { eventually } from '../support/eventually.js';
import { setFeatureBehindConsole } from '../support/flags.js';
import { sqlOf, uniqueName, type Sql } from '../support/health-data.js';
import { jsonCaller, type Answer } from '../support/json-call.js';
import { startTestServer, type Caller, type TestServer } from '../support/server.js';
import { jsonRequest } from '../support/session.js';

/** Well within the sign-in cache's lifetime (5 s): only a notification can end an entry this soon. */
const SOON_MS = 1500;

const messageIn = (answer: Answer) => (answer.body as { message?: string } | undefined)?.message;

/** A batch as an agent's own database holds it: its rows say agent_id local, created_by its people. */
function agentBatch(tag: string) {
  const id = () => randomUUID();
  const canary = {
    id: id(),
    name: `${tag}-canary`,
    namespace: 'edge',
    labels: { team: 'edge' },
    schedule: '@every 1m',
    spec: { http: [{ name: 'web', url: 'http://web.edge' }] },
    source: 'UI',
    agent_id: LOCAL_AGENT,
    created_by: id(),
    created_at: '2024-05-01T10:00:00.123456Z',
    updated_at: '2024-05-01T10:00:00Z',
    deleted_at: null,
    a_column_of_a_newer_version: 'ignored',
  };
  const check = {
    id: id(),
    canary_id: canary.id,
    agent_id: LOCAL_AGENT,
    type: 'http',
    name: `${tag}-web`,
    namespace: 'edge',
    labels: {},
    status: 'healthy',
    severity: 'info',
    last_runtime: '2024-05-01T10:01:00Z',
  };
  const statuses = [
    { check_id: check.id, time: '2024-05-01T10:00:00Z', status: true, duration: 12, message: 'ok' },
    { check_id: check.id, time: '2024-05-01T10:01:00.5Z', status: false, duration: 40, error: 'boom' },
  ];
  const scraper = {
    id: id(),
    name: `${tag}-scraper`,
    namespace: 'edge',
    spec: { kubernetes: [{}] },
    source: 'UI',
  };
  const config = {
    id: id(),
    scraper_id: scraper.id,
    type: 'Kubernetes::Pod',
    name: `${tag}-pod`,
    external_id: [`uid-${tag}`],
    tags: { cluster: 'edge' },
    config: { spec: { image: 'web:1' } },
  };
  const change = { id: id(), config_id: config.id, change_type: 'diff', summary: 'image web:0 → web:1' };
  const topology = { id: id(), name: `${tag}-topology`, namespace: 'edge', spec: { type: 'App' } };
  const parent = { id: id(), topology_id: topology.id, name: `${tag}-app`, type: 'App', status: 'healthy' };
  // The child comes first: the hub writes the batch as a whole.
  const child = { id: id(), topology_id: topology.id, parent_id: parent.id, name: `${tag}-pod`, type: 'Pod' };
  const link = { check_id: check.id, config_id: config.id, canary_id: canary.id, selector_id: '' };
  const job = {
    id: id(),
    name: 'CanaryRun',
    resource_type: 'canary',
    resource_id: canary.id,
    status: 'SUCCESS',
    agent_id: null,
    time_start: '2024-05-01T10:00:00Z',
  };
  return {
    ids: {
      canary: canary.id,
      check: check.id,
      scraper: scraper.id,
      config: config.id,
      topology: topology.id,
    },
    body: {
      topologies: [topology],
      canaries: [canary],
      checks: [check],
      check_statuses: statuses,
      config_scrapers: [scraper],
      config_items: [config],
      config_changes: [change],
      components: [child, parent],
      check_config_relationships: [link],
      job_history: [job],
      // A part this hub does not know: ignored.
      artifacts: [{ id: id(), path: '/tmp/x' }],
    },
  };
}

/** What a batch wrote: every row of the agent's with its hub time of last change. */
const TABLES_WITH_UPDATED_AT = [
  'topologies',
  'canaries',
  'checks',
  'config_scrapers',
  'configs',
  'components',
];

describe.each(availableBackends())('agents on the hub on %s', (backend) => {
  let server: TestServer;
  let sql: Sql;

  beforeAll(async () => {
    server = await startTestServer({ backend, template: 'empty' });
    sql = sqlOf(server);
  });
  afterAll(async () => {
    await server?.stop();
  });

  /** The database's clock: what its now() stamps is compared with it, never with this process's. */
  const databaseNow = async () => (await sql<{ now: Date }>(`select clock_timestamp() as now`))[0]!.now;

  const call = jsonCaller(() => server);
  const generate = (body: unknown, as: Caller = 'admin') => call('POST', 'api/agent/generate', body, as);
  const newAgent = async (extra: Record<string, unknown> = {}) => {
    const answer = await generate({ name: uniqueName('edge'), ...extra });
    expect(answer.status).toBe(201);
    return answer.body as GeneratedAgent;
  };
  /** A request as an agent (or anyone) with this Authorization header. */
  const withAuthorization = async (authorization: string, method: string, path: string, body?: unknown) => {
    const init = jsonRequest(method, body);
    const response = await fetch(server.at(path), {
      ...init,
      headers: { ...(init.headers as Record<string, string>), Authorization: authorization },
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // Not JSON: kept as text.
    }
    return { status: response.status, body: parsed };
  };
  const asAgent = (token: string, method: string, path: string, body?: unknown) =>
    withAuthorization(`Bearer ${token}`, method, path, body);
  const push = (token: string, body: unknown, method = 'POST') =>
    asAgent(token, method, 'api/upstream/push', body);
  const patchAgent = (id: string, fields: Record<string, unknown>, as: Caller = 'admin') =>
    call('PATCH', `api/db/agents?id=eq.${id}`, fields, as);
  const basic = (user: string, password: string) =>
    `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

  describe('POST /api/agent/generate', () => {
    it('makes the agent, its person and its token in one go, answered as the platform does', async () => {
      const name = uniqueName('edge-eu');
      const answer = await generate({
        name: `  ${name} `,
        description: 'Frankfurt cluster',
        properties: { region: 'eu-central-1' },
        kubernetes: { enabled: true, interval: '5m' },
        pushTelemetry: { enabled: true, topologyName: 'edge-eu' },
      });
      expect(answer.status).toBe(201);
      const generated = answer.body as GeneratedAgent;
      expect(Object.keys(generated).sort()).toEqual(['access_token', 'agent_id', 'id', 'username']);
      expect(generated).toMatchObject({ username: `agent-${name}` });
      expect(generated.access_token).toEqual(expect.any(String));

      const [agent] = await sql<Record<string, unknown>>(
        `select name, description, properties, spec, person_id, created_by, last_seen from agents where id = $1`,
        [generated.agent_id],
      );
      expect(agent).toEqual({
        name,
        description: 'Frankfurt cluster',
        properties: { region: 'eu-central-1' },
        spec: {
          kubernetes: { enabled: true, interval: '5m' },
          pushTelemetry: { enabled: true, topologyName: 'edge-eu' },
        },
        person_id: generated.id,
        created_by: await server.personFor('admin'),
        last_seen: null,
      });
      const [person] = await sql(`select name, type, roles, email from people where id = $1`, [generated.id]);
      expect(person).toEqual({ name: `agent-${name}`, type: 'agent', roles: [], email: null });
      expect(await sql(`select 1 from identities where id = $1`, [generated.id])).toEqual([]);
      // Only the token's hash is kept.
      const [token] = await sql<{ n: number }>(
        `select count(*)::int as n from _api_tokens where person_id = $1 and revoked_at is null`,
        [generated.id],
      );
      expect(token!.n).toBe(1);
      expect(await sql(`select 1 from _api_tokens where token_hash = $1`, [generated.access_token])).toEqual(
        [],
      );
    });

    it('fills the spec with the defaults: kubernetes and telemetry off, every 30m', async () => {
      const generated = await newAgent();
      const [agent] = await sql(`select properties, spec from agents where id = $1`, [generated.agent_id]);
      expect(agent).toEqual({
        properties: {},
        spec: { kubernetes: { enabled: false, interval: '30m' }, pushTelemetry: { enabled: false } },
      });
    });

    it('needs write on agents: admins and editors may, commanders, responders and viewers may not', async () => {
      for (const role of ['admin', 'editor'] as const)
        expect((await generate({ name: uniqueName(role) }, role)).status).toBe(201);
      for (const role of ['commander', 'responder', 'viewer'] as const) {
        const name = uniqueName(role);
        const answer = await generate({ name }, role);
        expect(answer).toMatchObject({ status: 403, body: { message: 'You may not change agents' } });
        expect(await sql(`select 1 from agents where name = $1`, [name])).toEqual([]);
      }
      expect((await generate({ name: uniqueName('anonymous') }, 'anonymous')).status).toBe(401);
    });

    it('is refused while the agents feature is off', async () => {
      await setFeatureBehindConsole(server, 'agents', true);
      try {
        expect(await generate({ name: uniqueName('off') })).toMatchObject({
          status: 403,
          body: { message: 'Agents is disabled' },
        });
      } finally {
        await setFeatureBehindConsole(server, 'agents', false);
      }
    });

    it('refuses a form the spec does not allow, with what is wrong', async () => {
      const refused = async (body: unknown) => {
        const answer = await generate(body);
        return { status: answer.status, message: messageIn(answer) };
      };
      const name = uniqueName('form');
      expect(await refused({})).toEqual({ status: 422, message: AGENT_FORM_MESSAGES.nameRequired });
      expect(await refused({ name: '   ' })).toEqual({
        status: 422,
        message: AGENT_FORM_MESSAGES.nameRequired,
      });
      expect(await refused({ name: 'x'.repeat(101) })).toEqual({
        status: 422,
        message: AGENT_FORM_MESSAGES.nameTooLong,
      });
      expect(await refused({ name, properties: { replicas: 3 } })).toEqual({
        status: 422,
        message: "An agent's properties must map each name to a text value",
      });
      expect(await refused({ name, properties: ['a'] })).toEqual({
        status: 422,
        message: AGENT_FORM_MESSAGES.properties,
      });
      expect(await refused({ name, kubernetes: { enabled: true, interval: '3m' } })).toEqual({
        status: 422,
        message: 'The scrape interval must be one of 1m, 5m, 10m, 30m, 1h, 2h, 6h, 12h, 24h',
      });
      expect(await refused({ name, kubernetes: { enabled: 'yes' } })).toEqual({
        status: 422,
        message: AGENT_FORM_MESSAGES.kubernetesEnabled,
      });
      expect(await refused({ name, pushTelemetry: { enabled: true, topologyName: 7 } })).toEqual({
        status: 422,
        message: AGENT_FORM_MESSAGES.topologyName,
      });
      expect(await refused({ name, description: 5 })).toEqual({
        status: 422,
        message: AGENT_FORM_MESSAGES.description,
      });
      expect((await refused([name])).status).toBe(400);
      expect(await sql(`select 1 from agents where name = $1`, [name])).toEqual([]);
    });

    it('refuses the name of a live agent with 409; a deleted agent frees it', async () => {
      const name = uniqueName('twice');
      const first = (await generate({ name })).body as GeneratedAgent;
      expect(await generate({ name })).toMatchObject({
        status: 409,
        body: { message: agentNameTaken(name) },
      });
      expect(await generate({ name: ` ${name}` })).toMatchObject({ status: 409 });
      expect((await patchAgent(first.agent_id, { deleted_at: 'now()' })).status).toBe(200);
      expect((await generate({ name })).status).toBe(201);
    });
  });

  describe("the agent's principal", () => {
    it('pings with its token, which sets last_seen; Bearer or HTTP Basic (any username)', async () => {
      const agent = await newAgent();
      const pinged = await databaseNow();
      expect(await asAgent(agent.access_token, 'GET', 'api/upstream/ping')).toEqual({
        status: 200,
        body: { status: 'ok' },
      });
      const [seen] = await sql<{ last_seen: Date | null }>(`select last_seen from agents where id = $1`, [
        agent.agent_id,
      ]);
      expect(seen!.last_seen!.getTime()).toBeGreaterThanOrEqual(pinged.getTime());
      expect(
        await withAuthorization(basic('anything', agent.access_token), 'GET', 'api/upstream/ping'),
      ).toEqual({
        status: 200,
        body: { status: 'ok' },
      });
      expect(
        await withAuthorization(basic(agent.username, 'not-a-token'), 'GET', 'api/upstream/ping'),
      ).toMatchObject({
        status: 401,
        body: { message: BAD_TOKEN_MESSAGE },
      });
    });

    it('reaches only the agent endpoints: everything else is 403 with the reason', async () => {
      const agent = await newAgent();
      for (const [method, path] of [
        ['GET', 'api/db/people'],
        ['POST', 'api/db/canaries'],
        ['GET', 'api/auth/whoami'],
        ['POST', 'api/agent/generate'],
        ['GET', 'api/about'],
        ['GET', 'api/kubeproxy/api/v1/namespaces'],
        ['GET', 'api/no-such-route'],
      ] as const) {
        const answer = await asAgent(agent.access_token, method, path, method === 'POST' ? {} : undefined);
        expect({ path, ...answer }).toEqual({
          path,
          status: 403,
          body: { code: 'HTTP403', message: AGENT_ONLY_MESSAGE, details: null, hint: null },
        });
      }
    });

    it('is the only principal the agent endpoints take', async () => {
      expect(await call('GET', 'api/upstream/ping', undefined, 'admin')).toMatchObject({
        status: 403,
        body: { message: AGENTS_ONLY_MESSAGE },
      });
      expect(await call('POST', 'api/upstream/push', {}, 'editor')).toMatchObject({ status: 403 });
      expect(await call('GET', 'api/upstream/ping', undefined, 'anonymous')).toMatchObject({
        status: 401,
        body: { message: SIGN_IN_MESSAGE },
      });
      // A person's token is not taken as HTTP Basic.
      const token = await server.tokenFor('admin');
      expect(await withAuthorization(basic('admin', token), 'GET', 'api/upstream/ping')).toMatchObject({
        status: 401,
        body: { message: BASIC_FOR_AGENTS_MESSAGE },
      });
    });

    it('is refused at every agent endpoint while the agents feature is off, as other areas are', async () => {
      const agent = await newAgent();
      await setFeatureBehindConsole(server, 'agents', true);
      try {
        for (const [method, path, body] of [
          ['GET', 'api/upstream/ping'],
          ['POST', 'api/upstream/push', { canaries: [] }],
          ['DELETE', 'api/upstream/push', { canaries: [] }],
          ['GET', 'api/upstream/canary/pull'],
          ['GET', 'api/upstream/scrapeconfig/pull'],
          ['GET', 'api/upstream/playbook/pull'],
          ['GET', 'api/upstream/playbook-action'],
          ['GET', `api/upstream/playbook-action/${randomUUID()}`],
        ] as const) {
          const answer = await asAgent(agent.access_token, method, path, body);
          expect({ path, method, ...answer }).toEqual({
            path,
            method,
            status: 403,
            body: { code: 'HTTP403', message: disabledMessage('agents'), details: null, hint: null },
          });
        }
        const [seen] = await sql<{ last_seen: Date | null }>(`select last_seen from agents where id = $1`, [
          agent.agent_id,
        ]);
        expect(seen!.last_seen).toBeNull();
        // Who is calling is told first: a person is still not an agent, anyone unsigned still 401.
        expect(await call('GET', 'api/upstream/ping', undefined, 'admin')).toMatchObject({
          status: 403,
          body: { message: AGENTS_ONLY_MESSAGE },
        });
        expect((await call('GET', 'api/upstream/ping', undefined, 'anonymous')).status).toBe(401);
      } finally {
        await setFeatureBehindConsole(server, 'agents', false);
      }
      expect((await asAgent(agent.access_token, 'GET', 'api/upstream/ping')).status).toBe(200);
    });

    it('is refused once the agent is deleted by another writer, within moments', async () => {
      const agent = await newAgent();
      for (let i = 0; i < 2; i++)
        expect((await asAgent(agent.access_token, 'GET', 'api/upstream/ping')).status).toBe(200);
      await sql(`update agents set deleted_at = now() where id = $1`, [agent.agent_id]);
      await eventually(
        async () => expect((await asAgent(agent.access_token, 'GET', 'api/upstream/ping')).status).toBe(401),
        SOON_MS,
      );
    });
  });

  describe('POST /api/agent/{id}/token', () => {
    it('revokes the old token at once and answers a new one', async () => {
      const agent = await newAgent();
      // Twice: the second is answered from the sign-in cache.
      for (let i = 0; i < 2; i++)
        expect((await asAgent(agent.access_token, 'GET', 'api/upstream/ping')).status).toBe(200);
      const rotated = await call('POST', `api/agent/${agent.agent_id}/token`);
      expect(rotated.status).toBe(201);
      const fresh = rotated.body as GeneratedAgent;
      expect(fresh).toMatchObject({ id: agent.id, username: agent.username, agent_id: agent.agent_id });
      expect(fresh.access_token).not.toBe(agent.access_token);
      expect(await asAgent(agent.access_token, 'GET', 'api/upstream/ping')).toMatchObject({
        status: 401,
        body: { message: BAD_TOKEN_MESSAGE },
      });
      expect((await asAgent(fresh.access_token, 'GET', 'api/upstream/ping')).status).toBe(200);
    });

    it('answers 404 for an unknown or deleted agent, 422 for the local one, 403 without write on agents', async () => {
      expect(await call('POST', `api/agent/${randomUUID()}/token`)).toMatchObject({
        status: 404,
        body: { message: AGENT_NOT_FOUND },
      });
      expect((await call('POST', 'api/agent/not-an-id/token')).status).toBe(404);
      expect(await call('POST', `api/agent/${LOCAL_AGENT}/token`)).toMatchObject({
        status: 422,
        body: { message: LOCAL_AGENT_HAS_NO_TOKEN },
      });
      const agent = await newAgent();
      expect((await call('POST', `api/agent/${agent.agent_id}/token`, undefined, 'viewer')).status).toBe(403);
      expect((await patchAgent(agent.agent_id, { deleted_at: 'now()' })).status).toBe(200);
      expect((await call('POST', `api/agent/${agent.agent_id}/token`)).status).toBe(404);
    });

    it('gives an agent made without generate a principal of its own', async () => {
      const name = uniqueName('by-sql');
      const [row] = await sql<{ id: string }>(`insert into agents (name) values ($1) returning id`, [name]);
      const answer = await call('POST', `api/agent/${row!.id}/token`);
      expect(answer).toMatchObject({ status: 201, body: { username: `agent-${name}`, agent_id: row!.id } });
      const token = (answer.body as GeneratedAgent).access_token;
      expect((await asAgent(token, 'GET', 'api/upstream/ping')).status).toBe(200);
    });
  });

  describe('PATCH /api/db/agents', () => {
    it('changes description, properties and spec; the name only to itself', async () => {
      const agent = await newAgent();
      const [{ name }] = (await sql<{ name: string }>(`select name from agents where id = $1`, [
        agent.agent_id,
      ])) as [{ name: string }];
      const changed = await patchAgent(agent.agent_id, {
        name,
        description: 'moved',
        properties: { region: 'us' },
        spec: { kubernetes: { enabled: true, interval: '1h' }, pushTelemetry: { enabled: false } },
      });
      expect(changed.status).toBe(200);
      expect(
        await sql(`select description, properties, spec from agents where id = $1`, [agent.agent_id]),
      ).toEqual([
        {
          description: 'moved',
          properties: { region: 'us' },
          spec: { kubernetes: { enabled: true, interval: '1h' }, pushTelemetry: { enabled: false } },
        },
      ]);
      expect(await patchAgent(agent.agent_id, { name: `${name}-renamed` })).toMatchObject({
        status: 422,
        body: { message: NAME_READ_ONLY },
      });
      expect(
        await call('PATCH', `api/db/agents_summary?id=eq.${agent.agent_id}`, { name: 'x' }),
      ).toMatchObject({
        status: 422,
        body: { message: NAME_READ_ONLY },
      });
      expect(await patchAgent(agent.agent_id, { person_id: null })).toMatchObject({
        status: 422,
        body: { message: columnReadOnly('person_id') },
      });
      expect(await patchAgent(agent.agent_id, { properties: { replicas: 2 } })).toMatchObject({
        status: 422,
        body: { message: AGENT_FORM_MESSAGES.properties },
      });
      expect(await patchAgent(agent.agent_id, { spec: { kubernetes: { interval: '3m' } } })).toMatchObject({
        status: 422,
        body: { message: AGENT_FORM_MESSAGES.interval },
      });
      expect(await patchAgent(agent.agent_id, { cleanup: true })).toMatchObject({
        status: 422,
        body: { message: CLEANUP_ONLY_ON_DELETE },
      });
      expect((await patchAgent(agent.agent_id, { description: 'viewer' }, 'viewer')).status).toBe(403);
      expect(await sql(`select name, description from agents where id = $1`, [agent.agent_id])).toEqual([
        { name, description: 'moved' },
      ]);
    });

    it('keeps the local agent as it is, and makes agents only through generate', async () => {
      expect(await patchAgent(LOCAL_AGENT, { description: 'mine' })).toMatchObject({
        status: 422,
        body: { message: LOCAL_AGENT_READ_ONLY },
      });
      expect(await patchAgent(LOCAL_AGENT, { deleted_at: 'now()' })).toMatchObject({
        status: 422,
        body: { message: LOCAL_AGENT_READ_ONLY },
      });
      expect(await sql(`select deleted_at from agents where id = $1`, [LOCAL_AGENT])).toEqual([
        { deleted_at: null },
      ]);
      expect(await call('POST', 'api/db/agents', { name: uniqueName('posted') })).toMatchObject({
        status: 422,
        body: { message: CREATE_WITH_GENERATE },
      });
      const agent = await newAgent();
      expect(await call('DELETE', `api/db/agents?id=eq.${agent.agent_id}`)).toMatchObject({
        status: 422,
        body: { message: DELETE_WITH_PATCH },
      });
      expect(await sql(`select deleted_at from agents where id = $1`, [agent.agent_id])).toEqual([
        { deleted_at: null },
      ]);
    });
  });

  describe('POST /api/upstream/push', () => {
    /**
     * Every row the batch wrote, with its row version (xmin: any write makes a new one) and, where
     * it has one, the hub's time of its last change.
     */
    const snapshot = async (agentId: string, ids: ReturnType<typeof agentBatch>['ids']) => {
      const versions: Record<string, unknown> = {};
      for (const table of TABLES_WITH_UPDATED_AT)
        versions[table] = await sql(
          `select id, xmin::text as version, updated_at from ${table} where agent_id = $1 order by id`,
          [agentId],
        );
      versions.job_histories = await sql(
        `select id, xmin::text as version from job_histories where agent_id = $1`,
        [agentId],
      );
      versions.check_statuses = await sql(
        `select time, xmin::text as version from check_statuses where check_id = $1 order by time`,
        [ids.check],
      );
      versions.config_changes = await sql(
        `select id, xmin::text as version from config_changes where config_id = $1`,
        [ids.config],
      );
      versions.links = await sql(
        `select config_id, xmin::text as version, updated_at from check_config_relationships where check_id = $1`,
        [ids.check],
      );
      return versions;
    };

    it('stores the rows with the agent id; the same batch again changes nothing', async () => {
      const agent = await newAgent();
      const batch = agentBatch(uniqueName('push'));
      const pushed = await databaseNow();
      const first = await push(agent.access_token, batch.body);
      expect(first).toEqual({
        status: 200,
        body: {
          status: 'ok',
          counts: {
            topologies: 1,
            canaries: 1,
            config_scrapers: 1,
            config_items: 1,
            components: 2,
            checks: 1,
            check_statuses: 2,
            config_changes: 1,
            check_config_relationships: 1,
            job_history: 1,
          },
          skipped: 0,
        } satisfies PushAnswer,
      });
      for (const table of TABLES_WITH_UPDATED_AT)
        expect({
          table,
          rows: await sql(`select agent_id from ${table} where agent_id = $1`, [agent.agent_id]),
        }).toEqual({
          table,
          rows:
            table === 'components'
              ? [{ agent_id: agent.agent_id }, { agent_id: agent.agent_id }]
              : [{ agent_id: agent.agent_id }],
        });
      const [canary] = await sql(
        `select name, labels, spec, created_by, created_at from canaries where id = $1`,
        [batch.ids.canary],
      );
      expect(canary).toEqual({
        name: batch.body.canaries[0]!.name,
        labels: { team: 'edge' },
        spec: batch.body.canaries[0]!.spec,
        // The agent's people mean nothing here.
        created_by: null,
        created_at: new Date('2024-05-01T10:00:00.123Z'),
      });
      const [job] = await sql(`select agent_id, resource_id from job_histories where id = $1`, [
        batch.body.job_history[0]!.id,
      ]);
      expect(job).toEqual({ agent_id: agent.agent_id, resource_id: batch.ids.canary });
      // The hub's time of storing: the rollups find history pushed late by it.
      const stored = await sql<{ created_at: Date }>(
        `select created_at from check_statuses where check_id = $1`,
        [batch.ids.check],
      );
      expect(stored).toHaveLength(2);
      for (const row of stored) expect(row.created_at.getTime()).toBeGreaterThanOrEqual(pushed.getTime());
      const [received] = await sql<{ last_received: Date | null; last_seen: Date | null }>(
        `select last_received, last_seen from agents where id = $1`,
        [agent.agent_id],
      );
      expect(received!.last_received).not.toBeNull();
      expect(received!.last_seen).not.toBeNull();

      const before = await snapshot(agent.agent_id, batch.ids);
      expect(Object.values(before).map((rows) => (rows as unknown[]).length)).toEqual([
        1, 1, 1, 1, 1, 2, 1, 2, 1, 1,
      ]);
      const again = await push(agent.access_token, batch.body);
      expect(again.status).toBe(200);
      const counts = (again.body as PushAnswer).counts;
      expect(Object.values(counts).every((n) => n === 0)).toBe(true);
      expect(Object.keys(counts)).toHaveLength(10);
      expect(await snapshot(agent.agent_id, batch.ids)).toEqual(before);

      // One change: one row written.
      const changed = structuredClone(batch.body);
      changed.checks[0]!.status = 'unhealthy';
      expect(((await push(agent.access_token, changed)).body as PushAnswer).counts).toMatchObject({
        checks: 1,
        canaries: 0,
      });
      expect(await sql(`select status from checks where id = $1`, [batch.ids.check])).toEqual([
        { status: 'unhealthy' },
      ]);
    });

    it("never touches a row of the hub's or of another agent's, nor one hanging off them", async () => {
      const agent = await newAgent();
      const other = await newAgent();
      const [hubCanary] = await sql<{ id: string }>(
        `insert into canaries (name, namespace) values ($1, 'hub') returning id`,
        [uniqueName('hub-canary')],
      );
      const [hubCheck] = await sql<{ id: string }>(
        `insert into checks (canary_id, type, name) values ($1, 'http', 'hub-web') returning id`,
        [hubCanary!.id],
      );
      const theirs = agentBatch(uniqueName('theirs'));
      expect((await push(other.access_token, theirs.body)).status).toBe(200);

      const mine = agentBatch(uniqueName('mine'));
      const answer = await push(agent.access_token, {
        canaries: [
          { ...mine.body.canaries[0], id: hubCanary!.id, name: 'taken-over' },
          { ...theirs.body.canaries[0], name: 'taken-over-too' },
          mine.body.canaries[0],
        ],
        checks: [
          { ...mine.body.checks[0], id: randomUUID(), canary_id: hubCanary!.id },
          { ...mine.body.checks[0], id: randomUUID(), canary_id: theirs.ids.canary },
          mine.body.checks[0],
        ],
        check_statuses: [
          { check_id: hubCheck!.id, time: '2024-05-01T10:00:00Z', status: false, duration: 1 },
          mine.body.check_statuses[0],
        ],
      });
      expect(answer).toEqual({
        status: 200,
        body: { status: 'ok', counts: { canaries: 1, checks: 1, check_statuses: 1 }, skipped: 5 },
      });
      expect(await sql(`select name, agent_id from canaries where id = $1`, [hubCanary!.id])).toEqual([
        { name: expect.stringMatching(/^hub-canary/), agent_id: LOCAL_AGENT },
      ]);
      expect(await sql(`select name, agent_id from canaries where id = $1`, [theirs.ids.canary])).toEqual([
        { name: theirs.body.canaries[0]!.name, agent_id: other.agent_id },
      ]);
      expect(
        await sql(`select count(*)::int as n from checks where agent_id = $1`, [agent.agent_id]),
      ).toEqual([{ n: 1 }]);
      expect(
        await sql(`select count(*)::int as n from check_statuses where check_id = $1`, [hubCheck!.id]),
      ).toEqual([{ n: 0 }]);
    });

    it('answers 400 for a body that is not PushData, and writes nothing of it', async () => {
      const agent = await newAgent();
      const batch = agentBatch(uniqueName('bad'));
      const refused = async (body: unknown) => {
        const answer = await push(agent.access_token, body);
        return { status: answer.status, message: messageIn(answer) };
      };
      expect(await refused([batch.body])).toEqual({ status: 400, message: NOT_PUSH_DATA });
      expect(await refused({ canaries: 'all' })).toEqual({
        status: 400,
        message: 'canaries must be a list of rows',
      });
      expect(await refused({ canaries: [batch.body.canaries[0], 7] })).toEqual({
        status: 400,
        message: 'canaries[1] must be a row (a JSON object)',
      });
      expect(await refused({ canaries: [{ name: 'no id' }] })).toEqual({
        status: 400,
        message: "canaries[0] has no id (part of the row's primary key)",
      });
      expect(await refused({ canaries: [{ ...batch.body.canaries[0], id: 'not-a-uuid' }] })).toEqual({
        status: 400,
        message: 'canaries could not be stored: a value is not of the type its column takes',
      });
      expect(
        await refused({
          canaries: batch.body.canaries,
          checks: [{ ...batch.body.checks[0], severity: 'apocalyptic' }],
        }),
      ).toEqual({ status: 400, message: 'checks could not be stored: a value is not one the hub allows' });
      const status = batch.body.check_statuses[0]!;
      expect(
        await refused({
          canaries: batch.body.canaries,
          checks: batch.body.checks,
          check_statuses: [status, { ...status, time: '2024-05-01T12:00:00+02:00' }],
        }),
      ).toEqual({
        status: 400,
        message: 'check_statuses could not be stored: a row is given twice (the same primary key)',
      });
      expect(await sql(`select 1 from canaries where id = $1`, [batch.ids.canary])).toEqual([]);

      const response = await fetch(server.at('api/upstream/push'), {
        method: 'POST',
        headers: { Authorization: `Bearer ${agent.access_token}`, 'Content-Type': 'application/json' },
        body: '{"canaries": [',
      });
      expect(response.status).toBe(400);
    });
  });

  describe('DELETE /api/upstream/push', () => {
    it("deletes the agent's rows (soft where they have deleted_at), never another's", async () => {
      const agent = await newAgent();
      const other = await newAgent();
      const batch = agentBatch(uniqueName('gone'));
      const theirs = agentBatch(uniqueName('kept'));
      expect((await push(agent.access_token, batch.body)).status).toBe(200);
      expect((await push(other.access_token, theirs.body)).status).toBe(200);
      const answer = await push(
        agent.access_token,
        {
          check_statuses: [batch.body.check_statuses[0]],
          checks: [batch.body.checks[0]],
          canaries: [batch.body.canaries[0], theirs.body.canaries[0]],
        },
        'DELETE',
      );
      expect(answer).toEqual({
        status: 200,
        body: { status: 'ok', counts: { check_statuses: 1, checks: 1, canaries: 1 }, skipped: 1 },
      });
      expect(
        await sql(`select count(*)::int as n from check_statuses where check_id = $1`, [batch.ids.check]),
      ).toEqual([{ n: 1 }]);
      const deleted = await sql<{ deleted_at: Date | null }>(
        `select deleted_at from checks where id = $1 union all select deleted_at from canaries where id = $2`,
        [batch.ids.check, batch.ids.canary],
      );
      expect(deleted.every((row) => row.deleted_at !== null)).toBe(true);
      expect(await sql(`select deleted_at from canaries where id = $1`, [theirs.ids.canary])).toEqual([
        { deleted_at: null },
      ]);
    });
  });

  describe('the pulls', () => {
    it('answer the rows addressed to the agent changed since a time, deleted ones included', async () => {
      const agent = await newAgent();
      const other = await newAgent();
      const insert = async (table: string, name: string, agentId = agent.agent_id) =>
        (
          await sql<{ id: string }>(`insert into ${table} (name, agent_id) values ($1, $2) returning id`, [
            name,
            agentId,
          ])
        )[0]!.id;
      for (const [table, path] of [
        ['canaries', 'api/upstream/canary/pull'],
        ['config_scrapers', 'api/upstream/scrapeconfig/pull'],
      ] as const) {
        const first = await insert(table, uniqueName('first'));
        await insert(table, uniqueName('not-mine'), other.agent_id);
        const all = await asAgent(agent.access_token, 'GET', path);
        expect(all.status).toBe(200);
        const rows = all.body as {
          id: string;
          updated_at: string;
          deleted_at: string | null;
          agent_id: string;
        }[];
        expect(rows.map((row) => row.id)).toEqual([first]);
        expect(rows[0]!.agent_id).toBe(agent.agent_id);

        const second = await insert(table, uniqueName('second'));
        const since = encodeURIComponent(rows[0]!.updated_at);
        const newer = await asAgent(agent.access_token, 'GET', `${path}?since=${since}`);
        expect((newer.body as { id: string }[]).map((row) => row.id)).toEqual([second]);

        await sql(`update ${table} set deleted_at = now() where id = $1`, [second]);
        const withDeleted = (await asAgent(agent.access_token, 'GET', `${path}?since=${since}`)).body as {
          id: string;
          deleted_at: string | null;
        }[];
        expect(withDeleted).toEqual([
          expect.objectContaining({ id: second, deleted_at: expect.any(String) }),
        ]);

        for (const bad of ['yesterday', '2024-05-01', '2024-02-30T10:00:00Z'])
          expect(await asAgent(agent.access_token, 'GET', `${path}?since=${bad}`)).toMatchObject({
            status: 400,
            body: { message: BAD_SINCE },
          });
      }
      expect((await call('GET', 'api/upstream/canary/pull')).status).toBe(403);
    });
  });

  describe('GET /api/upstream/playbook/pull', () => {
    it('answers every live playbook whose runsOn names the agent, by name or id, as the agent runs it', async () => {
      const agent = await newAgent();
      const other = await newAgent();
      const [{ name }] = (await sql<{ name: string }>(`select name from agents where id = $1`, [
        agent.agent_id,
      ])) as [{ name: string }];
      const [{ name: otherName }] = (await sql<{ name: string }>(`select name from agents where id = $1`, [
        other.agent_id,
      ])) as [{ name: string }];
      // Each a second after the one before: the answer is oldest change first, and two inserts
      // can fall in the same tick of PGlite's clock.
      let made = 0;
      const playbook = async (spec: Record<string, unknown>, deleted = false) =>
        (
          await sql<{ id: string }>(
            `insert into playbooks (name, namespace, title, spec, deleted_at, updated_at)
             values ($1, 'default', $1, $2, case when $3 then now() end,
                     now() - interval '1 hour' + make_interval(secs => $4)) returning id`,
            [uniqueName('pb'), JSON.stringify(spec), deleted, made++],
          )
        )[0]!.id;
      const echo = { exec: { script: 'echo' } };
      const byName = await playbook({
        runsOn: [otherName, name],
        actions: [
          { name: 'here', ...echo },
          { name: 'there', runsOn: [name, 'local'], ...echo },
          { name: 'elsewhere', runsOn: [otherName], ...echo },
        ],
      });
      const byId = await playbook({
        runsOn: [agent.agent_id.toUpperCase()],
        actions: [{ name: 'a', ...echo }],
      });
      // Not the agent's: another's, only a step of it addressed to the agent, deleted, a template.
      const others = await playbook({ runsOn: [otherName], actions: [{ name: 'a', ...echo }] });
      await playbook({ actions: [{ name: 'a', runsOn: [name], ...echo }] });
      await playbook({ runsOn: [name], actions: [{ name: 'a', ...echo }] }, true);
      await playbook({ runsOn: ['{{ .agent.id }}'], actions: [{ name: 'a', ...echo }] });
      await playbook({ runsOn: name, actions: [{ name: 'a', ...echo }] });

      const answer = await asAgent(agent.access_token, 'GET', 'api/upstream/playbook/pull');
      expect(answer.status).toBe(200);
      const rows = answer.body as { id: string; spec: Record<string, unknown>; deleted_at: null }[];
      expect(rows.map((row) => row.id)).toEqual([byName, byId]);
      expect(rows[0]!.spec).toEqual({
        runsOn: [otherName, 'local'],
        actions: [
          { name: 'here', ...echo },
          { name: 'there', runsOn: ['local'], ...echo },
          { name: 'elsewhere', runsOn: [otherName], ...echo },
        ],
      });
      expect(rows[1]!.spec.runsOn).toEqual(['local']);
      expect(rows[0]).toMatchObject({ deleted_at: null, source: 'UI' });
      // The hub's own row is as it was.
      expect(
        (await sql<{ spec: { runsOn: string[] } }>(`select spec from playbooks where id = $1`, [byName]))[0]!
          .spec.runsOn,
      ).toEqual([otherName, name]);

      const ofOther = await asAgent(other.access_token, 'GET', 'api/upstream/playbook/pull');
      expect((ofOther.body as { id: string }[]).map((row) => row.id)).toEqual([byName, others]);
      expect((await call('GET', 'api/upstream/playbook/pull')).status).toBe(403);
    });

    it("routes a run's action to the agent its runsOn names by id, as by name", async () => {
      const agent = await newAgent();
      const [playbook] = await sql<{ id: string }>(
        `insert into playbooks (name, namespace, title, spec) values ($1, 'default', $1, $2) returning id`,
        [
          uniqueName('pb'),
          JSON.stringify({
            actions: [{ name: 'by-id', runsOn: [agent.agent_id], exec: { script: 'true' } }],
          }),
        ],
      );
      const [run] = await sql<{ id: string }>(
        `insert into playbook_runs (playbook_id, status, spec, parameters)
         select id, 'pending', spec, '{}' from playbooks where id = $1 returning id`,
        [playbook!.id],
      );
      const claim = await eventually(async () => {
        const answer = await asAgent(agent.access_token, 'GET', 'api/upstream/playbook-action');
        expect(answer.status).toBe(200);
        return answer.body as { action: { name: string; agent_id: string }; run: { id: string } };
      });
      expect(claim.action).toMatchObject({ name: 'by-id', agent_id: agent.agent_id });
      expect(claim.run.id).toBe(run!.id);
    });
  });

  describe('playbook actions addressed to an agent', () => {
    const insertRun = async (spec: Record<string, unknown>, configId: string | null = null) => {
      const [playbook] = await sql<{ id: string }>(
        `insert into playbooks (name, namespace, title, spec) values ($1, 'default', $1, $2) returning id`,
        [uniqueName('pb'), JSON.stringify(spec)],
      );
      const [run] = await sql<{ id: string }>(
        `insert into playbook_runs (playbook_id, status, spec, parameters, config_id)
         select id, 'pending', spec, '{}', $2 from playbooks where id = $1 returning id`,
        [playbook!.id, configId],
      );
      return { playbook: playbook!.id, run: run!.id };
    };
    const runStatus = async (id: string) =>
      (await sql<{ status: string }>(`select status from playbook_runs where id = $1`, [id]))[0]!.status;

    it('are claimed by that agent alone, and the run goes on once it pushes the result', async () => {
      const agent = await newAgent();
      const other = await newAgent();
      const [{ name }] = (await sql<{ name: string }>(`select name from agents where id = $1`, [
        agent.agent_id,
      ])) as [{ name: string }];
      const { playbook, run } = await insertRun({
        actions: [
          { name: 'here', exec: { script: 'echo here' } },
          { name: 'there', runsOn: ['elsewhere', name], exec: { script: 'echo there' } },
          { name: 'after', exec: { script: 'echo after' } },
        ],
      });
      const claim = await eventually(async () => {
        const answer = await asAgent(agent.access_token, 'GET', 'api/upstream/playbook-action');
        expect(answer.status).toBe(200);
        return answer.body as {
          action: Record<string, unknown>;
          run: Record<string, unknown>;
          playbook: { id: string };
        };
      });
      expect(claim.action).toMatchObject({ name: 'there', status: 'running', agent_id: agent.agent_id });
      expect(claim.run).toMatchObject({ id: run, status: 'running' });
      expect(claim.playbook.id).toBe(playbook);
      // What the action's templates see on the agent: the run's earlier actions (and its resource rows).
      expect((claim as unknown as { actions: unknown[] }).actions).toEqual([
        expect.objectContaining({ name: 'here', status: 'completed' }),
      ]);
      expect(claim).toMatchObject({ config: null, component: null, check: null, agent: null });
      expect(
        await sql(`select status from playbook_run_actions where playbook_run_id = $1 and name = 'here'`, [
          run,
        ]),
      ).toEqual([{ status: 'completed' }]);
      // Claimed once; never by another agent; never run by the hub.
      expect((await asAgent(agent.access_token, 'GET', 'api/upstream/playbook-action')).status).toBe(204);
      expect((await asAgent(other.access_token, 'GET', 'api/upstream/playbook-action')).status).toBe(204);
      expect(await runStatus(run)).toBe('running');

      const reported = await push(other.access_token, {
        playbook_actions: [{ id: claim.action.id, status: 'failed', error: 'not mine' }],
      });
      expect(reported.body).toEqual({ status: 'ok', counts: { playbook_actions: 0 }, skipped: 1 });
      const done = await push(agent.access_token, {
        playbook_actions: [
          {
            id: claim.action.id,
            playbook_run_id: claim.run.id,
            name: 'renamed by the agent',
            status: 'completed',
            result: { stdout: 'there\n' },
            end_time: new Date().toISOString(),
          },
        ],
      });
      expect(done.body).toEqual({ status: 'ok', counts: { playbook_actions: 1 }, skipped: 0 });
      await eventually(async () => expect(await runStatus(run)).toBe('completed'));
      expect(
        await sql(
          `select name, status, result, agent_id from playbook_run_actions where playbook_run_id = $1 order by name`,
          [run],
        ),
      ).toEqual([
        { name: 'after', status: 'completed', result: expect.anything(), agent_id: null },
        { name: 'here', status: 'completed', result: expect.anything(), agent_id: null },
        { name: 'there', status: 'completed', result: { stdout: 'there\n' }, agent_id: agent.agent_id },
      ]);
    });

    type Claim = { action: { id: string; name: string; retry_count: number }; run: { id: string } };
    const claimFor = (token: string) =>
      eventually(async () => {
        const answer = await asAgent(token, 'GET', 'api/upstream/playbook-action');
        expect(answer.status).toBe(200);
        return answer.body as Claim;
      });
    const agentName = async (id: string) =>
      (await sql<{ name: string }>(`select name from agents where id = $1`, [id]))[0]!.name;
    const actionsOf = (run: string) =>
      sql<{ name: string; status: string }>(
        `select name, status from playbook_run_actions where playbook_run_id = $1 order by created_at`,
        [run],
      );

    it("stand cancelled with their run: not handed out unclaimed, a claimed one's report not taken", async () => {
      const agent = await newAgent();
      const name = await agentName(agent.agent_id);
      const spec = {
        runsOn: [name],
        actions: [
          { name: 'first', exec: { script: 'echo first' } },
          { name: 'second', exec: { script: 'echo second' } },
        ],
      };
      // Not yet claimed when the run is cancelled: never handed out.
      const waiting = await insertRun(spec);
      await eventually(async () =>
        expect(await actionsOf(waiting.run)).toEqual([{ name: 'first', status: 'scheduled' }]),
      );
      expect((await call('POST', `api/playbook/run/cancel/${waiting.run}`)).status).toBe(200);
      expect((await asAgent(agent.access_token, 'GET', 'api/upstream/playbook-action')).status).toBe(204);
      expect(await actionsOf(waiting.run)).toEqual([{ name: 'first', status: 'cancelled' }]);

      // Claimed, then cancelled: the agent, asking after it, hears so; its report is not taken.
      const { run } = await insertRun(spec);
      const claim = await claimFor(agent.access_token);
      expect(claim.run.id).toBe(run);
      const standing = `api/upstream/playbook-action/${claim.action.id}`;
      expect(await asAgent(agent.access_token, 'GET', standing)).toEqual({
        status: 200,
        body: { id: claim.action.id, status: 'running', run_status: 'running' },
      });
      expect((await call('POST', `api/playbook/run/cancel/${run}`)).status).toBe(200);
      expect(await asAgent(agent.access_token, 'GET', standing)).toEqual({
        status: 200,
        body: { id: claim.action.id, status: 'cancelled', run_status: 'cancelled' },
      });
      const reported = await push(agent.access_token, {
        playbook_actions: [
          { id: claim.action.id, status: 'completed', result: { stdout: 'late' }, end_time: new Date() },
        ],
      });
      expect(reported.body).toEqual({ status: 'ok', counts: { playbook_actions: 0 }, skipped: 1 });
      // Nor may the agent say it was cancelled itself, or bring it back to running.
      for (const status of ['cancelled', 'running', 'pending'])
        expect(
          (await push(agent.access_token, { playbook_actions: [{ id: claim.action.id, status }] })).body,
        ).toEqual({ status: 'ok', counts: { playbook_actions: 0 }, skipped: 1 });
      expect(
        await sql(`select status, result from playbook_run_actions where id = $1`, [claim.action.id]),
      ).toEqual([{ status: 'cancelled', result: null }]);
      expect(await runStatus(run)).toBe('cancelled');
      expect(await actionsOf(run)).toEqual([{ name: 'first', status: 'cancelled' }]);
      expect((await asAgent(agent.access_token, 'GET', 'api/upstream/playbook-action')).status).toBe(204);

      // Only the agent the action is addressed to may ask after it.
      const other = await newAgent();
      for (const id of [claim.action.id, randomUUID(), 'not-an-id'])
        expect(await asAgent(other.access_token, 'GET', `api/upstream/playbook-action/${id}`)).toMatchObject({
          status: 404,
          body: { message: PLAYBOOK_ACTION_NOT_FOUND },
        });
    });

    it('are claimed again after a failure with retries left, then the failure is final', async () => {
      const agent = await newAgent();
      const { run } = await insertRun({
        actions: [
          {
            name: 'flaky',
            runsOn: [await agentName(agent.agent_id)],
            retry: { limit: 1, duration: '1ms' },
            exec: { script: 'exit 1' },
          },
        ],
      });
      const first = await claimFor(agent.access_token);
      expect(first.action).toMatchObject({ name: 'flaky', retry_count: 0 });
      const failed = {
        id: first.action.id,
        status: 'failed',
        error: 'exit status 1',
        result: { exitCode: 1 },
      };
      expect((await push(agent.access_token, { playbook_actions: [failed] })).body).toEqual({
        status: 'ok',
        counts: { playbook_actions: 1 },
        skipped: 0,
      });
      expect(
        await sql(`select status, retry_count, claimed_by, error from playbook_run_actions where id = $1`, [
          first.action.id,
        ]),
      ).toEqual([{ status: 'waiting', retry_count: 1, claimed_by: null, error: 'exit status 1' }]);
      // The same report again (an answer lost on the way) changes nothing.
      expect((await push(agent.access_token, { playbook_actions: [failed] })).body).toMatchObject({
        skipped: 1,
      });
      expect(await runStatus(run)).toBe('running');

      const again = await claimFor(agent.access_token);
      expect(again.action).toMatchObject({ id: first.action.id, retry_count: 1 });
      expect((await push(agent.access_token, { playbook_actions: [failed] })).body).toMatchObject({
        counts: { playbook_actions: 1 },
      });
      await eventually(async () => expect(await runStatus(run)).toBe('failed'));
      expect(
        await sql(`select status, retry_count from playbook_run_actions where playbook_run_id = $1`, [run]),
      ).toEqual([{ status: 'failed', retry_count: 1 }]);
    });

    it('fail when no agent they may run on is connected', async () => {
      const { run } = await insertRun({
        runsOn: ['nowhere'],
        actions: [{ name: 'lost', exec: { script: 'true' } }],
      });
      await eventually(async () => expect(await runStatus(run)).toBe('failed'));
      expect(
        await sql(`select status, error from playbook_run_actions where playbook_run_id = $1`, [run]),
      ).toEqual([{ status: 'failed', error: noAgentToRunOn(['nowhere']) }]);
    });

    it("follow a runsOn template to the agent the run's config came from, else to this console", async () => {
      const agent = await newAgent();
      const insertConfig = async (agentId: string) =>
        (
          await sql<{ id: string }>(
            `insert into configs (name, type, agent_id) values ($1, 'Kubernetes::Pod', $2) returning id`,
            [uniqueName('pod'), agentId],
          )
        )[0]!.id;
      const runOn = async (configId: string) =>
        (
          await insertRun(
            {
              runsOn: ['{{- if .agent }}{{ .agent.id }}{{ else }}local{{ end }}'],
              actions: [{ name: 'where', exec: { script: 'echo here' } }],
            },
            configId,
          )
        ).run;
      const remote = await runOn(await insertConfig(agent.agent_id));
      const local = await runOn(await insertConfig(LOCAL_AGENT));

      const claim = await eventually(async () => {
        const answer = await asAgent(agent.access_token, 'GET', 'api/upstream/playbook-action');
        expect(answer.status).toBe(200);
        return answer.body as { action: { name: string }; run: { id: string } };
      });
      expect(claim).toMatchObject({ action: { name: 'where' }, run: { id: remote } });
      await eventually(async () => expect(await runStatus(local)).toBe('completed'));
      expect(
        await sql(`select agent_id, status from playbook_run_actions where playbook_run_id = $1`, [local]),
      ).toEqual([{ agent_id: null, status: 'completed' }]);

      // A template that cannot be rendered fails the action, saying where.
      const { run: broken } = await insertRun({
        runsOn: ['{{ .agent.id '],
        actions: [{ name: 'lost', exec: { script: 'true' } }],
      });
      await eventually(async () => expect(await runStatus(broken)).toBe('failed'));
      expect(
        await sql(`select error from playbook_run_actions where playbook_run_id = $1`, [broken]),
      ).toEqual([{ error: expect.stringMatching(/^runsOn: /) }]);
    });
  });

  describe("an agent's runs of the playbooks assigned to it", () => {
    const agentName = async (id: string) =>
      (await sql<{ name: string }>(`select name from agents where id = $1`, [id]))[0]!.name;
    /** A playbook of the hub's whose runsOn names these agents. */
    const playbookFor = async (runsOn: string[]) =>
      (
        await sql<{ id: string }>(
          `insert into playbooks (name, namespace, spec) values ($1, 'default', $2) returning id`,
          [
            uniqueName('assigned'),
            JSON.stringify({ runsOn, actions: [{ name: 'greet', exec: { script: 'echo hi' } }] }),
          ],
        )
      )[0]!.id;
    /** A run as the agent's database holds it (its runner's claim, its person, no agent). */
    const agentRun = (playbookId: string, extra: Record<string, unknown> = {}) => ({
      id: randomUUID(),
      playbook_id: playbookId,
      status: 'completed',
      spec: { runsOn: ['local'], actions: [{ name: 'greet', exec: { script: 'echo hi' } }] },
      parameters: { greeting: 'hi' },
      config_id: null,
      component_id: null,
      check_id: null,
      parent_id: null,
      agent_id: null,
      scheduled_time: '2024-05-01T10:00:00.123456Z',
      start_time: '2024-05-01T10:00:01Z',
      end_time: '2024-05-01T10:00:02Z',
      timeout_at: '2024-05-01T10:30:01Z',
      error: null,
      trigger: 'manual',
      request: null,
      created_by: randomUUID(),
      created_at: '2024-05-01T10:00:00.123456Z',
      updated_at: '2024-05-01T10:00:02Z',
      claimed_by: 'agent-replica',
      lease_until: '2024-05-01T10:00:32Z',
      next_look_at: '2024-05-01T10:00:02Z',
      ...extra,
    });
    const agentAction = (runId: string, extra: Record<string, unknown> = {}) => ({
      id: randomUUID(),
      playbook_run_id: runId,
      name: 'greet',
      status: 'completed',
      scheduled_time: '2024-05-01T10:00:01Z',
      start_time: '2024-05-01T10:00:01Z',
      end_time: '2024-05-01T10:00:02Z',
      result: { stdout: 'hi\n', exitCode: 0 },
      error: null,
      retry_count: 0,
      agent_id: null,
      claimed_by: 'agent-replica',
      lease_until: null,
      created_at: '2024-05-01T10:00:01Z',
      updated_at: '2024-05-01T10:00:02Z',
      ...extra,
    });
    const runsOf = (agentId: string) =>
      sql(
        `select id, xmin::text as version, updated_at, status, agent_id, created_by, claimed_by, lease_until,
                next_look_at, config_id, check_id, parent_id
           from playbook_runs where agent_id = $1 order by id`,
        [agentId],
      );
    const actionsOfRuns = (ids: string[]) =>
      sql(
        `select id, xmin::text as version, updated_at, status, agent_id, claimed_by, result
           from playbook_run_actions where playbook_run_id = any($1::uuid[]) order by id`,
        [ids],
      );

    it('stores them and their actions with the agent id; the same batch again changes nothing', async () => {
      const agent = await newAgent();
      const playbook = await playbookFor([await agentName(agent.agent_id)]);
      const config = { id: randomUUID(), type: 'Kubernetes::Pod', name: uniqueName('pod'), config: {} };
      const [hubRun] = await sql<{ id: string }>(
        `insert into playbook_runs (playbook_id, status) values ($1, 'completed') returning id`,
        [playbook],
      );
      const parent = agentRun(playbook, { config_id: config.id, check_id: randomUUID() });
      // A re-run of the run before it, given first: the hub writes the batch as a whole.
      const child = agentRun(playbook, { parent_id: parent.id });
      // Its parent is the hub's own run: not the agent's to name.
      const stray = agentRun(playbook, { parent_id: hubRun!.id, status: 'failed', error: 'exit status 1' });
      const actions = [
        agentAction(parent.id),
        agentAction(child.id),
        agentAction(stray.id, { status: 'failed' }),
      ];
      const body = {
        config_items: [config],
        playbook_runs: [child, parent, stray],
        playbook_actions: actions,
      };

      const first = await push(agent.access_token, body);
      expect(first).toEqual({
        status: 200,
        body: {
          status: 'ok',
          counts: { config_items: 1, playbook_runs: 3, playbook_actions: 3 },
          skipped: 0,
        } satisfies PushAnswer,
      });
      const runs = await sql(
        `select id, status, parameters, agent_id, created_by, claimed_by, lease_until, next_look_at, config_id,
                check_id, parent_id, start_time, error
           from playbook_runs where agent_id = $1`,
        [agent.agent_id],
      );
      const common = {
        agent_id: agent.agent_id,
        parameters: { greeting: 'hi' },
        // The agent's people and its runner's claims mean nothing here.
        created_by: null,
        claimed_by: null,
        lease_until: null,
        next_look_at: null,
        start_time: new Date('2024-05-01T10:00:01Z'),
        check_id: null,
      };
      expect(runs).toEqual(
        expect.arrayContaining([
          {
            ...common,
            id: parent.id,
            status: 'completed',
            config_id: config.id,
            parent_id: null,
            error: null,
          },
          {
            ...common,
            id: child.id,
            status: 'completed',
            config_id: null,
            parent_id: parent.id,
            error: null,
          },
          {
            ...common,
            id: stray.id,
            status: 'failed',
            config_id: null,
            parent_id: null,
            error: 'exit status 1',
          },
        ]),
      );
      expect(runs).toHaveLength(3);
      expect(
        await sql(
          `select id, status, agent_id, claimed_by, result from playbook_run_actions
            where playbook_run_id = any($1::uuid[]) order by id`,
          [[parent.id, child.id, stray.id]],
        ),
      ).toEqual(
        [...actions]
          .sort((a, b) => a.id.localeCompare(b.id))
          .map(({ id, status, result }) => ({
            id,
            status,
            agent_id: agent.agent_id,
            claimed_by: null,
            result,
          })),
      );
      // The agents page counts them.
      expect(
        await sql(`select playbook_runs_count from agents_summary where id = $1`, [agent.agent_id]),
      ).toEqual([{ playbook_runs_count: 3 }]);

      const before = {
        runs: await runsOf(agent.agent_id),
        actions: await actionsOfRuns([parent.id, child.id, stray.id]),
      };
      const again = await push(agent.access_token, body);
      expect(again.body).toEqual({
        status: 'ok',
        counts: { config_items: 0, playbook_runs: 0, playbook_actions: 0 },
        skipped: 0,
      });
      expect({
        runs: await runsOf(agent.agent_id),
        actions: await actionsOfRuns([parent.id, child.id, stray.id]),
      }).toEqual(before);

      // A change: that row alone.
      const changed = await push(agent.access_token, {
        playbook_actions: [{ ...actions[2]!, status: 'completed', error: null }],
      });
      expect(changed.body).toEqual({ status: 'ok', counts: { playbook_actions: 1 }, skipped: 0 });
    });

    it("skips a run of a playbook not assigned to the agent, and a run the hub holds as its own or another's", async () => {
      const agent = await newAgent();
      const other = await newAgent();
      const name = await agentName(agent.agent_id);
      const assigned = await playbookFor([name]);
      const elsewhere = await playbookFor([await agentName(other.agent_id)]);
      const deleted = await playbookFor([name]);
      await sql(`update playbooks set deleted_at = now() where id = $1`, [deleted]);
      const [hubRun] = await sql<{ id: string }>(
        `insert into playbook_runs (playbook_id, status) values ($1, 'completed') returning id`,
        [assigned],
      );
      const othersRun = agentRun(elsewhere);
      expect((await push(other.access_token, { playbook_runs: [othersRun] })).body).toMatchObject({
        counts: { playbook_runs: 1 },
        skipped: 0,
      });
      const stored = async () =>
        sql(
          `select id, xmin::text as version, status, agent_id from playbook_runs where id = any($1::uuid[])`,
          [[hubRun!.id, othersRun.id]],
        );
      const before = await stored();

      const refused = [
        agentRun(elsewhere),
        agentRun(randomUUID()),
        agentRun(deleted),
        agentRun(assigned, { id: hubRun!.id, status: 'failed' }),
        agentRun(assigned, { id: othersRun.id, status: 'failed' }),
      ];
      // Actions of runs the hub did not take, and of another agent's run.
      const actions = [agentAction(refused[0]!.id), agentAction(hubRun!.id), agentAction(othersRun.id)];
      const answer = await push(agent.access_token, { playbook_runs: refused, playbook_actions: actions });
      expect(answer.body).toEqual({
        status: 'ok',
        counts: { playbook_runs: 0, playbook_actions: 0 },
        skipped: refused.length + actions.length,
      });
      expect(await stored()).toEqual(before);
      expect(
        await sql(`select 1 from playbook_runs where id = any($1::uuid[])`, [
          refused.slice(0, 3).map((r) => r.id),
        ]),
      ).toEqual([]);
      expect(
        await sql(`select 1 from playbook_run_actions where id = any($1::uuid[])`, [
          actions.map((a) => a.id),
        ]),
      ).toEqual([]);
      expect(await sql(`select 1 from playbook_runs where agent_id = $1`, [agent.agent_id])).toEqual([]);
    });

    it('still takes the end of a run under way when its playbook is no longer assigned', async () => {
      const agent = await newAgent();
      const playbook = await playbookFor([await agentName(agent.agent_id)]);
      const run = agentRun(playbook, { status: 'running', end_time: null });
      expect((await push(agent.access_token, { playbook_runs: [run] })).body).toMatchObject({
        counts: { playbook_runs: 1 },
      });
      await sql(`update playbooks set spec = $2 where id = $1`, [
        playbook,
        JSON.stringify({ runsOn: ['elsewhere'] }),
      ]);
      const ended = { ...run, status: 'completed', end_time: '2024-05-01T10:00:05Z' };
      expect((await push(agent.access_token, { playbook_runs: [ended] })).body).toMatchObject({
        counts: { playbook_runs: 1 },
        skipped: 0,
      });
      // Not moved to a playbook the hub does not assign it.
      const moved = { ...ended, playbook_id: await playbookFor(['elsewhere']) };
      expect((await push(agent.access_token, { playbook_runs: [moved] })).body).toMatchObject({
        counts: { playbook_runs: 0 },
        skipped: 1,
      });
      expect(await sql(`select status, playbook_id from playbook_runs where id = $1`, [run.id])).toEqual([
        { status: 'completed', playbook_id: playbook },
      ]);
    });

    it('are never run, timed out or handed out by the hub, and deleted when the agent deletes them', async () => {
      const agent = await newAgent();
      const playbook = await playbookFor([await agentName(agent.agent_id)]);
      // Due, and past its timeout, as a run of the hub's would be taken at once.
      const run = agentRun(playbook, {
        status: 'running',
        scheduled_time: '2024-05-01T10:00:00Z',
        timeout_at: '2024-05-01T10:00:10Z',
        end_time: null,
      });
      const action = agentAction(run.id, {
        status: 'scheduled',
        start_time: null,
        end_time: null,
        result: null,
      });
      expect(
        (await push(agent.access_token, { playbook_runs: [run], playbook_actions: [action] })).body,
      ).toEqual({
        status: 'ok',
        counts: { playbook_runs: 1, playbook_actions: 1 },
        skipped: 0,
      });
      const stored = async () => ({
        run: await sql(
          `select xmin::text as version, status, claimed_by, next_look_at, end_time from playbook_runs where id = $1`,
          [run.id],
        ),
        action: await sql(
          `select xmin::text as version, status, claimed_by from playbook_run_actions where id = $1`,
          [action.id],
        ),
      });
      const before = await stored();
      expect(before).toMatchObject({
        run: [{ status: 'running', claimed_by: null, next_look_at: null, end_time: null }],
        action: [{ status: 'scheduled', claimed_by: null }],
      });
      // Not a playbook action addressed to the agent: its own, never handed out.
      expect((await asAgent(agent.access_token, 'GET', 'api/upstream/playbook-action')).status).toBe(204);
      expect(
        (await asAgent(agent.access_token, 'GET', `api/upstream/playbook-action/${action.id}`)).status,
      ).toBe(404);

      // A run of the hub's own, started after it, runs to its end meanwhile.
      const [own] = await sql<{ id: string }>(
        `insert into playbook_runs (playbook_id, status, spec, parameters)
         select id, 'pending', $2, '{}' from playbooks where id = $1 returning id`,
        [playbook, JSON.stringify({ actions: [{ name: 'here', exec: { script: 'echo here' } }] })],
      );
      await eventually(async () =>
        expect(await sql(`select status from playbook_runs where id = $1`, [own!.id])).toEqual([
          { status: 'completed' },
        ]),
      );
      expect(await stored()).toEqual(before);

      const deleted = await push(agent.access_token, { playbook_runs: [{ id: run.id }] }, 'DELETE');
      expect(deleted.body).toEqual({ status: 'ok', counts: { playbook_runs: 1 }, skipped: 0 });
      expect(await sql(`select 1 from playbook_run_actions where id = $1`, [action.id])).toEqual([]);
    });
  });

  describe('deleting an agent (PATCH deleted_at)', () => {
    const liveCount = async (table: string, agentId: string) =>
      (
        await sql<{ n: number }>(
          `select count(*)::int as n from ${table} where agent_id = $1 and deleted_at is null`,
          [agentId],
        )
      )[0]!.n;

    it('without cleanup: revokes its token, ends its person, keeps what it sent', async () => {
      const agent = await newAgent();
      const batch = agentBatch(uniqueName('keep'));
      expect((await push(agent.access_token, batch.body)).status).toBe(200);
      expect((await asAgent(agent.access_token, 'GET', 'api/upstream/ping')).status).toBe(200);
      expect((await patchAgent(agent.agent_id, { deleted_at: 'now()' })).status).toBe(200);

      expect(await asAgent(agent.access_token, 'GET', 'api/upstream/ping')).toMatchObject({ status: 401 });
      expect(
        await sql(`select count(*)::int as n from _api_tokens where person_id = $1 and revoked_at is null`, [
          agent.id,
        ]),
      ).toEqual([{ n: 0 }]);
      const [person] = await sql<{ deleted_at: Date | null }>(`select deleted_at from people where id = $1`, [
        agent.id,
      ]);
      expect(person!.deleted_at).not.toBeNull();
      for (const table of ['canaries', 'checks', 'configs', 'config_scrapers', 'topologies'])
        expect({ table, n: await liveCount(table, agent.agent_id) }).toEqual({ table, n: 1 });
      expect(
        await sql(`select count(*)::int as n from check_statuses where check_id = $1`, [batch.ids.check]),
      ).toEqual([{ n: 2 }]);
      expect(await patchAgent(agent.agent_id, { description: 'again' })).toMatchObject({
        status: 422,
        body: { message: expect.stringMatching(/^The agent .* is deleted$/) },
      });
    });

    it('with cleanup: also deletes what it sent and what hangs off it', async () => {
      const agent = await newAgent();
      const batch = agentBatch(uniqueName('clean'));
      expect((await push(agent.access_token, batch.body)).status).toBe(200);
      const [{ name }] = (await sql<{ name: string }>(`select name from agents where id = $1`, [
        agent.agent_id,
      ])) as [{ name: string }];
      // A run the agent made of a playbook the hub assigns it, with its action.
      const spec = { runsOn: [name], actions: [{ name: 'greet', exec: { script: 'echo hi' } }] };
      const [playbook] = await sql<{ id: string }>(
        `insert into playbooks (name, namespace, spec) values ($1, 'default', $2) returning id`,
        [uniqueName('assigned'), JSON.stringify(spec)],
      );
      const run = { id: randomUUID(), playbook_id: playbook!.id, status: 'completed', spec };
      const action = { id: randomUUID(), playbook_run_id: run.id, name: 'greet', status: 'completed' };
      expect(
        (await push(agent.access_token, { playbook_runs: [run], playbook_actions: [action] })).body,
      ).toMatchObject({ counts: { playbook_runs: 1, playbook_actions: 1 }, skipped: 0 });
      const answer = await patchAgent(agent.agent_id, { deleted_at: 'now()', cleanup: true });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual([expect.objectContaining({ id: agent.agent_id, cleanup: true })]);

      expect((await asAgent(agent.access_token, 'GET', 'api/upstream/ping')).status).toBe(401);
      for (const table of ['canaries', 'checks', 'configs', 'config_scrapers', 'topologies', 'components'])
        expect({ table, n: await liveCount(table, agent.agent_id) }).toEqual({ table, n: 0 });
      const [left] = await sql(
        `select (select count(*)::int from check_statuses where check_id = $1) as statuses,
                (select count(*)::int from config_changes where config_id = $2) as changes,
                (select count(*)::int from job_histories where agent_id = $3) as jobs,
                (select count(*)::int from check_config_relationships where check_id = $1 and deleted_at is null) as links,
                (select count(*)::int from playbook_runs where agent_id = $3) as runs,
                (select count(*)::int from playbook_run_actions where id = $4) as actions`,
        [batch.ids.check, batch.ids.config, agent.agent_id, action.id],
      );
      expect(left).toEqual({ statuses: 0, changes: 0, jobs: 0, links: 0, runs: 0, actions: 0 });
      // The playbook is the hub's own: it stays.
      expect(await sql(`select deleted_at from playbooks where id = $1`, [playbook!.id])).toEqual([
        { deleted_at: null },
      ]);
      expect(await patchAgent(agent.agent_id, { deleted_at: 'now()' })).toMatchObject({
        status: 422,
        body: { message: agentDeleted(name) },
      });
    });
  });
});

/** A target that counts the requests made to each path: what a check run would call. */
async function countingTarget() {
  const hits = new Map<string, number>();
  const target = http.createServer((req, res) => {
    hits.set(req.url ?? '', (hits.get(req.url ?? '') ?? 0) + 1);
    res.end('ok');
  });
  target.listen(0, '127.0.0.1');
  await new Promise((resolve) => target.once('listening', resolve));
  return {
    url: (path: string) => `http://127.0.0.1:${(target.address() as AddressInfo).port}${path}`,
    hits: (path: string) => hits.get(path) ?? 0,
    close: () => new Promise<void>((resolve) => target.close(() => resolve())),
  };
}

// The filters are the same SQL on either back end: PGlite is enough.
describe('the hub with its check runner, topology builder and scrapers on', () => {
  let server: TestServer;
  let target: Awaited<ReturnType<typeof countingTarget>>;
  let sql: Sql;

  beforeAll(async () => {
    target = await countingTarget();
    server = await startTestServer({
      template: 'empty',
      env: { CHECK_RUNNER_ENABLED: 'true', TOPOLOGY_BUILDER_ENABLED: 'true' },
    });
    sql = sqlOf(server);
  });
  afterAll(async () => {
    await server?.stop();
    await target?.close();
  });

  it('never runs, builds or scrapes what an agent pushed, while it does its own', async () => {
    const generated = await server.fetch(
      'api/agent/generate',
      jsonRequest('POST', { name: uniqueName('edge') }),
    );
    const agent = (await generated.json()) as GeneratedAgent;
    const canarySpec = (path: string) => ({ http: [{ name: 'web', url: target.url(path) }] });
    const topologySpec = {
      schedule: '@every 1h',
      type: 'App',
      components: [{ name: 'one', type: 'Service' }],
    };
    const scraperSpec = { schedule: '@every 1h', file: [{ paths: ['nothing-here.json'] }] };

    const pushed = {
      canaries: [
        {
          id: randomUUID(),
          name: 'pushed',
          namespace: 'edge',
          schedule: '@every 1s',
          spec: canarySpec('/pushed'),
        },
      ],
      topologies: [{ id: randomUUID(), name: 'pushed', namespace: 'edge', spec: topologySpec }],
      config_scrapers: [{ id: randomUUID(), name: 'pushed', namespace: 'edge', spec: scraperSpec }],
    };
    const check = {
      id: randomUUID(),
      canary_id: pushed.canaries[0]!.id,
      type: 'http',
      name: 'web',
      spec: { name: 'web', url: target.url('/pushed') },
      next_runtime: '2020-01-01T00:00:00Z',
    };
    // Not server.fetch, which signs in as a person.
    const answer = await fetch(server.at('api/upstream/push'), {
      ...jsonRequest('POST', { ...pushed, checks: [check] }),
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${agent.access_token}` },
    });
    expect(answer.status).toBe(200);

    // The console's own, the same: they run.
    const [local] = await sql<{ id: string }>(
      `insert into canaries (name, namespace, schedule, spec) values ('local', 'hub', '@every 1s', $1) returning id`,
      [JSON.stringify(canarySpec('/local'))],
    );
    const [localTopology] = await sql<{ id: string }>(
      `insert into topologies (name, namespace, spec) values ('local', 'hub', $1) returning id`,
      [JSON.stringify(topologySpec)],
    );
    const [localScraper] = await sql<{ id: string }>(
      `insert into config_scrapers (name, namespace, spec) values ('local', 'hub', $1) returning id`,
      [JSON.stringify(scraperSpec)],
    );
    const jobsOf = async (id: string) =>
      (
        await sql<{ n: number }>(`select count(*)::int as n from job_histories where resource_id = $1`, [id])
      )[0]!.n;
    await eventually(async () => {
      expect(target.hits('/local')).toBeGreaterThan(1);
      expect(await jobsOf(local!.id)).toBeGreaterThan(0);
      expect(await jobsOf(localTopology!.id)).toBeGreaterThan(0);
      expect(await jobsOf(localScraper!.id)).toBeGreaterThan(0);
    }, 60_000);

    expect(target.hits('/pushed')).toBe(0);
    for (const row of [...pushed.canaries, ...pushed.topologies, ...pushed.config_scrapers])
      expect({ id: row.id, jobs: await jobsOf(row.id) }).toEqual({ id: row.id, jobs: 0 });
    expect(
      await sql(`select count(*)::int as n from check_statuses where check_id = $1`, [check.id]),
    ).toEqual([{ n: 0 }]);
    // No checks made for the pushed canary, no components built for the pushed topology.
    expect(await sql(`select id from checks where canary_id = $1`, [pushed.canaries[0]!.id])).toEqual([
      { id: check.id },
    ]);
    expect(await sql(`select 1 from components where topology_id = $1`, [pushed.topologies[0]!.id])).toEqual(
      [],
    );
  });
});
