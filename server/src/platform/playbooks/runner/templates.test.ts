import type { Db } from '../../db/db.js';
import { openTestDatabase } from '../../db/test-database.js';
import type { ActionExecutor } from '../actions/types.js';
import {
  actionsOf,
  insertPlaybook,
  queueRun,
  runReaches,
  startReplica,
  type Replica,
} from './test-support.js';

/** Records the bodies it is given (templates already rendered) and returns `result` from the body. */
function recorder() {
  const bodies: Record<string, unknown>[] = [];
  const executor: ActionExecutor = async (body) => {
    bodies.push(body);
    return (body.result as Record<string, unknown>) ?? { stdout: String(body.script ?? '') };
  };
  return { bodies, executor };
}

describe('templates in action fields', () => {
  let db: Db;
  let replica: Replica | undefined;
  let ids: { config: string; component: string; check: string; person: string };
  beforeAll(async () => {
    db = await openTestDatabase('empty');
    const one = async (sql: string, params: unknown[] = []) =>
      (await db.query<{ id: string }>(sql, params)).rows[0]!.id;
    const canary = await one(`insert into canaries (name, namespace) values ('c', 'tests') returning id`);
    ids = {
      config: await one(
        `insert into configs (type, name, namespace, tags, config) values ('Kubernetes::Deployment', 'web', 'shop',
           '{"cluster": "prod"}', '{"spec": {"replicas": 2}}') returning id`,
      ),
      component: await one(`insert into components (name, type) values ('payments', 'service') returning id`),
      check: await one(
        `insert into checks (canary_id, type, name) values ($1, 'http', 'homepage') returning id`,
        [canary],
      ),
      person: await one(
        `insert into people (name, email) values ('Ada Lovelace', 'ada@example.com') returning id`,
      ),
    };
  });
  afterAll(() => db.close());
  afterEach(async () => {
    await replica?.stop();
    replica = undefined;
  });

  async function render(
    spec: Parameters<typeof insertPlaybook>[1],
    request: Parameters<typeof queueRun>[2] = {},
  ) {
    const { bodies, executor } = recorder();
    replica = startReplica(db, { exec: executor });
    const playbook = await insertPlaybook(db, spec, `tpl-${Math.random().toString(36).slice(2, 8)}`);
    const id = await queueRun(db, playbook, request);
    const run = await runReaches(db, id, 'completed', 'failed');
    return { bodies, run, id, playbook };
  }

  it('renders .config, .component, .check, .params, .env, .user, .run and .playbook', async () => {
    const { bodies, run, id, playbook } = await render(
      {
        env: [{ name: 'REGION', value: 'eu-west-1' }],
        actions: [
          {
            name: 'all',
            exec: {
              script: [
                'config={{.config.name}}/{{.config.namespace}}/{{.config.tags.cluster}}/{{.config.config.spec.replicas}}',
                'params={{.params.replicas}}',
                'env={{.env.REGION}}',
                'user={{.user.name}} <{{.user.email}}> {{.user.id}}',
                'run={{.run.id}} {{.run.playbook_id}} {{.run.trigger}}',
                'playbook={{.playbook.name}}',
              ].join('\n'),
              env: [{ name: 'X', value: '{{ .params.replicas | printf "%s!" }}' }],
            },
          },
          { name: 'component', exec: { script: 'component={{.component.name}} check={{ .check }}' } },
        ],
      },
      {
        config_id: ids.config,
        component_id: ids.component,
        parameters: { replicas: '5' },
        created_by: ids.person,
      },
    );
    expect(run.status).toBe('completed');
    const playbookName = (
      await db.query<{ name: string }>(`select name from playbooks where id = $1`, [playbook])
    ).rows[0]!.name;
    expect(bodies[0]!.script).toBe(
      [
        'config=web/shop/prod/2',
        'params=5',
        'env=eu-west-1',
        `user=Ada Lovelace <ada@example.com> ${ids.person}`,
        `run=${id} ${playbook} manual`,
        `playbook=${playbookName}`,
      ].join('\n'),
    );
    expect(bodies[0]!.env).toEqual([{ name: 'X', value: '5!' }]);
    expect(bodies[1]!.script).toBe('component=payments check=<no value>');
  });

  it('renders .check for a run on a check', async () => {
    const { bodies } = await render(
      { actions: [{ name: 'a', exec: { script: '{{.check.name}} {{.check.type}}' } }] },
      { check_id: ids.check },
    );
    expect(bodies[0]!.script).toBe('homepage http');
  });

  it('renders .request for a run a webhook started', async () => {
    const { bodies } = await render(
      {
        actions: [
          { name: 'a', exec: { script: '{{.request.json.ref}} {{index .request.headers "x-event"}}' } },
        ],
      },
      { trigger: 'webhook', request: { headers: { 'x-event': 'push' }, json: { ref: 'main' } } },
    );
    expect(bodies[0]!.script).toBe('main push');
  });

  it("gives later actions the earlier ones' results: getAction, getLastAction, last_result and .action", async () => {
    const { bodies, run } = await render({
      actions: [
        { name: 'count rows', exec: { script: 'x', result: { count: 3, stdout: 'three' } } },
        { name: 'skipped', if: 'false', exec: { script: 'never' } },
        {
          name: 'report',
          exec: {
            script: [
              '{{ (getAction "count rows").result.count }}',
              '{{ (getAction "count rows").status }}',
              '{{ (getLastAction).result.stdout }}',
              '{{ index last_result "count" }}',
              '{{ (index .action "count rows").result.stdout }}',
            ].join(' '),
          },
        },
      ],
    });
    expect(run.status).toBe('completed');
    expect(bodies[1]!.script).toBe('3 completed three 3 three');
  });

  it('fails an action whose template cannot be rendered, naming the problem, and does not retry it', async () => {
    const { run, id, bodies } = await render({
      actions: [
        { name: 'fine', exec: { script: 'ok' } },
        {
          name: 'broken',
          retry: { limit: 3, duration: '10ms', exponent: { multiplier: 1 } },
          exec: { script: '{{ .params.missing.deeper }}' },
        },
      ],
    });
    expect(run.status).toBe('failed');
    const actions = await actionsOf(db, id);
    expect(actions.map((a) => [a.name, a.status, a.retry_count])).toEqual([
      ['fine', 'completed', 0],
      ['broken', 'failed', 0],
    ]);
    expect(actions[1]!.error).toMatch(/nil pointer evaluating .*missing\.deeper|missing/);
    expect(bodies).toHaveLength(1);
  });

  it('fails the run before its first action when an env value cannot be read', async () => {
    const { run, id } = await render({
      env: [{ name: 'TOKEN', valueFrom: { secretKeyRef: { name: 'creds', key: 'token' } } }],
      actions: [{ name: 'a', exec: { script: '{{.env.TOKEN}}' } }],
    });
    expect(run.status).toBe('failed');
    expect(run.error).toMatch(/^env TOKEN: .*cannot be read: no Kubernetes cluster is configured/);
    expect(await actionsOf(db, id)).toEqual([]);
  });
});
