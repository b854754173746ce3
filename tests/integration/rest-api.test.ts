import { PostgrestClient } from '@supabase/postgrest-js';
import { availableBackends } from '../support/databases.js';
import { startTestServer, type TestServer } from '../support/server.js';

/** Calls the spec's screens make to /api/db, against the real schema and demo data. */
describe.each(availableBackends())('/api/db on the real schema (%s)', (backend) => {
  let server: TestServer;
  let client: PostgrestClient;
  beforeAll(async () => {
    server = await startTestServer({ backend, template: 'demo' });
    client = new PostgrestClient(server.at('api/db'));
  });
  afterAll(() => server.stop());

  const get = async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(server.at(`api/db/${path}`), { headers });
    return {
      status: response.status,
      headers: response.headers,
      body: (await response.json()) as Record<string, unknown>[],
    };
  };

  it('pages check_statuses for one check, newest first, with an exact count', async () => {
    const [check] = (await get('check_statuses?select=check_id&limit=1')).body;
    expect(check).toBeDefined();
    const page = await get(`check_statuses?check_id=eq.${String(check!.check_id)}&order=time.desc&limit=50`, {
      Prefer: 'count=exact',
    });
    expect([200, 206]).toContain(page.status);
    const total = Number(page.headers.get('content-range')!.split('/')[1]);
    expect(page.body.length).toBe(Math.min(50, total));
    expect(page.body.every((row) => row.check_id === check!.check_id)).toBe(true);
    const times = page.body.map((row) => Date.parse(String(row.time)));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const failures = await get(
      `check_statuses?check_id=eq.${String(check!.check_id)}&status=eq.0&select=status&limit=5`,
    );
    expect(failures.body.every((row) => row.status === false)).toBe(true);
  });

  it('embeds created_by on agents_summary through the view (inferred key)', async () => {
    const { data, error } = await client
      .from('agents_summary')
      .select('*,created_by(id,name)', { count: 'exact' })
      .order('name')
      .range(0, 49);
    expect(error).toBeNull();
    for (const agent of data ?? []) {
      expect(agent.created_by === null || typeof (agent.created_by as { id: unknown }).id === 'string').toBe(
        true,
      );
    }
  });

  it('lists team members with the person embedded by the key column', async () => {
    const teams = await get('teams?deleted_at=is.null&order=name.asc');
    expect(teams.status).toBe(200);
    const members = await get('team_members?select=*,person_id(*)&limit=20');
    expect(members.status).toBe(200);
    for (const member of members.body)
      expect(member.person_id).toEqual(expect.objectContaining({ id: expect.any(String) }));
  });

  it('lists responders with aliased team and person embeds', async () => {
    const path =
      'responders?select=*,team:team_id(id,name,icon,spec),person:person_id(id,name,avatar)&deleted_at=is.null&limit=20';
    const responders = await get(path);
    expect(responders.status).toBe(200);
    for (const responder of responders.body) {
      expect('team' in responder && 'person' in responder).toBe(true);
      if (responder.team_id)
        expect(responder.team).toEqual(expect.objectContaining({ id: responder.team_id }));
    }
  });

  it('filters incidents by a component two embeds down', async () => {
    const { data, error } = await client
      .from('incidents')
      .select('id,hypotheses!inner(id,evidences!inner(component_id))')
      .not('hypotheses.evidences.component_id', 'is', null)
      .limit(5);
    expect(error).toBeNull();
    for (const incident of data ?? []) expect((incident.hypotheses as unknown[]).length).toBeGreaterThan(0);
  });

  it('answers PostgREST errors for unknown tables and columns', async () => {
    expect(await get('no_such_table')).toMatchObject({ status: 404, body: { code: 'PGRST205' } });
    expect(await get('checks?no_such_column=eq.1')).toMatchObject({ status: 400, body: { code: '42703' } });
  });
});
