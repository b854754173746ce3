import { availableBackends } from '../support/databases.js';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * The reads of the incident page (web/src/features/incidents/incident-api.ts) against the real
 * server: the incident with its commander, hypotheses and evidences; its evidences alone through
 * their hypothesis; its changelog with the actor named; the components its topology evidence is
 * about. Responders and viewers read them all (people only through their public columns).
 */

const HISTORY_SELECT =
  '*,actor:created_by(id,name,avatar),responder:responder_id(team:team_id(id,name),person:person_id(id,name))';
const DETAIL_SELECT = '*,commander:commander_id(id,name,avatar),hypotheses(*,evidences(*))';

describe.each(availableBackends())('the incident page reads on %s', (backend) => {
  let server: TestServer;
  const ids = {} as Record<'person' | 'incident' | 'other' | 'root' | 'component' | 'team', string>;

  const rows = async <T>(path: string, as: 'admin' | 'responder' | 'viewer' = 'viewer'): Promise<T[]> => {
    const response = await server.fetch(`api/db/${path}`, {}, as);
    expect(response.status).toBe(200);
    return (await response.json()) as T[];
  };
  const one = async (text: string, params: unknown[] = []) =>
    (await server.db.query<{ id: string }>(text, params)).rows[0]!.id;

  beforeAll(async () => {
    server = await startTestServer({ backend, template: 'empty' });
    ids.person = await one(
      `insert into people (name, email) values ('Cora Commander', 'cora@example.com') returning id`,
    );
    ids.incident = await one(
      `insert into incidents (title, commander_id, created_by) values ('Checkout is slow', $1, $1) returning id`,
      [ids.person],
    );
    ids.other = await one(`insert into incidents (title) values ('Another incident') returning id`);
    ids.root = await one(
      `insert into hypotheses (incident_id, title, type) values ($1, 'Checkout is slow', 'root') returning id`,
      [ids.incident],
    );
    const otherRoot = await one(
      `insert into hypotheses (incident_id, title, type) values ($1, 'Another', 'root') returning id`,
      [ids.other],
    );
    ids.team = await one(`insert into teams (name) values ('Platform') returning id`);
    await server.db.query(`insert into responders (incident_id, type, team_id) values ($1, 'team', $2)`, [
      ids.incident,
      ids.team,
    ]);
    ids.component = await one(
      `insert into components (name, status) values ('checkout-api', 'unhealthy') returning id`,
    );
    await server.db.query(
      `insert into evidences (hypothesis_id, type, description, component_id, definition_of_done, created_by)
       values ($1, 'topology', 'checkout-api is unhealthy', $2, true, $3),
              ($1, 'log', 'Error rate spike', null, false, $3),
              ($4, 'log', 'Not this incident', null, false, null)`,
      [ids.root, ids.component, ids.person, otherRoot],
    );
  });
  afterAll(() => server?.stop());

  it.each(['responder', 'viewer'] as const)(
    'answers a %s the incident with its commander, hypotheses and evidences',
    async (as) => {
      const [incident] = await rows<{
        incident_id: string;
        commander: Record<string, unknown>;
        hypotheses: { evidences: { description: string }[] }[];
      }>(`incidents?select=${encodeURIComponent(DETAIL_SELECT)}&id=eq.${ids.incident}`, as);
      expect(incident!.incident_id).toMatch(/^INC\d{7}$/);
      expect(incident!.commander).toEqual({ id: ids.person, name: 'Cora Commander', avatar: null });
      expect(incident!.hypotheses).toHaveLength(1);
      expect(incident!.hypotheses[0]!.evidences.map((e) => e.description).sort()).toEqual([
        'Error rate spike',
        'checkout-api is unhealthy',
      ]);
    },
  );

  it("answers only the incident's own evidences, oldest first", async () => {
    const evidences = await rows<{ description: string; definition_of_done: boolean }>(
      `evidences?select=*,hypotheses!inner(incident_id)&hypotheses.incident_id=eq.${ids.incident}&order=created_at.asc`,
      'responder',
    );
    expect(evidences.map((e) => e.description).sort()).toEqual([
      'Error rate spike',
      'checkout-api is unhealthy',
    ]);
  });

  it.each(['responder', 'viewer'] as const)(
    'answers a %s the changelog with the actor and responder named',
    async (as) => {
      const history = await rows<{
        type: string;
        actor: { name: string } | null;
        responder: { team: { name: string } | null } | null;
      }>(
        `incident_histories?select=${encodeURIComponent(HISTORY_SELECT)}&incident_id=eq.${ids.incident}&order=created_at.desc`,
        as,
      );
      const types = history.map((row) => row.type);
      expect(types).toEqual(
        expect.arrayContaining([
          'incident.created',
          'hypothesis.created',
          'evidence.created',
          'evidence.done_definition_added',
          'responder.created',
        ]),
      );
      expect(history.find((row) => row.type === 'responder.created')!.responder).toEqual({
        team: { id: ids.team, name: 'Platform' },
        person: null,
      });
      expect(history.find((row) => row.type === 'incident.created')!.actor).toEqual({
        id: ids.person,
        name: 'Cora Commander',
        avatar: null,
      });
    },
  );

  it('answers the components of the topology evidence', async () => {
    const components = await rows<{ id: string; name: string; status: string }>(
      `components?select=id,name,icon,type,status,health&id=in.(${ids.component})&order=name.asc`,
      'viewer',
    );
    expect(components).toEqual([
      expect.objectContaining({ id: ids.component, name: 'checkout-api', status: 'unhealthy', health: null }),
    ]);
  });
});
