import { dodSampleFor } from '../../../../common/dod-scripts.js';
import { RESPONDER_FIELDS, type ResponderType } from '../../../../common/incidents.js';
import { createLogger } from '../../http/logging.js';
import { LOCAL_AGENT } from '../../../../common/agents.js';
import type { Db } from '../db/db.js';
import { openTestDatabase } from '../db/test-database.js';
import { runDefinitionOfDone } from '../incidents/dod-job.js';
import { runIncidentRules } from '../incidents/incident-rules/engine.js';
import { RESPONDER_KINDS, type IncidentRuleSpec } from '../incidents/incident-rules/match.js';
import { ResponderDelivery } from '../incidents/responders/index.js';
import { plainSpecValidatorOf, specValidatorOf } from '../specs/kinds.js';
import { loadDemoData } from './index.js';

const NOW = new Date(Math.floor(Date.now() / 1000) * 1000);
/** The demo's clock in SQL: online and offline are as of the load, however long the suite takes. */
const AT_LOAD = `'${NOW.toISOString()}'::timestamptz`;

/** Columns whose values the database, not the loader, decides. */
const VOLATILE: Record<string, string[]> = {
  incidents: ['updated_at'], // bumped by the trigger when the loader walks statuses
  incident_histories: ['id'], // written by triggers with gen_random_uuid()
};
const FINGERPRINTED = [
  'people',
  'teams',
  'team_members',
  'agents',
  'configs',
  'config_changes',
  'config_analysis',
  'config_relationships',
  'components',
  'canaries',
  'checks',
  'check_statuses',
  'incidents',
  'hypotheses',
  'evidences',
  'comments',
  'responders',
  'incident_histories',
  'notifications',
  'notification_send_history',
  'playbook_runs',
  'playbook_run_actions',
  'job_histories',
  'connections',
  'permissions',
  'properties',
  'event_queue',
];

async function fingerprint(db: Db): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const table of FINGERPRINTED) {
    const { rows } = await db.query<{ column_name: string }>(
      `select column_name from information_schema.columns
        where table_schema = current_schema() and table_name = $1 order by ordinal_position`,
      [table],
    );
    const cols = rows.map((r) => r.column_name).filter((c) => !VOLATILE[table]?.includes(c));
    const list = cols.map((c) => `"${c}"`).join(', ');
    // The migration's own 'local' agent row carries its creation time.
    const where = table === 'agents' ? `where id <> '00000000-0000-0000-0000-000000000000'` : '';
    const result = await db.query<{ md5: string; n: number }>(
      `select md5(string_agg(x::text, '|' order by x::text)) as md5, count(*)::int as n
         from (select ${list} from ${table} ${where}) x`,
    );
    out[table] = `${result.rows[0]!.n}:${result.rows[0]!.md5}`;
  }
  return out;
}

async function one<T = number>(db: Db, sql: string): Promise<T> {
  const { rows } = await db.query<Record<string, T>>(sql);
  return Object.values(rows[0]!)[0]!;
}

describe('loadDemoData', () => {
  let db: Db;
  let counts: Record<string, number>;

  // How long the load takes is a budget `npm run bench` reports, not something a test run on a
  // busy machine can assert.
  beforeAll(async () => {
    db = await openTestDatabase('empty');
    counts = await loadDemoData(db, { now: NOW });
  }, 120_000);
  afterAll(() => db.close());

  it('returns the rows written per table', async () => {
    expect(counts.checks).toBe(await one(db, 'select count(*)::int from checks'));
    expect(counts.check_statuses).toBe(await one(db, 'select count(*)::int from check_statuses'));
    expect(counts.configs).toBe(await one(db, 'select count(*)::int from configs'));
  });

  it('has checks in namespaces, with 7 days of statuses, some failing, latest status on the check', async () => {
    expect(await one(db, 'select count(*)::int from checks')).toBeGreaterThanOrEqual(200);
    expect(await one(db, 'select count(distinct namespace)::int from checks')).toBeGreaterThanOrEqual(5);
    expect(await one(db, `select count(*)::int from checks where labels <> '{}'`)).toBeGreaterThanOrEqual(
      200,
    );
    expect(await one(db, `select count(distinct type)::int from checks`)).toBeGreaterThanOrEqual(8);
    expect(await one(db, `select count(*)::int from canaries where spec <> '{}'`)).toBeGreaterThan(10);
    expect(await one(db, 'select count(*)::int from check_statuses where not status')).toBeGreaterThan(100);
    expect(await one(db, `select count(*)::int from checks where status = 'unhealthy'`)).toBeGreaterThan(5);
    expect(await one(db, 'select count(distinct duration)::int from check_statuses')).toBeGreaterThan(500);
    const span = await one<string>(db, `select (max(time) - min(time))::text from check_statuses`);
    expect(span).toMatch(/^6 days|^7 days/);
    expect(await one<Date>(db, 'select max(time) from check_statuses')).toEqual(expect.any(Date));
    expect(
      await one(
        db,
        `select count(*)::int from checks c
        join lateral (select status, time from check_statuses s where s.check_id = c.id order by time desc limit 1) l on true
        where (c.status = 'healthy') <> l.status or c.last_runtime <> l.time`,
      ),
    ).toBe(0);
  });

  it.each(['canaries', 'topologies', 'config_scrapers', 'playbooks'] as const)(
    'has %s whose specs their editor (and CRD) accepts as they are',
    async (table) => {
      const { rows } = await db.query<{ name: string; spec: unknown }>(`select name, spec from ${table}`);
      expect(rows.length).toBeGreaterThan(0);
      const validator = specValidatorOf(table);
      const refused = rows.flatMap(({ name, spec }) =>
        validator.problems(spec).map((p) => `${name}: ${p.message}`),
      );
      expect(refused).toEqual([]);
    },
  );

  it('has logging backends whose specs the LoggingBackend schema accepts', async () => {
    const { rows } = await db.query<{ name: string; spec: unknown }>(
      `select name, spec from logging_backends`,
    );
    expect(rows.length).toBeGreaterThan(0);
    const validator = plainSpecValidatorOf('logging_backends');
    expect(
      rows.flatMap(({ name, spec }) => validator.problems(spec).map((p) => `${name}: ${p.message}`)),
    ).toEqual([]);
  });

  it('has a catalog of many types with changes, insights and relationships', async () => {
    expect(await one(db, 'select count(*)::int from configs')).toBeGreaterThanOrEqual(500);
    expect(await one(db, 'select count(distinct type)::int from configs')).toBeGreaterThanOrEqual(15);
    for (const type of [
      'Kubernetes::Pod',
      'Kubernetes::Deployment',
      'Kubernetes::Namespace',
      'Kubernetes::Node',
      'AWS::EC2::Instance',
      'AWS::RDS::DBInstance',
      'AWS::S3::Bucket',
      'AWS::IAM::Role',
      'Azure::VM',
      'GitHub::Repository',
    ]) {
      expect(await one(db, `select count(*)::int from configs where type = '${type}'`)).toBeGreaterThan(0);
    }
    expect(await one(db, 'select count(distinct health)::int from configs')).toBe(4);
    expect(await one(db, 'select count(*)::int from configs where cost_total_30d > 0')).toBeGreaterThan(50);
    expect(await one(db, 'select count(distinct change_type)::int from config_changes')).toBeGreaterThan(10);
    expect(await one(db, 'select count(distinct severity)::int from config_changes')).toBeGreaterThanOrEqual(
      5,
    );
    expect(await one(db, 'select count(distinct (analysis_type, severity))::int from config_analysis')).toBe(
      70,
    );
    expect(await one(db, 'select count(distinct relation)::int from config_relationships')).toBe(2);
    // namespace → deployment → replicaset → pod, and node → pod
    expect(
      await one(
        db,
        `select count(*)::int from config_relationships r
        join configs a on a.id = r.config_id join configs b on b.id = r.related_id
        where a.type = 'Kubernetes::Node' and b.type = 'Kubernetes::Pod'`,
      ),
    ).toBeGreaterThan(50);
    expect(
      await one(db, `select count(*)::int from configs where type = 'Kubernetes::Pod' and path like '%.%.%'`),
    ).toBeGreaterThan(50);
    expect(await one(db, 'select count(*)::int from config_scrapers')).toBeGreaterThan(3);
  });

  it('has a topology of at least 50 components in at least 3 levels', async () => {
    expect(await one(db, 'select count(*)::int from components')).toBeGreaterThanOrEqual(50);
    expect(
      await one(db, `select max(array_length(string_to_array(path, '.'), 1))::int + 1 from components`),
    ).toBeGreaterThanOrEqual(3);
    expect(await one(db, 'select count(*)::int from team_components')).toBeGreaterThan(10);
    expect(await one(db, 'select count(*)::int from config_component_relationships')).toBeGreaterThan(50);
    expect(await one(db, 'select count(*)::int from check_component_relationships')).toBeGreaterThan(50);
    expect(await one(db, 'select count(*)::int from components_with_logs')).toBeGreaterThan(10);
  });

  it('has incidents in every status with hypotheses, every evidence type, comments and responders', async () => {
    const { rows } = await db.query<{ status: string; n: number }>(
      'select status, count(*)::int as n from incidents group by status',
    );
    expect(rows.map((r) => r.status).sort()).toEqual([
      'closed',
      'investigating',
      'mitigated',
      'new',
      'open',
      'resolved',
    ]);
    for (const r of rows) expect(r.n).toBeGreaterThanOrEqual(10);
    expect(await one(db, 'select count(distinct type)::int from hypotheses')).toBe(3);
    expect(await one(db, 'select count(distinct type)::int from evidences')).toBe(7);
    expect(await one(db, 'select count(*)::int from evidences where definition_of_done')).toBeGreaterThan(10);
    expect(
      await one(
        db,
        `select count(*)::int from comments where comment ~ '@\\[[^]]+\\]\\(user:[0-9a-f-]{36}\\)'`,
      ),
    ).toBeGreaterThan(5);
    expect(await one(db, 'select count(distinct type)::int from responders')).toBeGreaterThanOrEqual(3);
    expect(await one(db, "select count(*)::int from teams where spec ? 'responder_clients'")).toBeGreaterThan(
      0,
    );
    // the changelog comes from the triggers, dated like the events it records
    expect(await one(db, 'select count(distinct type)::int from incident_histories')).toBeGreaterThanOrEqual(
      7,
    );
    expect(
      await one(
        db,
        `select count(*)::int from incident_histories where created_at > $$${NOW.toISOString()}$$::timestamptz`,
      ),
    ).toBe(0);
  });

  it('has incident rules whose specs the IncidentRule schema accepts as they are', async () => {
    const { rows } = await db.query<{ name: string; spec: unknown }>(`select name, spec from incident_rules`);
    expect(rows.length).toBeGreaterThan(0);
    const validator = plainSpecValidatorOf('incident_rules');
    const refused = rows.flatMap(({ name, spec }) =>
      validator.problems(spec).map((p) => `${name}: ${p.message}`),
    );
    expect(refused).toEqual([]);
  });

  it('has incident rules whose responders the engine adds, teams named as the demo names them', async () => {
    const { rows } = await db.query<{ name: string; spec: IncidentRuleSpec }>(
      `select name, spec from incident_rules`,
    );
    const teams = (await db.query<{ name: string }>(`select name from teams where deleted_at is null`)).rows;
    const responders = rows.flatMap(({ name, spec }) =>
      Object.entries(spec.responders ?? {}).flatMap(([key, entries]) =>
        (entries ?? []).map((entry) => ({ rule: name, key, entry })),
      ),
    );
    expect(responders.filter(({ key }) => !RESPONDER_KINDS[key])).toEqual([]);
    const teamResponders = responders.filter(({ key }) => RESPONDER_KINDS[key] === 'team');
    expect(teamResponders.length).toBeGreaterThan(0);
    expect(teamResponders.filter(({ entry }) => !teams.some((t) => t.name === entry.name))).toEqual([]);
  });

  it("gives each automatic definition-of-done item the sample script of its evidence's type, and that target", async () => {
    const { rows } = await db.query<{
      type: string;
      script: string | null;
      component_id: string | null;
      check_id: string | null;
      config_analysis_id: string | null;
    }>(
      `select type, script, component_id, check_id, config_analysis_id from evidences where definition_of_done`,
    );
    expect(rows.filter((e) => e.script !== (dodSampleFor(e.type)?.script ?? null))).toEqual([]);
    const scripted = rows.filter((e) => e.script !== null);
    expect(new Set(scripted.map((e) => e.type))).toEqual(new Set(['topology', 'check', 'config_analysis']));
    const target = {
      topology: 'component_id',
      check: 'check_id',
      config_analysis: 'config_analysis_id',
    } as const;
    expect(scripted.filter((e) => !e[target[e.type as keyof typeof target]])).toEqual([]);
  });

  it('queues none of its own responders for delivery: they have their external ids already', async () => {
    expect(
      await one(db, `select count(*)::int from responders where team_id is not null and deleted_at is null`),
    ).toBeGreaterThan(10);
    expect(await one(db, 'select count(*)::int from responders where delivery_status is not null')).toBe(0);
  });

  it('has people, teams, notifications, playbooks, agents and settings', async () => {
    expect(await one(db, 'select count(*)::int from people where email is not null')).toBeGreaterThanOrEqual(
      20,
    );
    expect(await one(db, 'select count(*)::int from identities')).toBeGreaterThanOrEqual(20);
    expect(await one(db, 'select count(*)::int from team_members')).toBeGreaterThan(10);
    expect(await one(db, 'select count(distinct status)::int from notification_send_history')).toBe(6);
    expect(await one(db, 'select count(*)::int from notification_silences')).toBeGreaterThan(3);
    expect(await one(db, 'select count(distinct status)::int from playbook_runs')).toBe(10);
    // Each action's template names the kind of resource its playbook runs on (the runner fails
    // a run whose template reads a resource it does not have).
    expect(
      await one(
        db,
        `select count(*)::int from playbooks p, jsonb_array_elements(p.spec -> 'actions') a
          where not (a -> 'exec' ->> 'script') like '%{{.' || case when p.spec ? 'configs' then 'config'
            when p.spec ? 'components' then 'component' else 'check' end || '.name}}%'`,
      ),
    ).toBe(0);
    // The console's runner would take up the local agent's unfinished runs at start.
    expect(
      await one(
        db,
        `select count(*)::int from playbook_runs where agent_id = '${LOCAL_AGENT}'
           and status not in ('completed', 'failed', 'cancelled', 'timed_out')`,
      ),
    ).toBe(0);
    expect(await one(db, 'select count(*)::int from playbook_run_actions')).toBeGreaterThan(50);
    expect(
      await one(
        db,
        `select count(distinct p ->> 'type')::int from playbooks, jsonb_array_elements(spec -> 'parameters') p`,
      ),
    ).toBeGreaterThanOrEqual(6);
    expect(
      await one(db, `select count(*)::int from agents where last_seen > ${AT_LOAD} - interval '61 seconds'`),
    ).toBeGreaterThan(0);
    expect(
      await one(db, `select count(*)::int from agents where last_seen < ${AT_LOAD} - interval '61 seconds'`),
    ).toBeGreaterThan(0);
    expect(await one(db, 'select count(distinct type)::int from connections')).toBeGreaterThan(10);
    expect(await one(db, 'select count(distinct status)::int from job_histories')).toBe(5);
    expect(
      await one(
        db,
        `select count(distinct resource_type)::int from job_histories where resource_type in ('canary', 'topology', 'config_scraper')`,
      ),
    ).toBe(3);
    expect(await one(db, 'select count(*)::int from event_queue')).toBeGreaterThan(10);
    expect(
      await one(db, `select count(*)::int from properties where name like '%.disable' and value <> 'false'`),
    ).toBe(0);
    expect(await one(db, 'select count(*)::int from permissions')).toBeGreaterThan(5);
    expect(await one(db, 'select count(*)::int from incident_rules')).toBeGreaterThan(0);
    expect(await one(db, 'select count(*)::int from logging_backends')).toBeGreaterThan(0);
    expect(await one(db, 'select count(*)::int from integrations')).toBeGreaterThan(5);
  });

  it('is deterministic: the same seed and "now" give the same rows', async () => {
    const other = await openTestDatabase('empty');
    try {
      await loadDemoData(other, { now: NOW });
      expect(await fingerprint(other)).toEqual(await fingerprint(db));
    } finally {
      await other.close();
    }
  }, 120_000);

  it('gives different data for a different seed', async () => {
    const other = await openTestDatabase('empty');
    try {
      await loadDemoData(other, { now: NOW, seed: 7 });
      const [a, b] = [await fingerprint(other), await fingerprint(db)];
      expect(a.checks).not.toEqual(b.checks);
    } finally {
      await other.close();
    }
  }, 120_000);

  // These run the console's background work on the data, so they come after the tests that read it as loaded.
  describe("under the console's incident work", () => {
    const logger = createLogger('silent');

    it('opens incidents for the failing critical checks with the SRE team as their responder', async () => {
      const outcome = await runIncidentRules(db, new Date());
      expect(outcome.errors).toEqual([]);
      const { rows } = await db.query<{ title: string; teams: string[] }>(
        `select i.title, array_agg(t.name order by t.name) filter (where t.name is not null) as teams
           from incidents i
           join incident_rules r on r.id = i.incident_rule_id
           left join responders s on s.incident_id = i.id
           left join teams t on t.id = s.team_id
          where r.name = 'critical-checks' and i.created_at > $1
          group by i.id, i.title`,
        [NOW],
      );
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(row).toEqual({ title: row.title, teams: ['SRE'] });
    });

    it('evaluates every automatic definition-of-done item against its target without an error', async () => {
      const outcome = await runDefinitionOfDone(db, new Date());
      expect(outcome.errors).toEqual([]);
      expect((outcome.details as { evaluated: number }).evaluated).toBeGreaterThan(0);
    });

    it('fails, saying why, a responder added to a demo team whose configuration names no connection', async () => {
      const incident = await one<string>(db, `select id from incidents where status = 'open' limit 1`);
      const { rows: teams } = await db.query<{
        id: string;
        clients: Record<string, { values?: Record<string, string> }>;
      }>(`select id, spec -> 'responder_clients' as clients from teams where spec ? 'responder_clients'`);
      for (const team of teams)
        for (const [type, client] of Object.entries(team.clients)) {
          const fields = RESPONDER_FIELDS[type as ResponderType].map((field) => [field, `a ${field}`]);
          const properties = { responderType: type, ...Object.fromEntries(fields), ...client.values };
          await db.query(
            `insert into responders (incident_id, type, team_id, properties) values ($1, $2, $3, $4)`,
            [incident, type, team.id, JSON.stringify(properties)],
          );
        }
      const delivery = new ResponderDelivery({ db, logger }).consumer();
      const signal = new AbortController().signal;
      for (let due = await delivery.claim(10); due.length > 0; due = await delivery.claim(10))
        for (const item of due) await delivery.handle(item, { signal, log: logger });

      const { rows } = await db.query<{ type: string; status: string; attempts: number; error: string }>(
        `select type, delivery_status as status, delivery_attempts as attempts, delivery_error as error
           from responders where delivery_status is not null order by type`,
      );
      expect(new Set(rows.map((r) => r.type))).toEqual(
        new Set(['email', 'jira', 'ms_planner', 'aws_support']),
      );
      for (const row of rows)
        expect(row).toEqual({
          type: row.type,
          status: 'failed',
          attempts: 1,
          error:
            row.type === 'ms_planner'
              ? 'the ms_planner responder configuration names no connection or password (token)'
              : `the ${row.type} responder configuration names no connection or url`,
        });
    });
  });
});
