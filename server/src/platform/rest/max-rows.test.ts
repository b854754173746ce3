import { createDbRouter } from './router.js';
import { startFixture, type Fixture } from './test-fixture.js';
import { request } from './test-http.js';

let fixture: Fixture;
beforeAll(async () => {
  fixture = await startFixture({ maxRows: 2 });
});
afterAll(() => fixture.close());

const get = (path: string, headers: Record<string, string> = {}) =>
  request(fixture, 'GET', path, undefined, headers);

describe('maxRows (db-max-rows)', () => {
  it('caps a read without a limit, and a larger limit', async () => {
    const all = await get('people?select=id&order=id');
    expect(all).toMatchObject({ status: 200, body: [{ id: 1 }, { id: 2 }] });
    expect(all.headers.get('content-range')).toBe('0-1/*');
    expect((await get('people?select=id&order=id&limit=50')).body).toEqual([{ id: 1 }, { id: 2 }]);
    expect((await get('people?select=id&order=id', { Range: '1-10' })).body).toEqual([{ id: 2 }, { id: 3 }]);
  });

  it('lets a smaller limit win', async () => {
    expect((await get('people?select=id&order=id&limit=1')).body).toEqual([{ id: 1 }]);
  });

  it('answers the rows returned and the exact total in Content-Range (206)', async () => {
    const counted = await get('people?select=id&order=id&offset=1', { Prefer: 'count=exact' });
    expect(counted.status).toBe(206);
    expect(counted.headers.get('content-range')).toBe('1-2/4');
  });

  describe('count=planned and count=estimated', () => {
    const plannedRows = async (sql: string, params: unknown[] = []) => {
      const { rows } = await fixture.db.query<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
        `explain (format json) ${sql}`,
        params,
      );
      return rows[0]!['QUERY PLAN'][0].Plan['Plan Rows'];
    };
    const sentSince = (from: number) => fixture.statements.slice(from).map((statement) => statement.text);

    it("answers the planner's estimate of the filtered rows for count=planned, without counting", async () => {
      const from = fixture.statements.length;
      const answer = await get('people?select=id&order=id&id=gt.1', { Prefer: 'count=planned' });
      expect(answer.status).toBe(206);
      expect(answer.headers.get('preference-applied')).toBe('count=planned');
      const estimate = await plannedRows(`select 1 from people where id > $1`, [1]);
      expect(answer.headers.get('content-range')).toBe(`0-1/${estimate}`);
      const sent = sentSince(from);
      expect(sent.some((text) => text.startsWith('explain (format json) select 1 from'))).toBe(true);
      expect(sent.some((text) => text.includes('count(*) from'))).toBe(false);
    });

    it('counts exactly for count=estimated up to db-max-rows, in the read itself', async () => {
      const from = fixture.statements.length;
      const answer = await get('people?select=id&order=id&id=lte.2', { Prefer: 'count=estimated' });
      expect(answer.headers.get('content-range')).toBe('0-1/2');
      expect(answer.headers.get('preference-applied')).toBe('count=estimated');
      expect(sentSince(from)).toHaveLength(1);
    });

    it("answers the planner's estimate for count=estimated past db-max-rows, never below the rows seen", async () => {
      const from = fixture.statements.length;
      const answer = await get('people?select=id&order=id', { Prefer: 'count=estimated' });
      const estimate = Math.max(3, await plannedRows('select 1 from people'));
      expect(answer.headers.get('content-range')).toBe(`0-1/${estimate}`);
      expect(answer.headers.get('preference-applied')).toBe('count=estimated');
      expect(sentSince(from).some((text) => text.startsWith('explain (format json)'))).toBe(true);
    });

    it('estimates the rows of a set-returning function with its arguments', async () => {
      const answer = await get('rpc/incidents_by_severity?sev=high&select=id&order=id', {
        Prefer: 'count=planned',
      });
      expect(answer.status).toBeLessThan(300);
      expect(answer.headers.get('content-range')).toMatch(/^0-1\/\d+$/);
      expect(answer.headers.get('preference-applied')).toBe('count=planned');
    });
  });

  it('does not cap embedded rows', async () => {
    const teams = await get('teams?select=id,team_members(person_id)&id=eq.1');
    expect((teams.body as { team_members: unknown[] }[])[0]!.team_members).toHaveLength(2);
    const incidents = await get('incidents?select=id,hypotheses(id)&id=eq.1');
    expect((incidents.body as { hypotheses: unknown[] }[])[0]!.hypotheses).toHaveLength(2);
  });

  it('caps set-returning functions', async () => {
    expect((await get('rpc/incidents_by_severity?sev=high&select=id&order=id')).body).toEqual([
      { id: 1 },
      { id: 4 },
    ]);
    const counted = await get('rpc/team_sizes?order=team_name', { Prefer: 'count=exact' });
    expect(counted.body).toHaveLength(2);
    expect(counted.headers.get('content-range')).toBe('0-1/3');
  });

  it('still tells a single object from several rows', async () => {
    const single = { Accept: 'application/vnd.pgrst.object+json' };
    expect(await get('people?select=id&id=eq.3', single)).toMatchObject({ status: 200, body: { id: 3 } });
    expect(await get('people?select=id', single)).toMatchObject({ status: 406, body: { code: 'PGRST116' } });
  });

  it('does not cap writes answering their rows', async () => {
    const rows = [{ name: 'w1' }, { name: 'w2' }, { name: 'w3' }];
    const created = await request(fixture, 'POST', 'teams?select=name', rows, {
      Prefer: 'return=representation',
    });
    expect(created).toMatchObject({ status: 201, body: rows });
    const deleted = await request(fixture, 'DELETE', 'teams?name=like.w*&select=name', undefined, {
      Prefer: 'return=representation',
    });
    expect(deleted.body).toHaveLength(3);
  });

  it('defaults to 1000 and refuses a bad value', () => {
    expect(() => createDbRouter({ db: fixture.db, schema: fixture.schema, maxRows: 0 })).toThrow(/maxRows/);
    expect(() => createDbRouter({ db: fixture.db, schema: fixture.schema, maxRows: 1.5 })).toThrow(/maxRows/);
  });
});

describe('maxRows default', () => {
  let defaults: Fixture;
  beforeAll(async () => {
    defaults = await startFixture();
    await defaults.db.query(`insert into notes (body) select 'n' || i from generate_series(1, 1005) i`);
  });
  afterAll(() => defaults.close());

  it('answers at most 1000 rows when maxRows is not given', async () => {
    const answer = await request(defaults, 'GET', 'notes?select=id', undefined, { Prefer: 'count=exact' });
    expect(answer.status).toBe(206);
    expect(answer.body).toHaveLength(1000);
    expect(answer.headers.get('content-range')).toBe('0-999/1005');
  });
});
