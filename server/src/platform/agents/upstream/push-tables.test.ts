import type { Db } from '../../db/db.js';
import { openTestDatabase } from '../../db/test-database.js';
import { loadSchema } from '../../rest/schema.js';
import { NOT_PUSH_DATA, projectRow, pushPlans, pushRowsOf, type TablePlan } from './push-tables.js';

/** The plans of the hub's real schema (the migrations). */
let db: Db;
let plans: Map<string, TablePlan>;
beforeAll(async () => {
  db = await openTestDatabase('empty');
  plans = new Map(pushPlans(await loadSchema(db)).map((plan) => [plan.key, plan]));
});
afterAll(() => db.close());

const AGENT = '0b0b0b0b-0000-4000-8000-000000000001';

describe('the push tables of the real schema', () => {
  it('writes parents before their rows, and leaves out what the hub has no table for', () => {
    const keys = [...plans.keys()];
    const before = (parent: string, child: string) =>
      expect(keys.indexOf(parent)).toBeLessThan(keys.indexOf(child));
    before('canaries', 'checks');
    before('checks', 'check_statuses');
    before('config_scrapers', 'config_items');
    before('config_items', 'config_changes');
    before('topologies', 'components');
    before('components', 'check_component_relationships');
    expect(keys).not.toContain('component_relationships');
    expect(plans.get('config_items')!.relation.name).toBe('configs');
    expect(plans.get('job_history')!.relation.name).toBe('job_histories');
  });

  it("takes the hub's columns but those it keeps for itself or that name rows elsewhere", () => {
    const checks = plans.get('checks')!;
    expect(checks.columns.has('canary_id')).toBe(true);
    expect(checks.columns.has('labels')).toBe(true);
    for (const column of ['agent_id', 'updated_at', 'created_by'])
      expect(checks.columns.has(column)).toBe(false);
    expect(checks.hasAgentId).toBe(true);
    expect(checks.references).toEqual([{ column: 'canary_id', table: 'canaries' }]);
    expect(plans.get('check_statuses')!.columns.has('created_at')).toBe(false);
    expect(plans.get('canaries')!.columns.has('created_at')).toBe(true);
  });

  it('tells whose a row without agent_id is by the agent rows it names', () => {
    const statuses = plans.get('check_statuses')!;
    expect(statuses.hasAgentId).toBe(false);
    expect(statuses.references).toEqual([{ column: 'check_id', table: 'checks' }]);
    expect(plans.get('components')!.references).toEqual(
      expect.arrayContaining([
        { column: 'topology_id', table: 'topologies' },
        { column: 'parent_id', table: 'components' },
      ]),
    );
  });

  it("takes of a report on the hub's playbook actions only their result", () => {
    const actions = plans.get('playbook_actions')!;
    expect(actions.store).toBe('actions');
    expect([...actions.reported].sort()).toEqual([
      'end_time',
      'error',
      'id',
      'result',
      'start_time',
      'status',
    ]);
  });

  it("takes an agent's playbook runs and their actions without the runner's claims or the agent's people", () => {
    const keys = [...plans.keys()];
    expect(keys.indexOf('config_items')).toBeLessThan(keys.indexOf('playbook_runs'));
    expect(keys.indexOf('checks')).toBeLessThan(keys.indexOf('playbook_runs'));
    expect(keys.indexOf('playbook_runs')).toBeLessThan(keys.indexOf('playbook_actions'));
    const runs = plans.get('playbook_runs')!;
    expect(runs).toMatchObject({ store: 'runs', hasAgentId: true });
    for (const column of ['playbook_id', 'parent_id', 'config_id', 'status', 'spec', 'timeout_at'])
      expect(runs.columns.has(column)).toBe(true);
    for (const column of [
      'created_by',
      'agent_id',
      'claimed_by',
      'lease_until',
      'next_look_at',
      'updated_at',
    ])
      expect(runs.columns.has(column)).toBe(false);
    const actions = plans.get('playbook_actions')!;
    for (const column of ['playbook_run_id', 'name', 'scheduled_time', 'retry_count'])
      expect(actions.columns.has(column)).toBe(true);
    for (const column of ['agent_id', 'claimed_by', 'lease_until', 'updated_at'])
      expect(actions.columns.has(column)).toBe(false);
  });
});

describe('a pushed body', () => {
  it('is an object of lists of rows; a key the hub does not know is ignored', () => {
    const rows = pushRowsOf({ canaries: [{ id: 'a' }], artifacts: 'anything', checks: null });
    expect([...rows.keys()]).toEqual(['canaries']);
    expect(() => pushRowsOf([])).toThrow(NOT_PUSH_DATA);
    expect(() => pushRowsOf(null)).toThrow(NOT_PUSH_DATA);
    expect(() => pushRowsOf({ checks: {} })).toThrow('checks must be a list of rows');
    expect(() => pushRowsOf({ checks: [{}, null] })).toThrow('checks[1] must be a row (a JSON object)');
  });

  it("is written with the agent's id, without columns the hub does not take, and needs its primary key", () => {
    const canaries = plans.get('canaries')!;
    const row = {
      id: 'c1',
      name: 'web',
      agent_id: '00000000-0000-0000-0000-000000000000',
      updated_at: 'x',
      newer: 1,
    };
    expect(projectRow(canaries, row, 0, AGENT)).toEqual({ id: 'c1', name: 'web', agent_id: AGENT });
    expect(() => projectRow(canaries, { name: 'web' }, 3, AGENT)).toThrow(
      "canaries[3] has no id (part of the row's primary key)",
    );
    const statuses = plans.get('check_statuses')!;
    expect(() => projectRow(statuses, { check_id: 'k', status: true }, 0, AGENT)).toThrow(
      "check_statuses[0] has no time (part of the row's primary key)",
    );
  });
});
