import { PostgrestClient } from '@supabase/postgrest-js';
import { availableBackends } from '../support/databases.js';
import { startTestServer, type TestServer } from '../support/server.js';

/** Calls the spec's screens make to /api/db, against the real schema and demo data. */
describe.each(availableBackends())('/api/db on the real schema (%s)', (backend) => {
  let server: TestServer;
  let client: PostgrestClient;
  beforeAll(async () => {
    server = await startTestServer({ backend, template: 'demo' });
    client = new PostgrestClient(server.at('api/db'), {
      headers: { Authorization: `Bearer ${await server.tokenFor('admin')}` },
    });
  });
  afterAll(() => server.stop());

  const sql = async <R = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    (await server.db.query<R>(text, params)).rows;

  const get = async (path: string, headers: Record<string, string> = {}) => {
    const response = await server.fetch(`api/db/${path}`, { headers });
    return {
      status: response.status,
      headers: response.headers,
      body: (await response.json()) as Record<string, unknown>[],
    };
  };

  it('pages check_statuses for one check, newest first, with an exact count and a status filter', async () => {
    const check = (
      await sql<{ check_id: string; total: number; failed: number }>(
        `select check_id, count(*)::int as total, count(*) filter (where not status)::int as failed
         from check_statuses group by check_id having count(*) filter (where not status) > 0 limit 1`,
      )
    )[0]!;
    const page = await get(`check_statuses?check_id=eq.${check.check_id}&order=time.desc&limit=50`, {
      Prefer: 'count=exact',
    });
    expect(page.status).toBe(check.total > 50 ? 206 : 200);
    expect(page.headers.get('content-range')).toBe(`0-${Math.min(50, check.total) - 1}/${check.total}`);
    expect(page.body.every((row) => row.check_id === check.check_id)).toBe(true);
    const times = page.body.map((row) => Date.parse(String(row.time)));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const failures = await get(`check_statuses?check_id=eq.${check.check_id}&status=eq.0&select=status`);
    expect(failures.body).toHaveLength(check.failed);
    expect(failures.body.every((row) => row.status === false)).toBe(true);
  });

  it('embeds created_by on agents_summary through the view (inferred key)', async () => {
    const { data, error, count } = await client
      .from('agents_summary')
      .select('id,name,created_by(id,name)', { count: 'exact' })
      .order('name')
      .range(0, 49);
    expect(error).toBeNull();
    const expected = await sql<{
      id: string;
      name: string;
      creator: string | null;
      creator_name: string | null;
    }>(
      `select a.id, a.name, p.id as creator, p.name as creator_name
       from agents_summary a left join people p on p.id = a.created_by order by a.name limit 50`,
    );
    expect(count).toBe(
      Number((await sql<{ n: number }>('select count(*)::int as n from agents_summary'))[0]!.n),
    );
    expect(data).toEqual(
      expected.map((a) => ({
        id: a.id,
        name: a.name,
        created_by: a.creator ? { id: a.creator, name: a.creator_name } : null,
      })),
    );
    expect(expected.some((a) => a.creator !== null)).toBe(true);
  });

  it('lists team members with the person embedded by the key column', async () => {
    const [team] = (await get('teams?deleted_at=is.null&order=name.asc')).body;
    const members = await get(`team_members?team_id=eq.${String(team!.id)}&select=*,person_id(*)`);
    expect(members.status).toBe(200);
    const expected = await sql<{ id: string; email: string }>(
      `select p.id, p.email from team_members m join people p on p.id = m.person_id where m.team_id = $1`,
      [team!.id],
    );
    expect(expected.length).toBeGreaterThan(0);
    const embedded = members.body.map((m) => m.person_id as { id: string; email: string });
    expect(embedded.map((p) => p.id).sort()).toEqual(expected.map((p) => p.id).sort());
    expect(embedded.map((p) => p.email).sort()).toEqual(expected.map((p) => p.email).sort());
  });

  it('lists responders of an incident with aliased team and person embeds', async () => {
    const incidentId = (
      await sql<{ incident_id: string }>(
        `select incident_id from responders where team_id is not null and deleted_at is null limit 1`,
      )
    )[0]!.incident_id;
    const responders = await get(
      `responders?incident_id=eq.${incidentId}&select=*,team:team_id(id,name,icon,spec),person:person_id(id,name,avatar)&deleted_at=is.null`,
    );
    expect(responders.status).toBe(200);
    const expected = await sql<{ id: string; team_name: string | null; person_name: string | null }>(
      `select r.id, t.name as team_name, p.name as person_name from responders r
       left join teams t on t.id = r.team_id left join people p on p.id = r.person_id
       where r.incident_id = $1 and r.deleted_at is null`,
      [incidentId],
    );
    const answered = responders.body.map((r) => ({
      id: r.id,
      team_name: (r.team as { name: string } | null)?.name ?? null,
      person_name: (r.person as { name: string } | null)?.name ?? null,
    }));
    const byId = (a: { id: unknown }, b: { id: unknown }) => String(a.id).localeCompare(String(b.id));
    expect(answered.sort(byId)).toEqual(expected.sort(byId));
    expect(answered.some((r) => r.team_name !== null)).toBe(true);
  });

  it('filters incidents by a component two embeds down (hypotheses.evidences.component_id)', async () => {
    const componentId = (
      await sql<{ component_id: string }>(
        `select component_id from evidences where component_id is not null limit 1`,
      )
    )[0]!.component_id;
    const { data, error } = await client
      .from('incidents')
      .select('id,hypotheses!inner(id,evidences!inner(component_id))')
      .eq('hypotheses.evidences.component_id', componentId);
    expect(error).toBeNull();
    const expected = await sql<{ id: string }>(
      `select distinct i.id from incidents i join hypotheses h on h.incident_id = i.id
       join evidences e on e.hypothesis_id = h.id where e.component_id = $1`,
      [componentId],
    );
    expect((data ?? []).map((i) => i.id).sort()).toEqual(expected.map((i) => i.id).sort());
    expect(expected.length).toBeGreaterThan(0);
  });

  it("refuses writes through a view that has no rules of its own, which would skip its table's", async () => {
    const item = (await sql<{ id: string; name: string }>(`select id, name from configs limit 1`))[0]!;
    const response = await server.fetch(`api/db/config_names?id=eq.${item.id}`, {
      method: 'PATCH',
      headers: {
        Authorization: `Bearer ${await server.tokenFor('admin')}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ name: 'renamed-through-a-view' }),
    });
    expect(response.status).toBe(405);
    expect(((await response.json()) as { message: string }).message).toBe(
      'config_names is a view and cannot be written: write to its table',
    );
    expect((await sql<{ name: string }>(`select name from configs where id = $1`, [item.id]))[0]!.name).toBe(
      item.name,
    );
  });

  it('answers PostgREST errors for unknown tables and columns', async () => {
    expect(await get('no_such_table')).toMatchObject({ status: 404, body: { code: 'PGRST205' } });
    expect(await get('checks?no_such_column=eq.1')).toMatchObject({ status: 400, body: { code: '42703' } });
  });
});
