import { startFixture, type Fixture } from './test-fixture.js';
import { request } from './test-http.js';

let fixture: Fixture;
beforeAll(async () => {
  fixture = await startFixture();
});
afterAll(() => fixture.close());

const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  request(fixture, method, path, body, headers);
const representation = { Prefer: 'return=representation' };
const sql = async (text: string, params: unknown[] = []) => (await fixture.db.query(text, params)).rows;

describe('POST', () => {
  it('inserts one object and answers 201 with no body by default', async () => {
    const answer = await call('POST', 'teams', { name: 'Minimal' });
    expect([answer.status, answer.body]).toEqual([201, undefined]);
    expect(await sql(`select name, icon from teams where name = 'Minimal'`)).toEqual([
      { name: 'Minimal', icon: null },
    ]);
  });

  it('inserts an array and answers the rows with return=representation and select', async () => {
    const answer = await call(
      'POST',
      'teams?select=name,spec',
      [
        { name: 'R1', spec: { x: [1, 2] } },
        { name: 'R2', spec: null },
      ],
      representation,
    );
    expect(answer).toMatchObject({
      status: 201,
      body: [
        { name: 'R1', spec: { x: [1, 2] } },
        { name: 'R2', spec: null },
      ],
    });
  });

  it('converts JSON to column types (arrays, jsonb, timestamps) and embeds in the representation', async () => {
    const answer = await call(
      'POST',
      'incidents?select=title,opened_at,created_by(name)',
      { title: 'Typed', created_by: 1, opened_at: '2024-05-01T12:00:00Z', score: '1.5' },
      representation,
    );
    expect(answer.body).toEqual([
      { title: 'Typed', opened_at: '2024-05-01T12:00:00+00:00', created_by: { name: 'Ada' } },
    ]);
    const person = await call(
      'POST',
      'people?select=tags,settings',
      { name: 'Eve', tags: ['a', 'b"c'], settings: { k: 'v' } },
      representation,
    );
    expect(person.body).toEqual([{ tags: ['a', 'b"c'], settings: { k: 'v' } }]);
  });

  it('inserts team members as an array (the spec call), all or nothing', async () => {
    expect(
      (
        await call('POST', 'team_members', [
          { team_id: 2, person_id: 2 },
          { team_id: 2, person_id: 4 },
        ])
      ).status,
    ).toBe(201);
    const failing = await call('POST', 'team_members', [
      { team_id: 3, person_id: 1 },
      { team_id: 3, person_id: 999 },
    ]);
    expect(failing).toMatchObject({ status: 409, body: { code: '23503' } });
    expect(await sql('select * from team_members where team_id = 3')).toEqual([]);
  });

  it('answers constraint violations with PostgREST statuses', async () => {
    expect(await call('POST', 'teams', { name: 'Core' })).toMatchObject({
      status: 409,
      body: { code: '23505' },
    });
    expect(await call('POST', 'teams', { icon: 'x' })).toMatchObject({
      status: 400,
      body: { code: '23502' },
    });
    expect(await call('POST', 'incidents', { title: 't', severity: 'apocalyptic' })).toMatchObject({
      status: 400,
      body: { code: '23514' },
    });
    expect(await call('POST', 'people', { name: 'x', age: 'old' })).toMatchObject({
      status: 400,
      body: { code: '22P02' },
    });
    expect(await call('POST', 'people', { name: 'x', shoe: 1 })).toMatchObject({
      status: 400,
      body: { code: 'PGRST204' },
    });
    expect(await call('POST', 'people', '{"name": ')).toMatchObject({
      status: 400,
      body: { code: 'PGRST102' },
    });
    expect(await call('POST', 'people', '[1, 2]')).toMatchObject({ status: 400, body: { code: 'PGRST102' } });
    const error = (await call('POST', 'teams', { name: 'Core' })).body as Record<string, unknown>;
    expect(Object.keys(error).sort()).toEqual(['code', 'details', 'hint', 'message']);
    expect(JSON.stringify(error)).not.toMatch(/insert into|json_populate|\bat \w+ \(/i);
  });

  it('upserts with resolution=merge-duplicates and ignore-duplicates', async () => {
    const merged = await call(
      'POST',
      'teams?on_conflict=name&select=name,icon',
      { name: 'Edge', icon: 'bolt' },
      { Prefer: 'return=representation,resolution=merge-duplicates' },
    );
    expect(merged).toMatchObject({ status: 201, body: [{ name: 'Edge', icon: 'bolt' }] });
    const ignored = await call(
      'POST',
      'teams?on_conflict=name',
      { name: 'Edge', icon: 'x' },
      { Prefer: 'return=representation,resolution=ignore-duplicates' },
    );
    expect(ignored.body).toEqual([]);
    expect(await sql(`select icon from teams where name = 'Edge'`)).toEqual([{ icon: 'bolt' }]);
  });

  it('answers one object with the single-object Accept, and undoes a write that is not one row', async () => {
    const one = await call(
      'POST',
      'teams?select=name',
      { name: 'Solo' },
      { ...representation, Accept: 'application/vnd.pgrst.object+json' },
    );
    expect(one).toMatchObject({ status: 201, body: { name: 'Solo' } });
    const two = await call('POST', 'teams', [{ name: 'Duo1' }, { name: 'Duo2' }], {
      ...representation,
      Accept: 'application/vnd.pgrst.object+json',
    });
    expect(two).toMatchObject({ status: 406, body: { code: 'PGRST116' } });
    expect(await sql(`select * from teams where name like 'Duo%'`)).toEqual([]);
  });
});

describe('PATCH and DELETE', () => {
  it('updates the filtered rows (204), or answers them (200)', async () => {
    expect((await call('PATCH', 'incidents?id=eq.2', { severity: 'high' })).status).toBe(204);
    const answer = await call(
      'PATCH',
      'incidents?id=eq.2&select=id,severity,score',
      { severity: 'low', score: 3 },
      representation,
    );
    expect(answer).toMatchObject({ status: 200, body: [{ id: 2, severity: 'low', score: 3 }] });
  });

  it('soft-deletes with deleted_at the way the UI does', async () => {
    const answer = await call(
      'PATCH',
      'teams?name=eq.Solo&select=deleted_at',
      { deleted_at: '2024-06-01T00:00:00Z' },
      representation,
    );
    expect(answer.body).toEqual([{ deleted_at: '2024-06-01T00:00:00+00:00' }]);
  });

  it('refuses to PATCH or DELETE without filters', async () => {
    expect(await call('PATCH', 'incidents', { severity: 'low' })).toMatchObject({
      status: 400,
      body: { code: '21000', message: 'UPDATE requires a WHERE clause' },
    });
    expect(await call('DELETE', 'incidents')).toMatchObject({
      status: 400,
      body: { code: '21000', message: 'DELETE requires a WHERE clause' },
    });
    expect((await sql('select count(*)::int as n from incidents'))[0]!.n).toBeGreaterThan(3);
  });

  it('answers unknown columns and bad values in a PATCH', async () => {
    expect(await call('PATCH', 'incidents?id=eq.1', { nope: 1 })).toMatchObject({
      status: 400,
      body: { code: 'PGRST204' },
    });
    expect(await call('PATCH', 'incidents?id=eq.1', { score: 'lots' })).toMatchObject({
      status: 400,
      body: { code: '22P02' },
    });
    expect(await call('PATCH', 'incidents?id=eq.1', [{ score: 1 }])).toMatchObject({
      status: 400,
      body: { code: 'PGRST102' },
    });
  });

  it('deletes the filtered rows, answering them when asked', async () => {
    await call('POST', 'team_members', [{ team_id: 3, person_id: 4 }]);
    const answer = await call(
      'DELETE',
      'team_members?person_id=eq.4&team_id=eq.3',
      undefined,
      representation,
    );
    expect(answer).toMatchObject({ status: 200, body: [{ team_id: 3, person_id: 4 }] });
    expect((await call('DELETE', 'team_members?person_id=eq.999')).status).toBe(204);
    expect(
      await call('DELETE', 'hypotheses?id=in.(1,2)&select=id', undefined, {
        ...representation,
        Accept: 'application/vnd.pgrst.object+json',
      }),
    ).toMatchObject({ status: 406 });
    expect(await sql('select id from hypotheses where id in (1, 2) order by id')).toEqual([
      { id: 1 },
      { id: 2 },
    ]);
  });
});
