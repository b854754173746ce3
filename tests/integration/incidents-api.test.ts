import {
  canMoveTo,
  capitalised,
  HISTORY_EVENTS,
  INCIDENT_STATUSES,
  type IncidentStatus,
} from '../../common/incidents.js';
import type { Role } from '../../server/src/access/roles.js';
import type {
  CreateIncidentResponse,
  LinkEvidenceResponse,
  MentionablePerson,
} from '../../server/src/platform/incidents/types.js';
import { availableBackends } from '../support/databases.js';
import { createCanary, createCheck, sqlOf, uniqueName, type Sql } from '../support/health-data.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { eventually } from '../support/eventually.js';
import { jsonRequest, messageOf } from '../support/session.js';

/**
 * Incidents end to end on the real server (spec 2 §4-§7): the transition table and the closed
 * incident enforced on /api/db, create and link in one transaction, what the cascade removes,
 * who may write, the changelog's actors, the platform calls the pages make, the mention picker
 * and the postmortem download.
 */

const MISSING = '00000000-0000-4000-8000-00000000dead';
const representation = { Prefer: 'return=representation' };

describe.each(availableBackends())('the incidents API on %s', (backend) => {
  let server: TestServer;
  let sql: Sql;
  let componentId: string;
  let configId: string;
  let checkId: string;

  beforeAll(async () => {
    server = await startTestServer({ backend, template: 'empty' });
    sql = sqlOf(server);
    componentId = (
      await sql<{ id: string }>(
        `insert into components (name, type) values ('checkout', 'Service') returning id`,
      )
    )[0]!.id;
    configId = (
      await sql<{ id: string }>(
        `insert into configs (name, type, config_class) values ('checkout-deployment', 'Kubernetes::Deployment', 'Deployment') returning id`,
      )
    )[0]!.id;
    const canary = await createCanary(sql, { name: uniqueName('incidents') });
    checkId = await createCheck(sql, canary, { name: 'checkout-http', status: 'unhealthy' });
  });
  afterAll(() => server?.stop());

  const db = (path: string, init: RequestInit = {}, as: Role = 'admin') =>
    server.fetch(`api/db/${path}`, init, as);
  const send = (method: string, path: string, body: unknown, as: Role = 'admin', headers = {}) => {
    const init = jsonRequest(method, body);
    return db(path, { ...init, headers: { ...(init.headers as Record<string, string>), ...headers } }, as);
  };
  const create = async (body: Record<string, unknown> = {}, as: Role = 'admin') => {
    const response = await server.fetch(
      'api/incidents',
      jsonRequest('POST', {
        title: uniqueName('Checkout errors'),
        type: 'availability',
        severity: 'high',
        status: 'open',
        ...body,
      }),
      as,
    );
    expect(response.status).toBe(201);
    return (await response.json()) as CreateIncidentResponse;
  };
  /** An incident written straight to the database, in any status. */
  const incidentIn = async (status: IncidentStatus) =>
    (
      await sql<{ id: string; incident_id: string }>(
        `insert into incidents (title, status) values ($1, $2) returning id, incident_id`,
        [uniqueName('Seeded'), status],
      )
    )[0]!;
  const statusOf = async (id: string) =>
    (
      await sql<{ status: string; resolved: Date | null; closed: Date | null }>(
        'select status, resolved, closed from incidents where id = $1',
        [id],
      )
    )[0]!;
  const historyOf = (id: string) =>
    sql<{ type: string; created_by: string | null; description: string | null }>(
      'select type, created_by, description from incident_histories where incident_id = $1 order by created_at, type',
      [id],
    );
  const count = async (table: string, where: string, params: unknown[]) =>
    (await sql<{ n: number }>(`select count(*)::int as n from ${table} where ${where}`, params))[0]!.n;

  describe('status transitions', () => {
    it('allows every move of the table and refuses every other with a 422 naming both, writing nothing', async () => {
      const admin = await server.personFor('admin');
      for (const from of INCIDENT_STATUSES) {
        for (const to of INCIDENT_STATUSES) {
          const incident = await incidentIn(from);
          const before = await historyOf(incident.id);
          const response = await send('PATCH', `incidents?id=eq.${incident.id}`, { status: to });
          if (canMoveTo(from, to)) {
            expect({ from, to, status: response.status }).toEqual({ from, to, status: 204 });
            expect((await statusOf(incident.id)).status).toBe(to);
            const added = (await historyOf(incident.id)).slice(before.length);
            if (from === to) expect(added).toEqual([]);
            else
              expect(added).toEqual([
                { type: 'incident.status_updated', created_by: admin, description: `${from} -> ${to}` },
              ]);
          } else {
            expect({ from, to, status: response.status }).toEqual({ from, to, status: 422 });
            expect(await messageOf(response)).toBe(
              `Cannot move incident ${incident.incident_id} from ${capitalised(from)} to ${capitalised(to)}`,
            );
            expect((await statusOf(incident.id)).status).toBe(from);
            expect(await historyOf(incident.id)).toEqual(before);
          }
        }
      }
    });

    it('stamps resolved and closed as the incident gets there, and clears both on reopening', async () => {
      const { id } = await create();
      expect(await statusOf(id)).toMatchObject({ resolved: null, closed: null });
      await send('PATCH', `incidents?id=eq.${id}`, { status: 'resolved' });
      const resolved = await statusOf(id);
      expect(resolved.resolved).toBeInstanceOf(Date);
      expect(resolved.closed).toBeNull();
      await send('PATCH', `incidents?id=eq.${id}`, { status: 'closed' });
      const closed = await statusOf(id);
      expect(closed.resolved).toEqual(resolved.resolved);
      expect(closed.closed).toBeInstanceOf(Date);
      expect((await send('PATCH', `incidents?id=eq.${id}`, { status: 'open' })).status).toBe(204);
      expect(await statusOf(id)).toEqual({ status: 'open', resolved: null, closed: null });
    });
  });

  describe('validation of a new incident', () => {
    it.each([
      [{ title: '  ' }, 'Title is required'],
      [{ severity: undefined }, 'Please select incident severity'],
      [{ type: undefined }, 'Please select an incident type'],
      [{ status: undefined }, 'Please select incident status'],
      [{ severity: 'urgent' }, 'Severity must be one of info, warning, low, medium, high, blocker, critical'],
    ])('refuses %j on /api/db and /api/incidents: %s', async (change, message) => {
      const title = uniqueName('Invalid');
      const body = { title, type: 'availability', severity: 'low', status: 'open', ...change };
      const viaDb = await send('POST', 'incidents', body);
      expect(viaDb.status).toBe(422);
      expect(await messageOf(viaDb)).toBe(message);
      const viaRouter = await server.fetch('api/incidents', jsonRequest('POST', body));
      expect(viaRouter.status).toBe(422);
      expect(await messageOf(viaRouter)).toBe(message);
      expect(await count('incidents', 'title = $1', [title])).toBe(0);
    });
  });

  describe('POST api/incidents', () => {
    it('creates the incident, its root hypothesis and the evidence, named in the changelog by the creator', async () => {
      const responder = await server.personFor('responder');
      const title = uniqueName('Checkout down');
      const created = await create(
        {
          title,
          description: 'Payments fail',
          evidence: { type: 'topology', component_id: componentId, description: 'checkout component' },
        },
        'responder',
      );
      expect(created.incident_id).toMatch(/^INC\d{7}$/);
      expect(
        await sql('select title, description, created_by, commander_id from incidents where id = $1', [
          created.id,
        ]),
      ).toEqual([{ title, description: 'Payments fail', created_by: responder, commander_id: responder }]);
      expect(
        await sql('select id, parent_id, title, type, status from hypotheses where incident_id = $1', [
          created.id,
        ]),
      ).toEqual([{ id: created.hypothesis_id, parent_id: null, title, type: 'root', status: 'possible' }]);
      expect(
        await sql('select id, type, component_id from evidences where hypothesis_id = $1', [
          created.hypothesis_id,
        ]),
      ).toEqual([{ id: created.evidence_id, type: 'topology', component_id: componentId }]);
      expect((await historyOf(created.id)).map(({ type, created_by }) => ({ type, created_by }))).toEqual(
        expect.arrayContaining([
          { type: 'incident.created', created_by: responder },
          { type: 'hypothesis.created', created_by: responder },
          { type: 'evidence.created', created_by: responder },
        ]),
      );
    });

    it('leaves nothing behind when a later step fails (evidence of a check that does not exist)', async () => {
      const title = uniqueName('Half made');
      const response = await server.fetch(
        'api/incidents',
        jsonRequest('POST', {
          title,
          type: 'availability',
          severity: 'low',
          status: 'open',
          evidence: { type: 'check', check_id: MISSING },
        }),
      );
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect(await messageOf(response)).toMatch(/does not exist/);
      expect(await count('incidents', 'title = $1', [title])).toBe(0);
      expect(await count('hypotheses', 'title = $1', [title])).toBe(0);
    });

    it('needs write on evidences to attach evidence, and write on incident at all', async () => {
      const viewer = await server.fetch(
        'api/incidents',
        jsonRequest('POST', { title: 'x', type: 'cost', severity: 'low', status: 'open' }),
        'viewer',
      );
      expect(viewer.status).toBe(403);
      expect(await messageOf(viewer)).toBe('You may not change incident');
    });
  });

  describe('POST api/incidents/{id}/evidence', () => {
    it('adds a factor under the root when a hypothesis title is given, in one call', async () => {
      const incident = await create();
      const response = await server.fetch(
        `api/incidents/${incident.id}/evidence`,
        jsonRequest('POST', {
          hypothesis_title: 'Bad rollout',
          evidence: {
            type: 'config',
            config_id: configId,
            evidence: { lines: ['a'], selected_lines: { '1': 'a' } },
          },
        }),
        'commander',
      );
      expect(response.status).toBe(201);
      const linked = (await response.json()) as LinkEvidenceResponse;
      expect(linked).toMatchObject({
        id: incident.id,
        incident_id: incident.incident_id,
        hypothesis_created: true,
      });
      expect(
        await sql('select parent_id, title, type, status from hypotheses where id = $1', [
          linked.hypothesis_id,
        ]),
      ).toEqual([
        { parent_id: incident.hypothesis_id, title: 'Bad rollout', type: 'factor', status: 'possible' },
      ]);
      expect(await count('evidences', 'id = $1 and config_id = $2', [linked.evidence_id, configId])).toBe(1);
    });

    it('attaches to a chosen hypothesis of the incident, by its visible id too', async () => {
      const incident = await create();
      const response = await server.fetch(
        `api/incidents/${incident.incident_id}/evidence`,
        jsonRequest('POST', {
          hypothesis_id: incident.hypothesis_id,
          evidence: { type: 'check', check_id: checkId },
        }),
      );
      expect(response.status).toBe(201);
      expect(await response.json()).toMatchObject({
        hypothesis_id: incident.hypothesis_id,
        hypothesis_created: false,
      });
    });

    it('makes the root when the incident has none, and refuses what it cannot do', async () => {
      const bare = await incidentIn('open');
      const made = await server.fetch(
        `api/incidents/${bare.id}/evidence`,
        jsonRequest('POST', { hypothesis_title: '', evidence: { type: 'comment', description: 'seen' } }),
      );
      expect(made.status).toBe(201);
      const { hypothesis_id } = (await made.json()) as LinkEvidenceResponse;
      expect(await sql('select title, type from hypotheses where id = $1', [hypothesis_id])).toEqual([
        { title: null, type: 'root' },
      ]);

      const noHypothesis = await server.fetch(
        `api/incidents/${bare.id}/evidence`,
        jsonRequest('POST', { evidence: { type: 'comment' } }),
      );
      expect(noHypothesis.status).toBe(422);
      expect(await messageOf(noHypothesis)).toBe('Must select or create a hypothesis');

      const other = await create();
      const foreign = await server.fetch(
        `api/incidents/${bare.id}/evidence`,
        jsonRequest('POST', { hypothesis_id: other.hypothesis_id, evidence: { type: 'comment' } }),
      );
      expect(foreign.status).toBe(422);

      const missing = await server.fetch(
        `api/incidents/${MISSING}/evidence`,
        jsonRequest('POST', { hypothesis_title: 'x', evidence: { type: 'comment' } }),
      );
      expect(missing.status).toBe(404);
      expect(await messageOf(missing)).toBe('Incident not found');

      const before = await count('hypotheses', 'incident_id = $1', [bare.id]);
      const broken = await server.fetch(
        `api/incidents/${bare.id}/evidence`,
        jsonRequest('POST', { hypothesis_title: 'never', evidence: { type: 'check', check_id: MISSING } }),
      );
      expect(broken.status).toBeGreaterThanOrEqual(400);
      expect(await count('hypotheses', 'incident_id = $1', [bare.id])).toBe(before);
    });
  });

  describe('deleting a hypothesis', () => {
    it('removes its comments, its evidences and its children with their own, in one statement', async () => {
      const incident = await create({ evidence: { type: 'topology', component_id: componentId } });
      const child = (
        await (
          await send(
            'POST',
            'hypotheses?select=id',
            { incident_id: incident.id, parent_id: incident.hypothesis_id, title: 'child', type: 'factor' },
            'admin',
            representation,
          )
        ).json()
      )[0].id as string;
      for (const hypothesis of [incident.hypothesis_id, child]) {
        expect(
          (
            await send('POST', 'comments', {
              incident_id: incident.id,
              hypothesis_id: hypothesis,
              comment: 'look',
            })
          ).status,
        ).toBe(201);
        expect(
          (await send('POST', 'evidences', { hypothesis_id: hypothesis, type: 'comment', description: 'e' }))
            .status,
        ).toBe(201);
      }
      const deleted = await db(`hypotheses?id=eq.${incident.hypothesis_id}`, { method: 'DELETE' });
      expect(deleted.status).toBe(204);
      expect(await count('hypotheses', 'incident_id = $1', [incident.id])).toBe(0);
      expect(await count('comments', 'incident_id = $1', [incident.id])).toBe(0);
      expect(
        await count('evidences', 'hypothesis_id = any($1::uuid[])', [[incident.hypothesis_id, child]]),
      ).toBe(0);
      // The changelog stays, no longer pointing at what is gone.
      expect(
        await count('incident_histories', 'incident_id = $1 and hypothesis_id is not null', [incident.id]),
      ).toBe(0);
      expect(await count('incident_histories', 'incident_id = $1', [incident.id])).toBeGreaterThan(0);
    });

    it('answers DELETE /comments?hypothesis_id=eq.x as the page sends it first', async () => {
      const incident = await create();
      await send('POST', 'comments', {
        incident_id: incident.id,
        hypothesis_id: incident.hypothesis_id,
        comment: 'a',
      });
      const response = await db(
        `comments?hypothesis_id=eq.${incident.hypothesis_id}`,
        { method: 'DELETE' },
        'responder',
      );
      expect(response.status).toBe(204);
      expect(await count('comments', 'hypothesis_id = $1', [incident.hypothesis_id])).toBe(0);
    });
  });

  describe('who may write', () => {
    it('refuses a viewer every write: incident, hypothesis, evidence, comment, responder', async () => {
      const incident = await create();
      const viewer = await server.personFor('viewer');
      const writes: [string, string, unknown][] = [
        ['POST', 'incidents', { title: 'v', type: 'cost', severity: 'low', status: 'open' }],
        ['PATCH', `incidents?id=eq.${incident.id}`, { status: 'investigating' }],
        ['POST', 'hypotheses', { incident_id: incident.id, title: 'v', type: 'factor' }],
        ['PATCH', `hypotheses?id=eq.${incident.hypothesis_id}`, { status: 'likely' }],
        ['POST', 'evidences', { hypothesis_id: incident.hypothesis_id, type: 'comment' }],
        ['POST', 'comments', { incident_id: incident.id, comment: 'v' }],
        ['POST', 'responders', { incident_id: incident.id, type: 'person', person_id: viewer }],
        ['DELETE', `hypotheses?id=eq.${incident.hypothesis_id}`, undefined],
      ];
      const before = await historyOf(incident.id);
      for (const [method, path, body] of writes) {
        const response = await send(method, path, body, 'viewer');
        expect({ method, path, status: response.status }).toEqual({ method, path, status: 403 });
      }
      const linked = await server.fetch(
        `api/incidents/${incident.id}/evidence`,
        jsonRequest('POST', { hypothesis_id: incident.hypothesis_id, evidence: { type: 'comment' } }),
        'viewer',
      );
      expect(linked.status).toBe(403);
      expect(await historyOf(incident.id)).toEqual(before);
      expect((await statusOf(incident.id)).status).toBe('open');
    });

    it.each(['commander', 'responder'] as const)(
      'lets a %s write incident, hypotheses, evidences, comments and responders, each named in the changelog',
      async (role) => {
        const person = await server.personFor(role);
        const created = await send(
          'POST',
          'incidents?select=id',
          {
            title: uniqueName(role),
            type: 'security',
            severity: 'critical',
            status: 'open',
            created_by: person,
          },
          role,
          representation,
        );
        expect(created.status).toBe(201);
        const id = ((await created.json()) as { id: string }[])[0]!.id;
        const ok = async (response: Promise<Response>) => {
          const answer = await response;
          expect(answer.status).toBeLessThan(300);
          return answer;
        };
        const hypothesis = (
          await (
            await ok(
              send(
                'POST',
                'hypotheses?select=id',
                { incident_id: id, title: 'root', type: 'root' },
                role,
                representation,
              ),
            )
          ).json()
        )[0].id as string;
        await ok(
          send('PATCH', `hypotheses?id=eq.${hypothesis}`, { status: 'likely', title: 'renamed' }, role),
        );
        const evidence = (
          await (
            await ok(
              send(
                'POST',
                'evidences?select=id',
                { hypothesis_id: hypothesis, type: 'topology', component_id: componentId },
                role,
                representation,
              ),
            )
          ).json()
        )[0].id as string;
        await ok(send('PATCH', `evidences?id=eq.${evidence}`, { definition_of_done: true }, role));
        await ok(
          send('POST', 'comments', { incident_id: id, hypothesis_id: hypothesis, comment: 'on it' }, role),
        );
        const responder = (
          await (
            await ok(
              send(
                'POST',
                'responders?select=*',
                {
                  incident_id: id,
                  type: 'person',
                  person_id: person,
                  properties: { responderType: 'person' },
                },
                role,
                representation,
              ),
            )
          ).json()
        )[0].id as string;
        await ok(send('PATCH', `incidents?id=eq.${id}`, { status: 'investigating', severity: 'high' }, role));
        await ok(
          send('PATCH', `responders?id=eq.${responder}`, { deleted_at: new Date().toISOString() }, role),
        );
        await ok(db(`evidences?id=eq.${evidence}`, { method: 'DELETE' }, role));

        const history = await historyOf(id);
        const written = HISTORY_EVENTS.filter((event) => event !== 'incident_status.updated');
        for (const type of written)
          expect(history.filter((row) => row.type === type).map((row) => row.created_by)).toEqual([person]);
      },
    );
  });

  describe('a closed incident', () => {
    it('refuses every write on it and on what it holds until it is reopened', async () => {
      const incident = await create({ evidence: { type: 'comment', description: 'e' } });
      const responder = await server.personFor('responder');
      const { id: responderId } = (
        await sql<{ id: string }>(
          `insert into responders (incident_id, type, person_id) values ($1, 'person', $2) returning id`,
          [incident.id, responder],
        )
      )[0]!;
      expect((await send('PATCH', `incidents?id=eq.${incident.id}`, { status: 'closed' })).status).toBe(204);
      const message = `Incident ${incident.incident_id} is closed: reopen it first`;
      const writes: [string, string, unknown][] = [
        ['PATCH', `incidents?id=eq.${incident.id}`, { title: 'renamed' }],
        ['PATCH', `incidents?id=eq.${incident.id}`, { status: 'closed', severity: 'low' }],
        ['DELETE', `incidents?id=eq.${incident.id}`, undefined],
        ['POST', 'hypotheses', { incident_id: incident.id, title: 'late', type: 'factor' }],
        ['PATCH', `hypotheses?id=eq.${incident.hypothesis_id}`, { status: 'proven' }],
        ['DELETE', `hypotheses?id=eq.${incident.hypothesis_id}`, undefined],
        ['POST', 'evidences', { hypothesis_id: incident.hypothesis_id, type: 'comment' }],
        ['PATCH', `evidences?id=eq.${incident.evidence_id}`, { done: true }],
        ['POST', 'comments', { incident_id: incident.id, comment: 'late' }],
        ['POST', 'responders', { incident_id: incident.id, type: 'person', person_id: responder }],
        ['PATCH', `responders?id=eq.${responderId}`, { deleted_at: new Date().toISOString() }],
      ];
      for (const [method, path, body] of writes) {
        const response = await send(method, path, body, 'responder');
        expect({ method, path, status: response.status }).toEqual({ method, path, status: 409 });
        expect(await messageOf(response)).toBe(message);
      }
      const linked = await server.fetch(
        `api/incidents/${incident.id}/evidence`,
        jsonRequest('POST', { hypothesis_id: incident.hypothesis_id, evidence: { type: 'comment' } }),
      );
      expect(linked.status).toBe(409);
      expect(await messageOf(linked)).toBe(message);
      expect(await count('hypotheses', 'incident_id = $1', [incident.id])).toBe(1);
      expect(await count('comments', 'incident_id = $1', [incident.id])).toBe(0);

      expect(
        (await send('PATCH', `incidents?id=eq.${incident.id}`, { status: 'open' }, 'responder')).status,
      ).toBe(204);
      expect(
        (await send('POST', 'comments', { incident_id: incident.id, comment: 'back' }, 'responder')).status,
      ).toBe(201);
    });
  });

  describe('the calls of spec 2 §7', () => {
    let incident: CreateIncidentResponse;
    let other: CreateIncidentResponse;
    beforeAll(async () => {
      incident = await create({ evidence: { type: 'topology', component_id: componentId } });
      other = await create({ evidence: { type: 'config', config_id: configId } });
      const responder = await server.personFor('responder');
      await sql(`insert into responders (incident_id, type, person_id) values ($1, 'person', $2)`, [
        incident.id,
        responder,
      ]);
      await send(
        'POST',
        'comments',
        { incident_id: incident.id, hypothesis_id: incident.hypothesis_id, comment: 'c' },
        'responder',
      );
    });
    const get = async (path: string, as: Role = 'responder') => {
      const response = await db(path, {}, as);
      expect({ path, status: response.status }).toEqual({ path, status: 200 });
      return (await response.json()) as Record<string, unknown>[];
    };

    it('GET incident_summary: the row with commander, responders, commenters (the comment names its author without saying so) and counts', async () => {
      const responder = await server.personFor('responder');
      const [row] = await get(`incident_summary?id=eq.${incident.id}`);
      expect(row).toMatchObject({
        id: incident.id,
        incident_id: incident.incident_id,
        status: 'open',
        commander: { id: await server.personFor('admin'), name: expect.any(String) },
        responders: [
          { type: 'person', person: { id: responder, name: 'Responder Tester', avatar: null }, team: null },
        ],
        commenters: [{ id: responder, name: 'Responder Tester', avatar: null }],
        hypotheses_count: 1,
        evidences_count: 1,
        comments_count: 1,
      });
    });

    it('GET incidents_by_component and incidents_by_config', async () => {
      expect((await get(`incidents_by_component?component_id=eq.${componentId}`)).map((r) => r.id)).toContain(
        incident.id,
      );
      const byConfig = await get(`incidents_by_config?config_id=eq.${configId}`);
      expect(byConfig.map((r) => r.id)).toContain(other.id);
      expect(byConfig.map((r) => r.id)).not.toContain(incident.id);
    });

    it('GET incident_histories with the actor as an embed', async () => {
      const rows = await get(
        `incident_histories?incident_id=eq.${incident.id}&select=*,created_by(id,name,avatar)&order=created_at.desc`,
      );
      expect(rows.map((r) => r.type)).toEqual(
        expect.arrayContaining([
          'incident.created',
          'hypothesis.created',
          'evidence.created',
          'responder.commented',
        ]),
      );
      const created = rows.find((r) => r.type === 'incident.created')!;
      expect(created.created_by).toEqual({
        id: await server.personFor('admin'),
        name: expect.any(String),
        avatar: null,
      });
    });

    it('GET responders with the team and person embeds, the removed ones left out', async () => {
      const rows = await get(
        `responders?incident_id=eq.${incident.id}&select=*,team:team_id(id,name,icon,spec),person:person_id(id,name,avatar)&deleted_at=is.null`,
      );
      expect(rows).toEqual([
        expect.objectContaining({
          type: 'person',
          team: null,
          person: { id: await server.personFor('responder'), name: 'Responder Tester', avatar: null },
        }),
      ]);
    });

    it('GET hypotheses?id=in.(...)', async () => {
      const rows = await get(
        `hypotheses?id=in.(${incident.hypothesis_id},${other.hypothesis_id})&select=id,type`,
      );
      expect(rows.map((r) => r.id).sort()).toEqual([incident.hypothesis_id, other.hypothesis_id].sort());
    });

    it('filters the incident list by component through the embedded evidences', async () => {
      const rows = await get(
        `incidents?select=id,hypotheses!inner(id,evidences!inner(component_id))&hypotheses.evidences.component_id=eq.${componentId}`,
      );
      expect(rows.map((r) => r.id)).toContain(incident.id);
      expect(rows.map((r) => r.id)).not.toContain(other.id);
    });

    it('gets an incident by id with its hypotheses and evidences', async () => {
      const [row] = await get(`incidents?id=eq.${incident.id}&select=*,hypotheses(*,evidences(*))`);
      expect(row).toMatchObject({
        id: incident.id,
        hypotheses: [
          { id: incident.hypothesis_id, evidences: [{ id: incident.evidence_id, type: 'topology' }] },
        ],
      });
    });
  });

  describe('GET api/incidents/people', () => {
    it('answers a responder the active people matching q, with their public columns only', async () => {
      await sql(`insert into people (name, email) values ('Zed Mentionable', 'zed@example.com')`);
      await sql(
        `insert into people (name, email, deleted_at) values ('Zed Gone', 'gone@example.com', now())`,
      );
      const response = await server.fetch('api/incidents/people?q=zed&limit=5', {}, 'responder');
      expect(response.status).toBe(200);
      const people = (await response.json()) as MentionablePerson[];
      expect(people).toEqual([{ id: expect.any(String), name: 'Zed Mentionable', avatar: null }]);
      // The same person through /api/db: responders may not read people.
      expect((await db('people?select=id,name', {}, 'responder')).status).toBe(403);
    });

    it('takes a % literally', async () => {
      const response = await server.fetch('api/incidents/people?q=%25', {}, 'responder');
      expect(await response.json()).toEqual([]);
    });
  });

  describe('GET api/incidents/{id}/postmortem', () => {
    it('downloads the Markdown with the summary, the timeline and the hypotheses', async () => {
      const title = uniqueName('Postmortem');
      const incident = await create({
        title,
        evidence: { type: 'check', check_id: checkId, evidence: { start: '-1h' } },
      });
      const responder = await server.personFor('responder');
      await send(
        'POST',
        'comments',
        {
          incident_id: incident.id,
          hypothesis_id: incident.hypothesis_id,
          comment: `@[Responder Tester](user:${responder}) look`,
        },
        'responder',
      );
      await send('PATCH', `incidents?id=eq.${incident.id}`, { status: 'resolved' });
      const response = await server.fetch(`api/incidents/${incident.id}/postmortem`, {}, 'responder');
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/markdown/);
      expect(response.headers.get('content-disposition')).toBe(
        `attachment; filename="${incident.incident_id}-postmortem.md"`,
      );
      const markdown = await response.text();
      expect(markdown).toContain(`# ${incident.incident_id}: ${title}`);
      expect(markdown).toContain('- **Status:** Resolved');
      expect(markdown).toMatch(/Status changed by .+: from Open to Resolved/);
      expect(markdown).toContain('**Check** checkout-http');
      expect(markdown).toContain('> @Responder Tester look');
    });

    it('answers 404 for an incident that does not exist', async () => {
      const response = await server.fetch(`api/incidents/${MISSING}/postmortem`);
      expect(response.status).toBe(404);
      expect(await messageOf(response)).toBe('Incident not found');
    });
  });
  describe('with the incidents feature off', () => {
    it('refuses every /api/incidents call, and answers again once it is back on', async () => {
      const incident = await create();
      const calls = [
        () =>
          server.fetch(
            'api/incidents',
            jsonRequest('POST', { title: 'x', type: 'cost', severity: 'low', status: 'open' }),
          ),
        () =>
          server.fetch(
            `api/incidents/${incident.id}/evidence`,
            jsonRequest('POST', { hypothesis_title: 'x', evidence: { type: 'comment' } }),
          ),
        () => server.fetch('api/incidents/people', {}, 'responder'),
        () => server.fetch(`api/incidents/${incident.id}/postmortem`),
      ];
      expect((await send('POST', 'properties', { name: 'incidents.disable', value: 'true' })).status).toBe(
        201,
      );
      try {
        await eventually(async () => {
          for (const call of calls) {
            const refused = await call();
            expect(refused.status).toBe(403);
            expect(await messageOf(refused)).toBe('Incidents is disabled');
          }
        });
        expect(await count('hypotheses', 'incident_id = $1', [incident.id])).toBe(1);
      } finally {
        await send('PATCH', 'properties?name=eq.incidents.disable', { value: 'false' });
      }
      await eventually(async () => expect((await calls[2]!()).status).toBe(200));
    });
  });
});
