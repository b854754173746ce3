import { startFixture, type Fixture } from './test-fixture.js';
import { request } from './test-http.js';

let fixture: Fixture;
beforeAll(async () => {
  fixture = await startFixture();
});
afterAll(() => fixture.close());

const get = (path: string, headers: Record<string, string> = {}) =>
  request(fixture, 'GET', path, undefined, headers);
async function rows(path: string, headers: Record<string, string> = {}) {
  const answer = await get(path, headers);
  expect(answer.status).toBe(200);
  return answer.body as Record<string, unknown>[];
}
const sql = async (text: string, params: unknown[] = []) => (await fixture.db.query(text, params)).rows;
const names = (list: Record<string, unknown>[]) => list.map((row) => row.name);

describe('select', () => {
  it('answers every column with *, serialised by Postgres', async () => {
    const answer = await get('people?order=id');
    expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const expected = await sql(`select coalesce(json_agg(p order by id), '[]')::text as j from people p`);
    expect(answer.body).toEqual(JSON.parse(expected[0]!.j as string));
    expect((answer.body as Record<string, unknown>[])[0]!.created_at).toBe('2024-01-01T00:00:00+00:00');
  });

  it('picks columns, aliases them and follows JSON paths', async () => {
    expect(
      await rows('people?select=id,who:name,settings->>theme,max:settings->limits->max&id=eq.1'),
    ).toEqual([{ id: 1, who: 'Ada', theme: 'dark', max: 5 }]);
  });

  it('casts selected columns from an allowed list', async () => {
    expect(await rows('incidents?select=id,score::text&id=eq.1')).toEqual([{ id: 1, score: '9.50' }]);
    expect((await get('incidents?select=id::regclass')).status).toBe(400);
  });

  it('embeds to-one relations by table name, column name and alias', async () => {
    const list = await rows(
      'incidents?select=id,created_by(name),boss:commander_id(name),people!incidents_created_by_fkey(id)&order=id',
    );
    expect(list[0]).toEqual({
      id: 1,
      created_by: { name: 'Ada' },
      boss: { name: 'Brendan' },
      people: { id: 1 },
    });
    expect(list[2]).toEqual({ id: 3, created_by: null, boss: null, people: null });
  });

  it('refuses an ambiguous embed with 300 and an unknown one with 400', async () => {
    expect(await get('incidents?select=id,people(name)')).toMatchObject({
      status: 300,
      body: { code: 'PGRST201' },
    });
    expect(await get('incidents?select=id,nowhere(name)')).toMatchObject({
      status: 400,
      body: { code: 'PGRST200' },
    });
  });

  it('embeds to-many relations, nested, and one-to-one by a unique key as an object', async () => {
    const list = await rows(
      'incidents?select=id,hypotheses(id,evidences(component_id))&id=in.(1,3)&order=id&hypotheses.order=id',
    );
    expect(list).toEqual([
      {
        id: 1,
        hypotheses: [
          { id: 1, evidences: [{ component_id: 'db-1' }] },
          { id: 2, evidences: [{ component_id: 'db-1' }] },
        ],
      },
      { id: 3, hypotheses: [] },
    ]);
    expect(await rows('people?select=name,profiles(bio)&id=in.(1,2)&order=id')).toEqual([
      { name: 'Ada', profiles: { bio: 'Countess' } },
      { name: 'Brendan', profiles: null },
    ]);
  });

  it('embeds through a view by its inferred foreign key (the way agents_summary is used)', async () => {
    const list = await rows('incident_summary?select=*,created_by(id,name)&order=id&limit=2');
    expect(list[0]).toEqual({
      id: 1,
      title: 'Database down',
      severity: 'high',
      created_by: { id: 1, name: 'Ada' },
      hypothesis_count: 2,
    });
    expect(await rows('people?select=name,incident_summary(title)&id=eq.2')).toEqual([
      { name: 'Brendan', incident_summary: [{ title: 'Slow API' }] },
    ]);
  });

  it('infers view keys from the columns the view outputs, not from what it reads elsewhere', async () => {
    // incident_summary also reads hypotheses.id (a second `id`): its own id is still incidents.id.
    expect(await rows('incident_summary?select=id,hypotheses(id)&id=eq.1&hypotheses.order=id')).toEqual([
      { id: 1, hypotheses: [{ id: 1 }, { id: 2 }] },
    ]);
    // A renamed column is its base column too (connection_secrets.owner is connections.created_by).
    expect(await rows('connection_secrets?select=id,owner(name)')).toEqual([
      { id: 1, owner: { name: 'Ada' } },
    ]);
    expect(await rows('people?select=name,connection_secrets(id)&id=eq.1')).toEqual([
      { name: 'Ada', connection_secrets: [{ id: 1 }] },
    ]);
  });

  it('embeds the referenced row by the foreign-key column (team_members?select=*,person_id(*))', async () => {
    const list = await rows('team_members?team_id=eq.1&select=*,person_id(*)&order=person_id');
    const people = await sql(`select to_json(p)::text as j from people p where id in (1, 2) order by id`);
    expect(list.map((row) => row.person_id)).toEqual(people.map((row) => JSON.parse(row.j as string)));
    // The embed replaces the column: the key appears once per row, not twice.
    const text = await (
      await fetch(`${fixture.baseUrl}/team_members?team_id=eq.1&select=*,person_id(*)`)
    ).text();
    expect(text.match(/"person_id"/g)).toHaveLength(list.length);
  });

  it('filters embedded rows without filtering the parent, unless !inner', async () => {
    const loose = await rows('incidents?select=id,hypotheses(id)&hypotheses.status=eq.likely&order=id');
    expect(loose.map((row) => row.hypotheses)).toEqual([[{ id: 2 }], [], [], []]);
    const inner = await rows('incidents?select=id,hypotheses!inner(id)&hypotheses.status=eq.likely');
    expect(inner).toEqual([{ id: 1, hypotheses: [{ id: 2 }] }]);
  });

  it('filters two levels down (hypotheses.evidences.component_id) with nested !inner', async () => {
    const list = await rows(
      'incidents?select=id,hypotheses!inner(evidences!inner())&hypotheses.evidences.component_id=eq.api-7',
    );
    expect(list).toEqual([{ id: 2, hypotheses: [{}] }]);
    const expected =
      await sql(`select distinct i.id from incidents i join hypotheses h on h.incident_id = i.id
      join evidences e on e.hypothesis_id = h.id where e.component_id = 'api-7'`);
    expect(list.map((row) => row.id)).toEqual(expected.map((row) => row.id));
  });

  it('filters on an embed that is not selected are a 400', async () => {
    expect(await get('incidents?select=id&hypotheses.status=eq.x')).toMatchObject({
      status: 400,
      body: { code: 'PGRST108' },
    });
  });

  it('limits and orders embedded rows', async () => {
    const list = await rows(
      'incidents?select=id,hypotheses(id)&id=eq.1&hypotheses.order=id.desc&hypotheses.limit=1',
    );
    expect(list).toEqual([{ id: 1, hypotheses: [{ id: 2 }] }]);
  });
});

describe('filters', () => {
  const cases: [string, string][] = [
    ['age=eq.36', 'age = 36'],
    ['age=neq.36', 'age <> 36'],
    ['age=gt.36', 'age > 36'],
    ['age=gte.36', 'age >= 36'],
    ['age=lt.36', 'age < 36'],
    ['age=lte.36', 'age <= 36'],
    ['name=like.*a*', `name like '%a%'`],
    ['name=ilike.a*', `name ilike 'a%'`],
    ['name=match.^[AB]', `name ~ '^[AB]'`],
    ['name=imatch.^c', `name ~* '^c'`],
    ['id=in.(1,3,9)', 'id in (1, 3, 9)'],
    ['name=in.(Ada,"Dmitri \\"the, quoted\\"")', `name in ('Ada', 'Dmitri "the, quoted"')`],
    ['email=is.null', 'email is null'],
    ['age=isdistinct.36', 'age is distinct from 36'],
    ['tags=cs.{dev}', `tags @> '{dev}'`],
    ['tags=cd.{dev,admin}', `tags <@ '{dev,admin}'`],
    ['tags=ov.{ops,admin}', `tags && '{ops,admin}'`],
    ['settings=cs.{"theme":"dark"}', `settings @> '{"theme":"dark"}'`],
    ['settings->>theme=eq.light', `settings->>'theme' = 'light'`],
    ['settings->limits->max=eq.5', `settings->'limits'->'max' = '5'`],
    ['name=fts.ada', `to_tsvector(name) @@ to_tsquery('ada')`],
    ['name=plfts(english).the cleo', `name @@ plainto_tsquery('english', 'the cleo')`],
    ['name=like(any).{A*,C*}', `name like any('{A%,C%}')`],
    ['age=not.eq.36', 'not (age = 36)'],
    ['email=not.is.null', 'email is not null'],
    ['id=not.in.(1,2)', 'id not in (1, 2)'],
    ['or=(age.gt.40,name.eq.Cleo)', `(age > 40 or name = 'Cleo')`],
    [
      'or=(age.gt.40,and(name.like.*a*,age.not.is.null))',
      `(age > 40 or (name like '%a%' and age is not null))`,
    ],
    ['not.or=(age.gt.40,age.is.null)', 'not (age > 40 or age is null)'],
    ['and=(age.gte.29,or(tags.cs.{ops},name.eq.Ada))', `age >= 29 and (tags @> '{ops}' or name = 'Ada')`],
    ['or=(name.in.(Ada,Cleo),email.is.null)', `name in ('Ada','Cleo') or email is null`],
    ['age=gte.29&age=lt.50', 'age >= 29 and age < 50'],
  ];
  it.each(cases)('%s answers what SQL "%s" selects', async (query, where) => {
    const list = await rows(`people?select=name&${query.replace(/ /g, '%20')}&order=id`);
    expect(names(list)).toEqual(
      (await sql(`select name from people where ${where} order by id`)).map((row) => row.name),
    );
  });

  it('compares booleans and timestamps as their column types', async () => {
    expect(await rows('evidences?select=id&done=eq.true')).toEqual([{ id: 1 }]);
    expect(await rows('incidents?select=id&opened_at=gte.2024-02-01T10:00:00Z&id=eq.1')).toEqual([{ id: 1 }]);
  });

  it('answers a bad value, operator or column with 400', async () => {
    expect(await get('people?age=eq.old')).toMatchObject({ status: 400, body: { code: '22P02' } });
    expect(await get('people?age=between.1')).toMatchObject({ status: 400, body: { code: 'PGRST100' } });
    expect(await get('people?age=is.maybe')).toMatchObject({ status: 400, body: { code: 'PGRST100' } });
    expect(await get('people?shoe_size=eq.1')).toMatchObject({
      status: 400,
      body: { code: '42703', message: 'column people.shoe_size does not exist' },
    });
    expect(await get('people?select=shoe_size')).toMatchObject({ status: 400, body: { code: '42703' } });
    expect(await get('people?or=(age.gt.1')).toMatchObject({ status: 400, body: { code: 'PGRST100' } });
  });
});

describe('order, paging and counting', () => {
  it('orders with directions and nulls placement', async () => {
    expect(names(await rows('people?select=name&order=age.desc.nullslast'))).toEqual([
      'Brendan',
      'Ada',
      'Dmitri "the, quoted"',
      'Cleo',
    ]);
    expect(names(await rows('people?select=name&order=age.asc.nullsfirst'))).toEqual([
      'Cleo',
      'Dmitri "the, quoted"',
      'Ada',
      'Brendan',
    ]);
    expect(names(await rows('people?select=name&order=settings->>theme.desc.nullslast,id.desc'))).toEqual([
      'Brendan',
      'Dmitri "the, quoted"',
      'Ada',
      'Cleo',
    ]);
  });

  it('pages with limit and offset, and answers Content-Range', async () => {
    const answer = await get('people?select=id&order=id&limit=2&offset=1');
    expect(answer.body).toEqual([{ id: 2 }, { id: 3 }]);
    expect(answer.headers.get('content-range')).toBe('1-2/*');
    expect(answer.status).toBe(200);
  });

  it('counts with Prefer: count=exact and answers 206 for a part', async () => {
    const answer = await get('people?select=id&order=id&limit=2', { Prefer: 'count=exact' });
    expect(answer.status).toBe(206);
    expect(answer.headers.get('content-range')).toBe('0-1/4');
    const all = await get('people?select=id', { Prefer: 'count=exact' });
    expect([all.status, all.headers.get('content-range')]).toEqual([200, '0-3/4']);
    const none = await get('people?select=id&id=eq.99', { Prefer: 'count=exact' });
    expect([none.status, none.headers.get('content-range'), none.body]).toEqual([200, '*/0', []]);
  });

  it('honours a Range header (items)', async () => {
    const answer = await get('people?select=id&order=id', {
      Range: '1-2',
      'Range-Unit': 'items',
      Prefer: 'count=exact',
    });
    expect([answer.status, answer.headers.get('content-range'), answer.body]).toEqual([
      206,
      '1-2/4',
      [{ id: 2 }, { id: 3 }],
    ]);
    expect(await get('people?select=id', { Range: '9-10', Prefer: 'count=exact' })).toMatchObject({
      status: 416,
      body: { code: 'PGRST103' },
    });
  });

  it('answers HEAD with headers and no body', async () => {
    const response = await fetch(`${fixture.baseUrl}/people?limit=1`, {
      method: 'HEAD',
      headers: { Prefer: 'count=exact' },
    });
    expect([response.status, response.headers.get('content-range'), await response.text()]).toEqual([
      206,
      '0-0/4',
      '',
    ]);
  });

  it('answers a single object for vnd.pgrst.object+json, 406 otherwise', async () => {
    const accept = { Accept: 'application/vnd.pgrst.object+json' };
    expect(await get('people?select=name&id=eq.2', accept)).toMatchObject({
      status: 200,
      body: { name: 'Brendan' },
    });
    expect(await get('people?select=name', accept)).toMatchObject({
      status: 406,
      body: { code: 'PGRST116', details: 'The result contains 4 rows' },
    });
    expect(await get('people?id=eq.99', accept)).toMatchObject({ status: 406, body: { code: 'PGRST116' } });
    expect(await get('people', { Accept: 'text/csv' })).toMatchObject({
      status: 406,
      body: { code: 'PGRST107' },
    });
  });

  it('answers 404 PGRST205 for an unknown or hidden table', async () => {
    for (const table of ['nothing', 'schema_migrations', '_hidden']) {
      expect(await get(table)).toMatchObject({
        status: 404,
        body: { code: 'PGRST205', message: `Could not find the table 'public.${table}' in the schema cache` },
      });
    }
  });
});

describe('rpc', () => {
  it('calls a scalar function with GET arguments and defaults', async () => {
    expect(await get('rpc/add_numbers?a=5')).toMatchObject({ status: 200, body: 15 });
    expect(await get('rpc/add_numbers?a=5&b=1')).toMatchObject({ status: 200, body: 6 });
  });

  it('calls with a POST body', async () => {
    const response = await fetch(`${fixture.baseUrl}/rpc/add_numbers`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ a: 2, b: 3 }),
    });
    expect([response.status, await response.json()]).toEqual([200, 5]);
  });

  it('filters, orders, selects and embeds on a set-returning function', async () => {
    const list = await rows(
      'rpc/incidents_by_severity?sev=high&select=id,created_by(name)&order=id.desc&id=gt.1',
    );
    expect(list).toEqual([{ id: 4, created_by: { name: 'Dmitri "the, quoted"' } }]);
    expect(await rows('rpc/team_sizes?members=gt.0&order=team_name')).toEqual([
      { team_name: 'Core', members: 2 },
      { team_name: 'Edge', members: 2 },
    ]);
  });

  it('answers 204 for void and 404 PGRST202 for unknown functions or arguments', async () => {
    expect((await get('rpc/touch_nothing')).status).toBe(204);
    expect(await get('rpc/nothing')).toMatchObject({ status: 404, body: { code: 'PGRST202' } });
    expect(await get('rpc/add_numbers?b=1')).toMatchObject({ status: 404, body: { code: 'PGRST202' } });
    expect(await get('rpc/add_numbers?a=x')).toMatchObject({ status: 400, body: { code: '22P02' } });
  });
});
