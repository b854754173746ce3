import {
  accessFor,
  decide,
  embedsOf,
  RESOURCE_OF,
  WRITING_FUNCTIONS,
} from '../../server/src/access/resource-map.js';
import { permissionsFor } from '../../server/src/access/roles.js';
import { openDatabase, type Db } from '../../server/src/platform/db/db.js';
import { parseQuery } from '../../server/src/platform/rest/parse.js';
import { loadSchema, type DbSchema } from '../../server/src/platform/rest/schema.js';
import { freshDatabase } from '../support/databases.js';

/** The map against the migrated schema: what /api/db exposes is what RESOURCE_OF names. */
let database: Awaited<ReturnType<typeof freshDatabase>>;
let db: Db;
let schema: DbSchema;
beforeAll(async () => {
  database = await freshDatabase('pglite', 'empty');
  db = await openDatabase({ dataDir: database.dataDir });
  schema = await loadSchema(db);
});
afterAll(async () => {
  await db.close();
  await database.drop();
});

const exposedNames = () => [
  ...schema.relations.keys(),
  ...[...schema.functions.keys()].map((name) => `rpc/${name}`),
];

describe('RESOURCE_OF against the migrated schema', () => {
  it('maps every relation and function /api/db exposes, and names nothing else', () => {
    const exposed = exposedNames();
    const missing = exposed.filter((name) => !Object.hasOwn(RESOURCE_OF, name)).sort();
    const unknown = Object.keys(RESOURCE_OF)
      .filter((name) => !exposed.includes(name))
      .sort();
    expect({ missing, unknown }).toEqual({ missing: [], unknown: [] });
    expect(exposed.length).toBeGreaterThan(70);
  });

  it('maps every view that takes writes to the resource of the table the writes land in', async () => {
    const { rows } = await db.query<{ name: string }>(
      `select table_name as name from information_schema.views
       where table_schema = 'public' and (is_updatable = 'YES' or is_insertable_into = 'YES')
       order by 1`,
    );
    expect(rows.map((row) => row.name)).toEqual(expect.arrayContaining(['incident_summary', 'config_names']));
    const mismatches: { view: string; table: string }[] = [];
    for (const { name } of rows) {
      if (!schema.relations.has(name)) continue;
      const plan = await db.query<{ 'QUERY PLAN': [{ Plan: { 'Relation Name': string } }] }>(
        `explain (format json) delete from "${name}" where false`,
      );
      const table = plan.rows[0]!['QUERY PLAN'][0].Plan['Relation Name'];
      if (RESOURCE_OF[name] !== RESOURCE_OF[table]) mismatches.push({ view: name, table });
    }
    expect(mismatches).toEqual([]);
  });

  it('has no function that changes data unless WRITING_FUNCTIONS says so', async () => {
    const { rows } = await db.query<{ name: string; volatility: string }>(
      `select p.proname as name, p.provolatile as volatility
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname = 'public'`,
    );
    const volatile = rows
      .filter((row) => schema.functions.has(row.name) && row.volatility === 'v')
      .map((row) => row.name)
      .filter((name) => !WRITING_FUNCTIONS.has(name));
    expect(volatile).toEqual([]);
    for (const name of WRITING_FUNCTIONS) expect(schema.functions.has(name)).toBe(true);
  });
});

/** A request as the UI sends it, decided for a role through the real schema's relationships. */
function decideRequest(roles: string[], method: string, path: string) {
  const [name, query = ''] = path.split('?') as [string, string?];
  const parsed = parseQuery(new URLSearchParams(query));
  return decide(permissionsFor(roles), accessFor(method, name, embedsOf(schema, name, parsed)));
}
const allowed = { allowed: true };
const refused = (message: string) => ({ allowed: false, message });

describe('embedsOf and the decision on calls of the specs', () => {
  it('finds each embedded relation with the columns asked for, at any depth', () => {
    const parsed = (query: string) => parseQuery(new URLSearchParams(query));
    expect(embedsOf(schema, 'agents_summary', parsed('select=*,created_by(id,name,avatar)'))).toEqual([
      { relation: 'people', columns: ['id', 'name', 'avatar'] },
    ]);
    expect(
      embedsOf(
        schema,
        'responders',
        parsed(
          'select=*,team:team_id(id,name,icon,spec),person:person_id(id,name,avatar)&person.order=email',
        ),
      ),
    ).toEqual([
      { relation: 'teams', columns: ['id', 'name', 'icon', 'spec'] },
      { relation: 'people', columns: ['id', 'name', 'avatar', 'email'] },
    ]);
    expect(
      embedsOf(
        schema,
        'incidents',
        parsed('select=id,hypotheses(id,evidences(*))&hypotheses.evidences.done=is.true'),
      ),
    ).toEqual([
      { relation: 'hypotheses', columns: ['id'] },
      { relation: 'evidences', columns: ['*', 'done'] },
    ]);
    expect(embedsOf(schema, 'rpc/lookup_analysis_by_component', parsed('select=*,config_id(name)'))).toEqual([
      { relation: 'configs', columns: ['name'] },
    ]);
    expect(embedsOf(schema, 'checks', parsed('select=*,no_such_thing(id)'))).toEqual([]);
    expect(embedsOf(schema, 'no_such_table', parsed('select=*,created_by(id)'))).toEqual([]);
  });

  it('lets a viewer read the lists that name people and teams', () => {
    for (const path of [
      'agents_summary?select=*,created_by(id,name,avatar)&order=name.asc&limit=50',
      'incident_summary?select=id,created_by(id,name),commander_id(id,name)',
      'notifications_summary?select=id,created_by(id,name),person_id(id,name),team_id(id,name)',
      'responders?incident_id=eq.1&select=*,team:team_id(id,name,icon,spec),person:person_id(id,name,avatar)&deleted_at=is.null',
      'integrations_with_status?select=*,created_by(id,name,avatar)&deleted_at=is.null&limit=100',
    ])
      expect([path, decideRequest(['viewer'], 'GET', path)]).toEqual([path, allowed]);
  });

  it('refuses a viewer more of a person than the public columns, however it is asked', () => {
    for (const path of [
      'agents_summary?select=*,created_by(*)',
      'agents_summary?select=*,created_by(id,email)',
      'agents_summary?select=*,created_by(id,name)&created_by.email=eq.a@example.com',
      'agents_summary?select=*,created_by(id,name)&created_by.or=(roles.cs.{admin},name.eq.x)',
      'agents_summary?select=*,created_by(id,name,identities(state))',
      'team_members?select=*,person_id(*)',
      'people?select=id,name,avatar',
    ])
      expect([path, decideRequest(['viewer'], 'GET', path)]).toEqual([
        path,
        refused('You may not read identities'),
      ]);
    expect(decideRequest(['editor'], 'GET', 'team_members?select=*,person_id(*)')).toEqual(allowed);
  });

  it('lets a responder add a responder and read back its person', () => {
    const path = 'responders?select=*,person:person_id(id,name,avatar)';
    expect(decideRequest(['responder'], 'POST', path)).toEqual(allowed);
    expect(decideRequest(['viewer'], 'POST', path)).toEqual(refused('You may not change responder'));
  });

  it('decides functions by what they read', () => {
    const path = 'rpc/lookup_analysis_by_component?select=*,config_id(name)';
    expect(decideRequest(['viewer'], 'GET', path)).toEqual(allowed);
    expect(decideRequest(['viewer'], 'POST', 'rpc/related_configs_recursive')).toEqual(allowed);
  });
});
