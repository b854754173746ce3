import { createHmac } from 'node:crypto';
import { PARAM_MESSAGES } from '../../common/playbook-params.js';
import type { Role } from '../../server/src/access/roles.js';
import { availableBackends } from '../support/databases.js';
import { createCanary, createCheck, sqlOf, uniqueName, type Sql } from '../support/health-data.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { jsonRequest, messageOf } from '../support/session.js';

/**
 * The platform's playbook API on the real server (docs/playbooks.md, "API"): which playbooks
 * run on a resource, their parameters for it, starting a run, reading it, approving and
 * cancelling it, the webhook with its authentication, the resource search, and /api/db
 * refusing to write runs. The runner is off here, so the runs stay as the API leaves them; the
 * runner's own suites (playbooks-runner*) and the e2e suite run them.
 */

const MISSING = '00000000-0000-4000-8000-00000000dead';

describe.each(availableBackends())('the playbook API on %s', (backend) => {
  let server: TestServer;
  let sql: Sql;
  let httpCheck: string;
  let tcpCheck: string;
  let configId: string;
  let componentId: string;
  let service: string;
  let restart: string;
  let gated: string;
  let allGated: string;
  let deployment: string;
  let deleted: string;
  let team: string;
  const prefix = uniqueName('pbapi');
  const basicPath = `${prefix}-basic`;
  const githubPath = `${prefix}-github`;
  const openPath = `${prefix}-open`;

  const playbook = async (name: string, spec: Record<string, unknown>, deletedAt = false) =>
    (
      await sql<{ id: string }>(
        `insert into playbooks (name, title, spec, deleted_at) values ($1, $2, $3::jsonb, case when $4 then now() end)
         returning id`,
        [uniqueName(name), spec.title ?? null, JSON.stringify(spec), deletedAt],
      )
    )[0]!.id;

  beforeAll(async () => {
    server = await startTestServer({ backend, template: 'empty', env: { PLAYBOOK_RUNNER_ENABLED: 'false' } });
    sql = sqlOf(server);
    const canary = await createCanary(sql, { name: uniqueName('pbapi') });
    httpCheck = await createCheck(sql, canary, {
      name: `${prefix}-checkout-http`,
      type: 'http',
      namespace: 'shop',
    });
    tcpCheck = await createCheck(sql, canary, {
      name: `${prefix}-checkout-tcp`,
      type: 'tcp',
      namespace: 'shop',
    });
    await sql(`update checks set labels = '{"team": "payments"}' where id = $1`, [httpCheck]);
    configId = (
      await sql<{ id: string }>(
        `insert into configs (name, type, namespace, tags) values ($1, 'Kubernetes::Deployment', 'shop', '{"cluster": "eu"}')
         returning id`,
        [`${prefix}-checkout-deployment`],
      )
    )[0]!.id;
    componentId = (
      await sql<{ id: string }>(`insert into components (name, type) values ($1, 'Service') returning id`, [
        `${prefix}-checkout`,
      ])
    )[0]!.id;
    const editorEmail = (
      await sql<{ email: string }>(`select email from people where id = $1`, [
        await server.personFor('editor'),
      ])
    )[0]!.email;
    const teamName = uniqueName('sre');
    team = (await sql<{ id: string }>(`insert into teams (name) values ($1) returning id`, [teamName]))[0]!
      .id;
    await sql(`insert into team_members (team_id, person_id) values ($1, $2)`, [
      team,
      await server.personFor('editor'),
    ]);
    const action = { name: 'echo', exec: { script: 'echo hi' } };
    restart = await playbook('restart', {
      title: 'Restart',
      checks: [{ types: ['http'] }],
      parameters: [
        { name: 'target', label: 'Target', default: 'restart {{.check.name}}' },
        { name: 'reason', label: 'Reason', required: true },
        { name: 'release', label: 'Release', properties: { format: 'dns1123' } },
      ],
      actions: [action],
    });
    gated = await playbook('gated', {
      title: 'Gated',
      checks: [{ labelSelector: 'team=payments' }],
      approval: { type: 'any', approvers: { teams: [teamName] } },
      actions: [action],
    });
    allGated = await playbook('all-gated', {
      checks: [{ name: `${prefix}-checkout-*` }],
      approval: { type: 'all', approvers: { people: [editorEmail], teams: [uniqueName('nobody')] } },
      actions: [action],
    });
    deployment = await playbook('scale', {
      configs: [{ types: ['Kubernetes::Deployment'], tagSelector: 'cluster=eu' }],
      filters: ["config.namespace == 'shop'"],
      actions: [action],
    });
    service = await playbook('service', {
      components: [{ types: ['Service'], name: `${prefix}-*` }],
      actions: [action],
    });
    deleted = await playbook('gone', { checks: [{ types: ['http'] }], actions: [action] }, true);
    await playbook('basic-hook', {
      on: {
        webhook: {
          path: basicPath,
          authentication: { basic: { username: { value: 'ci' }, password: { value: 'pa55' } } },
        },
      },
      parameters: [{ name: 'ref', default: '{{.request.json.ref}}' }],
      actions: [action],
    });
    await playbook('github-hook', {
      on: { webhook: { path: githubPath, authentication: { github: { token: { value: 'gh-secret' } } } } },
      actions: [action],
    });
    await playbook('jwt-hook', {
      on: { webhook: { path: openPath, authentication: { jwt: { jwksUri: 'http://127.0.0.1:1/jwks' } } } },
      actions: [action],
    });
  });
  afterAll(() => server?.stop());

  const call = (method: string, path: string, body?: unknown, as: Role | 'anonymous' = 'admin') =>
    server.fetch(path, jsonRequest(method, body), as);
  const runOf = async (id: string) =>
    (
      await sql<{
        status: string;
        parameters: Record<string, unknown>;
        created_by: string | null;
        trigger: string;
        check_id: string | null;
        request: Record<string, unknown> | null;
        end_time: Date | null;
      }>(
        `select status, parameters, created_by, trigger, check_id, request, end_time from playbook_runs where id = $1`,
        [id],
      )
    )[0]!;
  const startRun = async (id: string, params: Record<string, unknown> = {}, as: Role = 'editor') => {
    const response = await call('POST', 'api/playbook/run', { id, check_id: httpCheck, params }, as);
    expect(response.status).toBe(201);
    return ((await response.json()) as { run_id: string }).run_id;
  };

  describe('GET /api/playbook/list', () => {
    const listed = async (query: string, as: Role = 'viewer') => {
      const response = await call('GET', `api/playbook/list?${query}`, undefined, as);
      expect(response.status).toBe(200);
      return ((await response.json()) as { id: string }[]).map((p) => p.id);
    };

    it('lists the playbooks whose selectors match the resource, decided on the server', async () => {
      const forHttp = await listed(`check_id=${httpCheck}`);
      expect(forHttp).toEqual(expect.arrayContaining([restart, gated, allGated]));
      expect(forHttp).not.toContain(deployment);
      expect(forHttp).not.toContain(deleted);
      const forTcp = await listed(`check_id=${tcpCheck}`);
      expect(forTcp).not.toContain(restart);
      expect(forTcp).not.toContain(gated);
      expect(forTcp).toContain(allGated);
      expect(await listed(`config_id=${configId}`)).toEqual([deployment]);
      expect(await listed(`component_id=${componentId}`)).toEqual([service]);
      expect(
        (await call('POST', 'api/playbook/run', { id: service, component_id: componentId })).status,
      ).toBe(201);
    });

    it('answers each playbook with its parameters', async () => {
      const response = await call('GET', `api/playbook/list?check_id=${httpCheck}`, undefined, 'viewer');
      const item = (
        (await response.json()) as { id: string; title: string; parameters: { name: string }[] }[]
      ).find((p) => p.id === restart)!;
      expect(item.title).toBe('Restart');
      expect(item.parameters.map((p) => p.name)).toEqual(['target', 'reason', 'release']);
    });

    it('needs a resource id', async () => {
      const response = await call('GET', 'api/playbook/list');
      expect(response.status).toBe(400);
      expect(await messageOf(response)).toBe('Give one of config_id, component_id or check_id');
      expect((await call('GET', 'api/playbook/list?check_id=nope')).status).toBe(400);
    });
  });

  describe('POST /api/playbook/{id}/params', () => {
    it('answers the parameters with defaults templated against the resource', async () => {
      const response = await call(
        'POST',
        `api/playbook/${restart}/params`,
        { check_id: httpCheck },
        'editor',
      );
      expect(response.status).toBe(200);
      const { params } = (await response.json()) as { params: { name: string; default?: string }[] };
      expect(params.find((p) => p.name === 'target')!.default).toBe(`restart ${prefix}-checkout-http`);
    });

    it('refuses a resource the playbook does not run on, an unknown playbook, and viewers', async () => {
      const wrong = await call('POST', `api/playbook/${restart}/params`, { check_id: tcpCheck });
      expect(wrong.status).toBe(400);
      expect(await messageOf(wrong)).toBe(`Restart cannot run on the check ${prefix}-checkout-tcp`);
      expect((await call('POST', `api/playbook/${MISSING}/params`, { check_id: httpCheck })).status).toBe(
        404,
      );
      expect(
        (await call('POST', `api/playbook/${restart}/params`, { check_id: httpCheck }, 'viewer')).status,
      ).toBe(403);
    });
  });

  describe('POST /api/playbook/run', () => {
    it('queues a pending run with the defaults applied, by whom, for the resource', async () => {
      const response = await call(
        'POST',
        'api/playbook/run',
        { id: restart, check_id: httpCheck, params: { reason: 'stuck', release: 'v1-2.prod' } },
        'editor',
      );
      expect(response.status).toBe(201);
      const answer = (await response.json()) as { run_id: string; starts_at: string };
      expect(Number.isNaN(Date.parse(answer.starts_at))).toBe(false);
      const run = await runOf(answer.run_id);
      expect(run).toMatchObject({
        status: 'pending',
        parameters: { target: `restart ${prefix}-checkout-http`, reason: 'stuck', release: 'v1-2.prod' },
        created_by: await server.personFor('editor'),
        trigger: 'manual',
        check_id: httpCheck,
      });
    });

    it('refuses missing required parameters and values breaking their rules', async () => {
      const missing = await call('POST', 'api/playbook/run', {
        id: restart,
        check_id: httpCheck,
        params: {},
      });
      expect(missing.status).toBe(400);
      expect(await messageOf(missing)).toBe('Reason: This field is required');
      const bad = await call('POST', 'api/playbook/run', {
        id: restart,
        check_id: httpCheck,
        params: { reason: 'x', release: 'Not_DNS' },
      });
      expect(bad.status).toBe(400);
      expect(await messageOf(bad)).toBe(`Release: ${PARAM_MESSAGES.dns1123}`);
    });

    it('refuses a resource the playbook does not select, and a run without one', async () => {
      const tcp = await call('POST', 'api/playbook/run', {
        id: restart,
        check_id: tcpCheck,
        params: { reason: 'x' },
      });
      expect(tcp.status).toBe(400);
      const none = await call('POST', 'api/playbook/run', { id: restart, params: { reason: 'x' } });
      expect(none.status).toBe(400);
      expect(await messageOf(none)).toBe('Select a config, component or check to run Restart on');
    });

    it('answers 404 for an unknown or deleted playbook', async () => {
      for (const id of [MISSING, deleted]) {
        const response = await call('POST', 'api/playbook/run', { id, check_id: httpCheck });
        expect(response.status).toBe(404);
        expect(await messageOf(response)).toBe('Playbook not found');
      }
    });

    it('lets only those who write playbook runs start one (admin and editor, not responder or viewer)', async () => {
      const body = { id: restart, check_id: httpCheck, params: { reason: 'roles' } };
      expect((await call('POST', 'api/playbook/run', body, 'admin')).status).toBe(201);
      expect((await call('POST', 'api/playbook/run', body, 'editor')).status).toBe(201);
      for (const role of ['responder', 'commander', 'viewer'] as const) {
        const response = await call('POST', 'api/playbook/run', body, role);
        expect({ role, status: response.status }).toEqual({ role, status: 403 });
      }
      expect((await call('POST', 'api/playbook/run', body, 'anonymous')).status).toBe(401);
    });

    it('runs a config playbook only where its filters hold', async () => {
      expect((await call('POST', 'api/playbook/run', { id: deployment, config_id: configId })).status).toBe(
        201,
      );
      await sql(`update configs set namespace = 'elsewhere' where id = $1`, [configId]);
      try {
        const refused = await call('POST', 'api/playbook/run', { id: deployment, config_id: configId });
        expect(refused.status).toBe(400);
        expect(await messageOf(refused)).toBe(
          "The filter 'config.namespace == 'shop'' is not true for this resource",
        );
      } finally {
        await sql(`update configs set namespace = 'shop' where id = $1`, [configId]);
      }
    });
  });

  describe('GET /api/playbook/run/{id}', () => {
    it('answers the run with its playbook and actions', async () => {
      const id = await startRun(restart, { reason: 'read' });
      await sql(
        `insert into playbook_run_actions (playbook_run_id, name, status, result) values ($1, 'echo', 'completed', '{"stdout": "hi"}')`,
        [id],
      );
      const response = await call('GET', `api/playbook/run/${id}`, undefined, 'viewer');
      expect(response.status).toBe(200);
      const run = (await response.json()) as Record<string, unknown> & { actions: Record<string, unknown>[] };
      expect(run).toMatchObject({
        id,
        playbook_id: restart,
        status: 'pending',
        playbook: { id: restart, title: 'Restart' },
      });
      expect(run.actions).toEqual([
        expect.objectContaining({ name: 'echo', status: 'completed', result: { stdout: 'hi' } }),
      ]);
      expect(run).not.toHaveProperty('claimed_by');
    });

    it('answers 404 for an unknown run', async () => {
      const response = await call('GET', `api/playbook/run/${MISSING}`);
      expect(response.status).toBe(404);
      expect(await messageOf(response)).toBe('Playbook run not found');
    });
  });

  describe('POST /api/playbook/run/approve/{id}', () => {
    it('holds a run of a playbook with approvers in pending_approval until an approver approves', async () => {
      const id = await startRun(gated);
      expect((await runOf(id)).status).toBe('pending_approval');
      const response = await call('POST', `api/playbook/run/approve/${id}`, undefined, 'editor');
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ message: 'playbook run approved', status: 'scheduled' });
      expect((await runOf(id)).status).toBe('scheduled');
      const approvals = await sql(`select person_id, team_id from playbook_approvals where run_id = $1`, [
        id,
      ]);
      expect(approvals).toEqual([{ person_id: await server.personFor('editor'), team_id: team }]);
      const again = await call('POST', `api/playbook/run/approve/${id}`, undefined, 'editor');
      expect(again.status).toBe(409);
      expect(await messageOf(again)).toBe('The playbook run is not waiting for approval');
    });

    it('with type all, waits for every approver; an administrator approves alone', async () => {
      const id = await startRun(allGated);
      const editor = await call('POST', `api/playbook/run/approve/${id}`, undefined, 'editor');
      expect(await editor.json()).toEqual({ message: 'playbook run approved', status: 'pending_approval' });
      const twice = await call('POST', `api/playbook/run/approve/${id}`, undefined, 'editor');
      expect(twice.status).toBe(409);
      expect(await messageOf(twice)).toBe('You have already approved this playbook run');
      const admin = await call('POST', `api/playbook/run/approve/${id}`, undefined, 'admin');
      expect(await admin.json()).toEqual({ message: 'playbook run approved', status: 'scheduled' });
    });

    it('refuses those who are not approvers, and who may not write runs', async () => {
      const id = await startRun(gated);
      await sql(`delete from team_members where team_id = $1`, [team]);
      try {
        const refused = await call('POST', `api/playbook/run/approve/${id}`, undefined, 'editor');
        expect(refused.status).toBe(403);
        expect(await messageOf(refused)).toBe('You are not an approver of this playbook run');
      } finally {
        await sql(`insert into team_members (team_id, person_id) values ($1, $2)`, [
          team,
          await server.personFor('editor'),
        ]);
      }
      for (const role of ['viewer', 'responder'] as const)
        expect((await call('POST', `api/playbook/run/approve/${id}`, undefined, role)).status).toBe(403);
      expect((await runOf(id)).status).toBe('pending_approval');
      expect((await call('POST', `api/playbook/run/approve/${MISSING}`)).status).toBe(404);
    });

    it('answers 409 for a run that does not wait for approval', async () => {
      const id = await startRun(restart, { reason: 'no approval' });
      expect((await call('POST', `api/playbook/run/approve/${id}`)).status).toBe(409);
    });
  });

  describe('POST /api/playbook/run/cancel/{id}', () => {
    it('cancels the run and its unfinished actions; a second cancel is a 409', async () => {
      const id = await startRun(restart, { reason: 'cancel' });
      await sql(
        `insert into playbook_run_actions (playbook_run_id, name, status) values ($1, 'done', 'completed'), ($1, 'next', 'running')`,
        [id],
      );
      expect((await call('POST', `api/playbook/run/cancel/${id}`, undefined, 'viewer')).status).toBe(403);
      const response = await call('POST', `api/playbook/run/cancel/${id}`, undefined, 'editor');
      expect(response.status).toBe(200);
      const run = await runOf(id);
      expect(run.status).toBe('cancelled');
      expect(run.end_time).not.toBeNull();
      const actions = await sql(
        `select name, status from playbook_run_actions where playbook_run_id = $1 order by name`,
        [id],
      );
      expect(actions).toEqual([
        { name: 'done', status: 'completed' },
        { name: 'next', status: 'cancelled' },
      ]);
      const again = await call('POST', `api/playbook/run/cancel/${id}`);
      expect(again.status).toBe(409);
      expect(await messageOf(again)).toBe('The playbook run has already ended (cancelled)');
      expect((await call('POST', `api/playbook/run/cancel/${MISSING}`)).status).toBe(404);
    });
  });

  describe('POST /api/playbook/webhook/{path}', () => {
    const hook = (path: string, body: string, headers: Record<string, string> = {}) =>
      server.fetch(
        `api/playbook/webhook/${path}`,
        { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body },
        'anonymous',
      );
    const basic = (user: string, password: string) =>
      `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

    it('basic: starts the playbook without a session, the request in the run context', async () => {
      const response = await hook(basicPath, JSON.stringify({ ref: 'refs/heads/main' }), {
        Authorization: basic('ci', 'pa55'),
        'X-Delivery': 'd-1',
      });
      expect(response.status).toBe(201);
      const run = await runOf(((await response.json()) as { run_id: string }).run_id);
      expect(run).toMatchObject({ status: 'pending', trigger: 'webhook', created_by: null });
      expect(run.parameters).toEqual({ ref: 'refs/heads/main' });
      expect(run.request).toMatchObject({ method: 'POST', json: { ref: 'refs/heads/main' } });
      const headers = (run.request as { headers: Record<string, string> }).headers;
      expect(headers['x-delivery']).toBe('d-1');
      expect(headers).not.toHaveProperty('authorization');
    });

    it('basic: refuses a wrong password or none with 401', async () => {
      const wrong = await hook(basicPath, '{}', { Authorization: basic('ci', 'nope') });
      expect(wrong.status).toBe(401);
      expect(await messageOf(wrong)).toBe('Username or password did not match');
      expect((await hook(basicPath, '{}')).status).toBe(401);
    });

    it('github: takes a body signed with the token, refuses a bad signature', async () => {
      const body = JSON.stringify({ action: 'opened' });
      const signature = `sha256=${createHmac('sha256', 'gh-secret').update(body).digest('hex')}`;
      expect((await hook(githubPath, body, { 'X-Hub-Signature-256': signature })).status).toBe(201);
      const bad = await hook(githubPath, body, { 'X-Hub-Signature-256': 'sha256=00' });
      expect(bad.status).toBe(401);
      expect(await messageOf(bad)).toBe('Invalid signature');
    });

    it('refuses jwt as not supported and answers 404 for an unknown path', async () => {
      const jwt = await hook(openPath, '{}');
      expect(jwt.status).toBe(501);
      expect(await messageOf(jwt)).toBe(
        'JWT authentication of playbook webhooks is not supported by this console',
      );
      const unknown = await hook(`${prefix}-nothing`, '{}');
      expect(unknown.status).toBe(404);
    });
  });

  describe('POST /api/resources/search', () => {
    const search = async (body: unknown, as: Role = 'viewer') => {
      const response = await call('POST', 'api/resources/search', body, as);
      expect(response.status).toBe(200);
      return (await response.json()) as Record<
        'configs' | 'components' | 'checks',
        { id: string; name: string }[]
      >;
    };

    it('finds resources by the words typed and the selector fields', async () => {
      const both = await search({ checks: [{ search: `${prefix}-checkout` }] });
      expect(both.checks.map((c) => c.id)).toEqual([httpCheck, tcpCheck]);
      expect(both.configs).toEqual([]);
      const http = await search({ checks: [{ search: `${prefix}-checkout`, types: ['http'] }] });
      expect(http.checks.map((c) => c.id)).toEqual([httpCheck]);
      const labelled = await search({ checks: [{ labelSelector: 'team=payments', name: `${prefix}-*` }] });
      expect(labelled.checks.map((c) => c.id)).toEqual([httpCheck]);
      const others = await search({ checks: [{ labelSelector: 'team!=payments', name: `${prefix}-*` }] });
      expect(others.checks.map((c) => c.id)).toEqual([tcpCheck]);
      const sets = await search({
        checks: [{ labelSelector: 'team in (payments,sre),!legacy', name: `${prefix}-*` }],
      });
      expect(sets.checks.map((c) => c.id)).toEqual([httpCheck]);
      const byField = await search({ checks: [{ search: `name=${prefix}-* type!=http` }] });
      expect(byField.checks.map((c) => c.id)).toEqual([tcpCheck]);
      const configs = await search({ configs: [{ tagSelector: 'cluster=eu', search: prefix }] });
      expect(configs.configs).toEqual([
        expect.objectContaining({
          id: configId,
          name: `${prefix}-checkout-deployment`,
          type: 'Kubernetes::Deployment',
        }),
      ]);
    });

    it('caps the limit and binds what is typed', async () => {
      const one = await search({ checks: [{ search: `${prefix}-checkout`, limit: 1 }] });
      expect(one.checks).toHaveLength(1);
      const capped = await search({ limit: 100000, checks: [{ search: `${prefix}-checkout` }] });
      expect(capped.checks).toHaveLength(2);
      const quoted = await search({ checks: [{ search: "x'); drop table checks; --" }] });
      expect(quoted.checks).toEqual([]);
      const odd = await search({ checks: [{ search: "x'='1 a=b" }] });
      expect(odd.checks).toEqual([]);
    });

    it('refuses a malformed body with 400', async () => {
      expect((await call('POST', 'api/resources/search', { checks: 'http' })).status).toBe(400);
      expect(
        (await call('POST', 'api/resources/search', { checks: [{ fieldSelector: 'password=x' }] })).status,
      ).toBe(400);
    });
  });

  describe('/api/db and playbook runs', () => {
    it('refuses inserting and changing runs, actions and approvals', async () => {
      const insert = await call('POST', 'api/db/playbook_runs', { playbook_id: restart, status: 'pending' });
      expect(insert.status).toBe(405);
      expect(await messageOf(insert)).toBe(
        'Playbook runs start through POST /api/playbook/run and change through its approve and cancel calls',
      );
      const id = await startRun(restart, { reason: 'db' });
      const patch = await call('PATCH', `api/db/playbook_runs?id=eq.${id}`, { status: 'completed' });
      expect(patch.status).toBe(405);
      expect((await runOf(id)).status).toBe('pending');
      const action = await call('POST', 'api/db/playbook_run_actions', { playbook_run_id: id, name: 'x' });
      expect(action.status).toBeGreaterThanOrEqual(400);
      expect(action.status).toBeLessThan(500);
    });

    it('reads runs with their playbook embedded, for the runs pages', async () => {
      const id = await startRun(restart, { reason: 'embed' });
      const response = await call(
        'GET',
        `api/db/playbook_runs?id=eq.${id}&select=id,status,playbooks(id,name,title)`,
        undefined,
        'viewer',
      );
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual([
        { id, status: 'pending', playbooks: expect.objectContaining({ id: restart, title: 'Restart' }) },
      ]);
    });
  });
});
