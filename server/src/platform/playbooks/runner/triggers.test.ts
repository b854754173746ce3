import type { Db } from '../../db/db.js';
import { openTestDatabase } from '../../db/test-database.js';
import type { PlatformEvent } from '../../jobs/index.js';
import { createLogger } from '../../../http/logging.js';
import type { ActionExecutor } from '../actions/types.js';
import { eventually, insertPlaybook, runReaches, startReplica, type Replica } from './test-support.js';
import { fireEvent } from './triggers.js';

const echo: ActionExecutor = async (body) => ({ stdout: String(body.script ?? '') });

describe('playbook triggers', () => {
  let db: Db;
  let replica: Replica | undefined;
  let canary: string;
  beforeAll(async () => {
    db = await openTestDatabase('empty');
    canary = (
      await db.query<{ id: string }>(
        `insert into canaries (name, namespace) values ('t', 'tests') returning id`,
      )
    ).rows[0]!.id;
  });
  afterAll(() => db.close());
  afterEach(async () => {
    await replica?.stop();
    replica = undefined;
  });

  const check = async (name: string, labels: Record<string, string> = {}) =>
    (
      await db.query<{ id: string }>(
        `insert into checks (canary_id, type, name, status, labels) values ($1, 'http', $2, 'healthy', $3) returning id`,
        [canary, name, JSON.stringify(labels)],
      )
    ).rows[0]!.id;
  const runsOf = async (playbook: string) =>
    (
      await db.query<{
        id: string;
        status: string;
        trigger: string;
        check_id: string | null;
        component_id: string | null;
      }>(
        `select id, status, trigger, check_id, component_id from playbook_runs where playbook_id = $1 order by created_at`,
        [playbook],
      )
    ).rows;

  it('starts the matching playbook exactly once when a check turns unhealthy, with the check as its context', async () => {
    const seen: string[] = [];
    replica = startReplica(db, {
      exec: async (body) => {
        seen.push(String(body.script));
        return {};
      },
    });
    const failing = await check('api-health', { env: 'prod' });
    const other = await check('other-health', { env: 'dev' });
    const onFailure = await insertPlaybook(db, {
      on: { canary: [{ event: 'failed', filter: "check.type == 'http'", labels: { env: 'prod' } }] },
      parameters: [
        { name: 'target', label: 'Target', default: '{{.check.name}}' },
        { name: 'mode', label: 'Mode', default: 'page' },
      ],
      actions: [{ name: 'notify', exec: { script: 'check {{.params.target}} failed ({{.params.mode}})' } }],
    });
    const onPass = await insertPlaybook(db, {
      on: { canary: [{ event: 'passed' }] },
      actions: [{ name: 'notify', exec: { script: 'passed' } }],
    });
    const filteredOut = await insertPlaybook(db, {
      on: { canary: [{ event: 'failed', filter: "check.type == 'tcp'" }] },
      actions: [{ name: 'notify', exec: { script: 'never' } }],
    });
    const playbookFilter = await insertPlaybook(db, {
      on: { canary: [{ event: 'failed' }] },
      filters: ["check.name.startsWith('nothing')"],
      actions: [{ name: 'notify', exec: { script: 'never' } }],
    });
    await db.query(`update checks set status = 'unhealthy' where id = any($1::uuid[])`, [[failing, other]]);
    const [run] = await eventually(async () => {
      const runs = await runsOf(onFailure);
      expect(runs).toHaveLength(1);
      return runs;
    });
    expect(run).toMatchObject({ trigger: 'check.failed', check_id: failing });
    await runReaches(db, run!.id, 'completed');
    expect(seen).toEqual(['check api-health failed (page)']);
    // The events are handled (gone from the queue): nothing more is coming.
    await eventually(async () =>
      expect((await db.query(`select 1 from event_queue where name like 'check.%'`)).rows).toEqual([]),
    );
    expect(await runsOf(onFailure)).toHaveLength(1);
    expect(await runsOf(onPass)).toEqual([]);
    expect(await runsOf(filteredOut)).toEqual([]);
    expect(await runsOf(playbookFilter)).toEqual([]);
  });

  it('queues one run for an event handed over twice (a consumer failed and it is tried again)', async () => {
    const id = await check('twice');
    const playbook = await insertPlaybook(db, {
      on: { canary: [{ event: 'failed' }] },
      actions: [{ name: 'a', exec: { script: 'x' } }],
    });
    const event: PlatformEvent = {
      id: 'e1',
      name: 'check.failed',
      properties: { id },
      attempts: 1,
      created_at: new Date(Date.now() - 1000),
    };
    const options = { db, logger: createLogger('silent'), onQueued: () => {} };
    expect(await fireEvent(options, event)).toBe(1);
    expect(await fireEvent(options, { ...event, attempts: 2 })).toBe(0);
    expect(await runsOf(playbook)).toHaveLength(1);
  });

  it('starts a playbook on a component turning unhealthy', async () => {
    replica = startReplica(db, { exec: echo });
    const component = (
      await db.query<{ id: string }>(
        `insert into components (name, health) values ('db', 'healthy') returning id`,
      )
    ).rows[0]!.id;
    const playbook = await insertPlaybook(db, {
      on: { component: [{ event: 'unhealthy', filter: "component.name == 'db'" }] },
      actions: [{ name: 'a', exec: { script: '{{.component.name}}' } }],
    });
    await db.query(`update components set health = 'unhealthy' where id = $1`, [component]);
    const [run] = await eventually(async () => {
      const runs = await runsOf(playbook);
      expect(runs).toHaveLength(1);
      return runs;
    });
    expect(run).toMatchObject({ trigger: 'component.unhealthy', component_id: component });
    await runReaches(db, run!.id, 'completed');
  });

  it('runs a playbook on its schedule', async () => {
    replica = startReplica(db, { exec: echo }, { scheduleEveryMs: 200 });
    const playbook = await insertPlaybook(db, {
      on: { schedule: '@every 1s' },
      actions: [{ name: 'tick', exec: { script: 'tick' } }],
    });
    const runs = await eventually(async () => {
      const found = await runsOf(playbook);
      expect(found.filter((r) => r.status === 'completed').length).toBeGreaterThanOrEqual(2);
      return found;
    });
    expect(runs.every((r) => r.trigger === 'schedule')).toBe(true);
  });
});
