import type { Db } from './db.js';
import { openTestDatabase } from './test-database.js';

const TABLES = [
  'people',
  'identities',
  'teams',
  'team_members',
  'agents',
  'canaries',
  'checks',
  'check_statuses',
  'check_config_relationships',
  'check_component_relationships',
  'configs',
  'config_changes',
  'config_analysis',
  'config_relationships',
  'config_component_relationships',
  'config_scrapers',
  'topologies',
  'components',
  'team_components',
  'incidents',
  'hypotheses',
  'evidences',
  'comments',
  'responders',
  'incident_histories',
  'incident_rules',
  'notifications',
  'notification_send_history',
  'notification_silences',
  'playbooks',
  'playbook_runs',
  'playbook_run_actions',
  'job_histories',
  'event_queue',
  'properties',
  'connections',
  'permissions',
  'logging_backends',
];

const VIEWS = [
  'agents_summary',
  'incident_summary',
  'incidents_by_component',
  'incidents_by_config',
  'notifications_summary',
  'notification_send_history_summary',
  'integrations',
  'integrations_with_status',
  'event_queue_summary',
  'config_detail',
  'config_names',
  'config_summary',
  'config_tags',
  'config_labels',
  'config_types',
  'config_statuses',
  'change_types',
  'config_analysis_analyzers',
  'config_analysis_items',
  'analysis_by_component',
  'changes_by_component',
  'check_summary_for_config',
  'component_names',
  'components_with_logs',
  'component_labels',
  'checks_by_component',
  'canary_names',
  'job_history_names',
  ...[
    'topologies',
    'canaries',
    'config_scrapers',
    'teams',
    'incident_rules',
    'notifications',
    'logging_backends',
    'connections',
    'permissions',
    'properties',
  ].map((t) => `${t}_with_status`),
];

// *_id columns that are not references to another row.
const NOT_FOREIGN = new Set([
  'incidents.incident_id',
  'job_histories.resource_id',
  'notification_send_history.resource_id',
  // The platform event a notification outcome answers: event_queue rows are deleted once handled.
  'notification_send_history.event_id',
  '_notification_event_outcomes.event_id',
  'identities.schema_id',
]);

let db: Db;
let seq = 0;
const uuid = () => `00000000-0000-4000-8000-${String(++seq).padStart(12, '0')}`;

async function one<T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T> {
  const { rows } = await db.query<T>(sql, params);
  return rows[0]!;
}

beforeAll(async () => {
  db = await openTestDatabase('empty');
});
afterAll(() => db.close());

describe('schema objects', () => {
  it('has every table and view the specs call', async () => {
    const { rows } = await db.query<{ table_name: string; table_type: string }>(
      `select table_name, table_type from information_schema.tables where table_schema = 'public'`,
    );
    const kinds = new Map(rows.map((r) => [r.table_name, r.table_type]));
    for (const t of TABLES) expect([t, kinds.get(t)]).toEqual([t, 'BASE TABLE']);
    for (const v of VIEWS) expect([v, kinds.get(v)]).toEqual([v, 'VIEW']);
    const fns = await db.query<{ proname: string }>(
      `select proname from pg_proc where proname in ('related_configs_recursive', 'lookup_analysis_by_component')`,
    );
    expect(fns.rows.map((r) => r.proname).sort()).toEqual([
      'lookup_analysis_by_component',
      'related_configs_recursive',
    ]);
  });

  it('answers a select on every view', async () => {
    for (const v of VIEWS) await expect(db.query(`select * from ${v} limit 1`)).resolves.toBeDefined();
  });

  it('gives every *_id and created_by column of a table a foreign key, so the REST layer can embed', async () => {
    const { rows } = await db.query<{ ref: string }>(`
      select c.table_name || '.' || c.column_name as ref
      from information_schema.columns c
      join information_schema.tables t on t.table_name = c.table_name and t.table_schema = c.table_schema
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
        and (c.column_name like '%\\_id' or c.column_name in ('created_by', 'updated_by'))
        and c.table_name <> 'schema_migrations'
        and c.column_name not in ('external_id', 'selector_id', 'external_change_id')
        and not exists (
          select 1 from pg_constraint k
          join pg_attribute a on a.attrelid = k.conrelid and a.attnum = any (k.conkey)
          where k.contype = 'f' and k.conrelid = format('public.%I', c.table_name)::regclass
            and a.attname = c.column_name)`);
    const missing = rows.map((r) => r.ref).filter((ref) => !NOT_FOREIGN.has(ref));
    expect(missing).toEqual([]);
  });

  it('ships the local agent with the all-zero id, which agent_id defaults to', async () => {
    const agent = await one('select name from agents where id = $1', [
      '00000000-0000-0000-0000-000000000000',
    ]);
    expect(agent.name).toBe('local');
    const canary = await one<{ agent_id: string }>(
      `insert into canaries (name) values ('default-agent') returning agent_id`,
    );
    expect(canary.agent_id).toBe('00000000-0000-0000-0000-000000000000');
  });
});

describe('constraints and defaults', () => {
  it.each([
    [`insert into incidents (title, status) values ('x', 'bogus')`],
    [`insert into incidents (title, severity) values ('x', 'urgent')`],
    [`insert into incidents (title, type) values ('x', 'technical_debt')`],
    [`insert into connections (name, type) values ('x', 'carrier-pigeon')`],
    [`insert into permissions (action, object, person_id) values ('fly', 'catalog', null)`],
    [`insert into job_histories (name, status) values ('x', 'DONE')`],
    [`insert into configs (type, name, health) values ('K', 'x', 'fine')`],
    [`insert into notifications (events) values (array['check.exploded'])`],
  ])('rejects a value outside the spec enumeration: %s', async (sql) => {
    await expect(db.query(sql)).rejects.toMatchObject({ code: '23514' });
  });

  it('applies the spec defaults to a new incident, hypothesis, permission and connection', async () => {
    const incident = await one<Record<string, string>>(
      `insert into incidents (title) values ('Defaults') returning id, status, severity, type, incident_id`,
    );
    expect(incident).toMatchObject({ status: 'open', severity: 'low', type: 'availability' });
    expect(incident.incident_id).toMatch(/^INC\d{7}$/);
    const hypothesis = await one(
      `insert into hypotheses (incident_id, title) values ($1, 'root') returning status, type`,
      [incident.id],
    );
    expect(hypothesis).toEqual({ status: 'possible', type: 'root' });
    const evidence = await one(
      `insert into evidences (hypothesis_id, type) select id, 'log' from hypotheses where incident_id = $1
       returning definition_of_done, done`,
      [incident.id],
    );
    expect(evidence).toEqual({ definition_of_done: false, done: false });
    const person = await one<{ id: string }>(`insert into people (name) values ('Pat') returning id`);
    const permission = await one(
      `insert into permissions (action, object, person_id) values ('read', 'catalog', $1)
       returning deny, source`,
      [person.id],
    );
    expect(permission).toEqual({ deny: false, source: 'UI' });
    const connection = await one(
      `insert into connections (name, type) values ('pg', 'postgres') returning namespace, source`,
    );
    expect(connection).toEqual({ namespace: 'default', source: 'UI' });
  });

  it('moves updated_at on update', async () => {
    const team = await one<{ id: string; updated_at: Date }>(
      `insert into teams (name) values ('SRE') returning id, updated_at`,
    );
    await new Promise((resolve) => setTimeout(resolve, 5));
    const updated = await one<{ updated_at: Date }>(
      `update teams set icon = 'sre' where id = $1 returning updated_at`,
      [team.id],
    );
    expect(updated.updated_at.getTime()).toBeGreaterThan(team.updated_at.getTime());
  });
});

describe('incident changelog triggers', () => {
  it('writes one history row per event, with the causing row and who acted', async () => {
    const alice = await one<{ id: string }>(`insert into people (name) values ('Alice') returning id`);
    const bob = await one<{ id: string }>(`insert into people (name) values ('Bob') returning id`);
    // How the service records who made a change: app.user_id, local to the change's transaction.
    const asBob = (sql: string, params: unknown[]) =>
      db.transaction(async (tx) => {
        await tx.query(`select set_config('app.user_id', $1, true)`, [bob.id]);
        await tx.query(sql, params);
      });
    const incident = await one<{ id: string }>(
      `insert into incidents (title, created_by) values ('DB down', $1) returning id`,
      [alice.id],
    );
    await asBob(`update incidents set status = 'investigating' where id = $1`, [incident.id]);
    await db.query(`update incidents set severity = 'high' where id = $1`, [incident.id]);
    const hypothesis = await one<{ id: string }>(
      `insert into hypotheses (incident_id, title, created_by) values ($1, 'disk full', $2) returning id`,
      [incident.id, alice.id],
    );
    await asBob(`update hypotheses set status = 'likely' where id = $1`, [hypothesis.id]);
    const responder = await one<{ id: string }>(
      `insert into responders (incident_id, type, person_id, created_by) values ($1, 'person', $2, $2)
       returning id`,
      [incident.id, alice.id],
    );
    const evidence = await one<{ id: string }>(
      `insert into evidences (hypothesis_id, type, description, created_by) values ($1, 'log', 'df -h', $2)
       returning id`,
      [hypothesis.id, alice.id],
    );
    await asBob(`update evidences set definition_of_done = true where id = $1`, [evidence.id]);
    await db.query(`update evidences set done = true where id = $1`, [evidence.id]);
    const comment = await one<{ id: string }>(
      `insert into comments (incident_id, hypothesis_id, comment, created_by) values ($1, $2, 'on it', $3)
       returning id`,
      [incident.id, hypothesis.id, alice.id],
    );

    const { rows } = await db.query<Record<string, string | null>>(
      `select type, description, created_by, responder_id, evidence_id, comment_id, hypothesis_id
       from incident_histories where incident_id = $1 order by created_at, id`,
      [incident.id],
    );
    const byType = Object.fromEntries(rows.map((r) => [r.type, r]));
    expect(rows.map((r) => r.type).sort()).toEqual([
      'evidence.created',
      'evidence.done_definition_added',
      'hypothesis.created',
      'hypothesis.status_updated',
      'incident.created',
      'incident.status_updated',
      'responder.commented',
      'responder.created',
    ]);
    const changes = [
      'incident.status_updated',
      'hypothesis.status_updated',
      'evidence.done_definition_added',
    ];
    for (const row of rows)
      expect([row.type, row.created_by]).toEqual([row.type, changes.includes(row.type!) ? bob.id : alice.id]);
    // A change made with no acting user is recorded without an author, never blamed on the creator.
    await db.query(`update incidents set status = 'mitigated' where id = $1`, [incident.id]);
    const anonymous = await one<{ created_by: string | null }>(
      `select created_by from incident_histories where incident_id = $1 and description = 'investigating -> mitigated'`,
      [incident.id],
    );
    expect(anonymous.created_by).toBeNull();
    expect(byType['incident.status_updated']!.description).toBe('open -> investigating');
    expect(byType['hypothesis.status_updated']!.hypothesis_id).toBe(hypothesis.id);
    expect(byType['responder.created']!.responder_id).toBe(responder.id);
    expect(byType['evidence.created']!.evidence_id).toBe(evidence.id);
    expect(byType['evidence.done_definition_added']!.evidence_id).toBe(evidence.id);
    expect(byType['responder.commented']!.comment_id).toBe(comment.id);

    const summary = await one<{ responders: unknown[]; hypotheses_count: number }>(
      `select responders, hypotheses_count from incident_summary where id = $1`,
      [incident.id],
    );
    expect(summary.hypotheses_count).toBe(1);
    expect(summary.responders).toEqual([
      expect.objectContaining({ type: 'person', person: expect.objectContaining({ name: 'Alice' }) }),
    ]);
  });
});

describe('related_configs_recursive', () => {
  it('terminates on a cycle, reports depth and direction, and respects max_depth', async () => {
    const ids = [uuid(), uuid(), uuid(), uuid()];
    for (const [i, id] of ids.entries()) {
      await db.query(`insert into configs (id, type, name) values ($1, 'Kubernetes::Pod', $2)`, [
        id,
        `node-${i}`,
      ]);
    }
    // 0 -> 1 -> 2 -> 3 -> 0: a cycle through every node
    for (let i = 0; i < ids.length; i++) {
      await db.query(`insert into config_relationships (config_id, related_id) values ($1, $2)`, [
        ids[i],
        ids[(i + 1) % ids.length],
      ]);
    }
    const all = await db.query<{ name: string; depth: number; direction: string }>(
      `select name, depth, direction from related_configs_recursive($1) order by direction, depth`,
      [ids[0]],
    );
    expect(all.rows).toEqual([
      { name: 'node-3', depth: 1, direction: 'incoming' },
      { name: 'node-2', depth: 2, direction: 'incoming' },
      { name: 'node-1', depth: 3, direction: 'incoming' },
      { name: 'node-1', depth: 1, direction: 'outgoing' },
      { name: 'node-2', depth: 2, direction: 'outgoing' },
      { name: 'node-3', depth: 3, direction: 'outgoing' },
    ]);
    const shallow = await db.query<{ name: string }>(
      `select name from related_configs_recursive($1, type_filter => 'outgoing', max_depth => 2)
       order by depth`,
      [ids[0]],
    );
    expect(shallow.rows.map((r) => r.name)).toEqual(['node-1', 'node-2']);

    await db.query(`update configs set deleted_at = now() where id = $1`, [ids[2]]);
    const live = await db.query<{ name: string }>(
      `select name from related_configs_recursive($1, 'outgoing') order by depth`,
      [ids[0]],
    );
    expect(live.rows.map((r) => r.name)).toEqual(['node-1']);
    const withDeleted = await db.query(
      `select name from related_configs_recursive($1, 'outgoing', include_deleted_configs => true)`,
      [ids[0]],
    );
    expect(withDeleted.rowCount).toBe(3);
  });
});

describe('check_statuses', () => {
  it('serves a page of 50 for one check ordered by time desc from the (check_id, time) index', async () => {
    const canary = await one<{ id: string }>(`insert into canaries (name) values ('bulk') returning id`);
    await db.query(
      `insert into checks (canary_id, type, name) select $1, 'http', 'check-' || g from generate_series(1, 20) g`,
      [canary.id],
    );
    await db.query(`
      insert into check_statuses (check_id, time, status, duration)
      select c.id, now() - make_interval(secs => g * 60), g % 7 <> 0, g % 900
      from checks c, generate_series(1, 1000) g
      where c.canary_id = '${canary.id}'`);
    await db.query('analyze check_statuses');
    const check = await one<{ id: string }>(
      `select id from checks where canary_id = $1 order by name limit 1`,
      [canary.id],
    );
    // The "Unhealthy" filter (1 row in 7 here) reads the small partial index of failures; the
    // planner may pick a bitmap scan plus a sort of those few rows, but never the whole table.
    const failed = await db.query<{ 'QUERY PLAN': string }>(
      `explain analyze select * from check_statuses where check_id = $1 and status = false
       order by time desc limit 50`,
      [check.id],
    );
    const failedPlan = failed.rows.map((r) => r['QUERY PLAN']).join('\n');
    expect(failedPlan).toMatch(/Index Scan.*(on|using) check_statuses_failed_idx/);
    expect(failedPlan).not.toMatch(/Seq Scan/);

    const pages: [string, string][] = [
      ['', 'check_statuses_pkey'],
      ['and status = true', 'check_statuses_pkey'],
    ];
    for (const [filter, index] of pages) {
      const plan = await db.query<{ 'QUERY PLAN': string }>(
        `explain analyze select * from check_statuses where check_id = $1 ${filter}
         order by time desc limit 50 offset 50`,
        [check.id],
      );
      const text = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
      expect(text).toContain(`Index Scan Backward using ${index} on check_statuses`);
      expect(text).not.toMatch(/Seq Scan|Bitmap|Sort/);
    }
    const total = await one<{ n: number }>(`select count(*)::int as n from check_statuses`);
    expect(total.n).toBe(20_000);
  });
});
