/**
 * The incidents' background work on the real schema: automatic definition-of-done items
 * evaluated against their targets and the incident resolving itself when every item is done
 * (by the task or by a person's PATCH), and incident rules opening one incident per failing
 * resource, adding its responders, and resolving or closing it on recovery.
 */
import { DOD_RESOLVED_REASON } from '../../common/dod-scripts.js';
import { runDefinitionOfDone } from '../../server/src/platform/incidents/dod-job.js';
import { runIncidentRules } from '../../server/src/platform/incidents/incident-rules/engine.js';
import { availableBackends } from '../support/databases.js';
import { createCanary, createCheck, uniqueName } from '../support/health-data.js';
import { startTestServer, type TestServer } from '../support/server.js';

describe.each(availableBackends())('incident jobs on %s', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ backend, template: 'empty' });
  });
  afterAll(() => server.stop());

  const sql = async <R = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    (await server.db.query<R>(text, params)).rows;

  const createComponent = async (name: string, status: string, extra: { owner?: string } = {}) =>
    (
      await sql<{ id: string }>(
        `insert into components (name, type, status, owner) values ($1, 'Service', $2, $3) returning id`,
        [name, status, extra.owner ?? null],
      )
    )[0]!.id;

  const createIncident = async (title: string) => {
    const [incident] = await sql<{ id: string }>(`insert into incidents (title) values ($1) returning id`, [
      title,
    ]);
    const [hypothesis] = await sql<{ id: string }>(
      `insert into hypotheses (incident_id, title) values ($1, 'root') returning id`,
      [incident!.id],
    );
    return { incidentId: incident!.id, hypothesisId: hypothesis!.id };
  };

  const addItem = async (
    hypothesisId: string,
    item: { type: string; script?: string; component_id?: string; description?: string },
  ) =>
    (
      await sql<{ id: string }>(
        `insert into evidences (hypothesis_id, type, description, script, component_id, definition_of_done)
         values ($1, $2, $3, $4, $5, true) returning id`,
        [hypothesisId, item.type, item.description ?? null, item.script ?? null, item.component_id ?? null],
      )
    )[0]!.id;

  const incident = async (id: string) =>
    (
      await sql<{ status: string; resolved: Date | null; closed: Date | null }>(
        `select status, resolved, closed from incidents where id = $1`,
        [id],
      )
    )[0]!;

  const evidence = async (id: string) =>
    (
      await sql<{ done: boolean; properties: { script?: { result?: unknown; error?: string } } | null }>(
        `select done, properties from evidences where id = $1`,
        [id],
      )
    )[0]!;

  const statusChanges = (incidentId: string) =>
    sql<{ description: string; created_by: string | null }>(
      `select description, created_by from incident_histories
        where incident_id = $1 and type = 'incident.status_updated' order by created_at`,
      [incidentId],
    );

  describe('definition of done', () => {
    it('marks an automatic item done once its script holds, and the incident resolves saying why', async () => {
      const componentId = await createComponent(uniqueName('payments'), 'unhealthy');
      const { incidentId, hypothesisId } = await createIncident('Payments are failing');
      const itemId = await addItem(hypothesisId, {
        type: 'topology',
        component_id: componentId,
        script: 'component.status == "healthy"',
      });

      await runDefinitionOfDone(server.db);
      expect(await evidence(itemId)).toMatchObject({
        done: false,
        properties: { script: { result: false } },
      });
      expect((await incident(incidentId)).status).toBe('open');

      await sql(`update components set status = 'healthy' where id = $1`, [componentId]);
      await runDefinitionOfDone(server.db);
      expect(await evidence(itemId)).toMatchObject({ done: true, properties: { script: { result: true } } });
      const resolved = await incident(incidentId);
      expect(resolved.status).toBe('resolved');
      expect(resolved.resolved).not.toBeNull();
      const changes = await statusChanges(incidentId);
      expect(changes).toHaveLength(1);
      expect(changes[0]!.description).toContain('open -> resolved');
      expect(changes[0]!.description).toContain(DOD_RESOLVED_REASON);
      expect(changes[0]!.created_by).toBeNull();
    });

    it('leaves an incident reopened with every item done open', async () => {
      const componentId = await createComponent(uniqueName('billing'), 'healthy');
      const { incidentId, hypothesisId } = await createIncident('Invoices are late');
      await addItem(hypothesisId, {
        type: 'topology',
        component_id: componentId,
        script: 'component.status == "healthy"',
      });
      await runDefinitionOfDone(server.db);
      expect((await incident(incidentId)).status).toBe('resolved');

      await sql(`update incidents set status = 'open' where id = $1`, [incidentId]);
      await runDefinitionOfDone(server.db);
      expect((await incident(incidentId)).status).toBe('open');
    });

    it('records a failing script on its item and still evaluates the others', async () => {
      const componentId = await createComponent(uniqueName('search'), 'healthy');
      const broken = await createIncident('Search is slow');
      const brokenItem = await addItem(broken.hypothesisId, {
        type: 'topology',
        component_id: componentId,
        script: 'component.status ==',
      });
      const fine = await createIncident('Search index is stale');
      const fineItem = await addItem(fine.hypothesisId, {
        type: 'topology',
        component_id: componentId,
        script: 'component.status == "healthy"',
      });

      const outcome = await runDefinitionOfDone(server.db);
      const failed = await evidence(brokenItem);
      expect(failed.done).toBe(false);
      expect(failed.properties?.script?.error).toMatch(/^script cannot be read/);
      expect(outcome.errors).toEqual([expect.stringContaining(brokenItem)]);
      expect((await incident(broken.incidentId)).status).toBe('open');
      expect((await evidence(fineItem)).done).toBe(true);
      expect((await incident(fine.incidentId)).status).toBe('resolved');
    });

    it('resolves the incident when a person marks its last manual item done', async () => {
      const { incidentId, hypothesisId } = await createIncident('Checkout is down');
      const first = await addItem(hypothesisId, { type: 'comment', description: 'Roll back the release' });
      const last = await addItem(hypothesisId, { type: 'comment', description: 'Tell the customers' });
      const markDone = (id: string) =>
        server.fetch(`api/db/evidences?id=eq.${id}`, {
          method: 'PATCH',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ done: true }),
        });

      expect((await markDone(first)).status).toBeLessThan(300);
      expect((await incident(incidentId)).status).toBe('open');
      expect((await markDone(last)).status).toBeLessThan(300);
      expect((await incident(incidentId)).status).toBe('resolved');
      const changes = await statusChanges(incidentId);
      expect(changes.map((c) => c.description)).toEqual([`open -> resolved (${DOD_RESOLVED_REASON})`]);
    });
  });

  describe('incident rules', () => {
    const createRule = async (name: string, spec: unknown) =>
      (
        await sql<{ id: string }>(`insert into incident_rules (name, spec) values ($1, $2) returning id`, [
          name,
          JSON.stringify(spec),
        ])
      )[0]!.id;

    const ruleIncidents = (ruleId: string) =>
      sql<{ id: string; title: string; severity: string; status: string; commander_id: string | null }>(
        `select id, title, severity, status, commander_id from incidents where incident_rule_id = $1`,
        [ruleId],
      );

    const history = (incidentId: string) =>
      sql<{ type: string; description: string; created_by: string | null }>(
        `select type, description, created_by from incident_histories where incident_id = $1 order by created_at, type`,
        [incidentId],
      );

    it('opens one incident for a component that stays unhealthy, with responders, and resolves it on recovery', async () => {
      const adminId = await server.personFor('admin');
      const name = uniqueName('api-gateway');
      const componentId = await createComponent(name, 'healthy', { owner: adminId });
      const ruleName = uniqueName('gateway-down');
      const ruleId = await createRule(ruleName, {
        components: [{ name: 'api-gateway-*' }],
        template: { title: '{{.component.name}} is down', severity: 'high' },
        responders: { email: [{ to: 'oncall@example.com', subject: 'Gateway down', body: 'Look' }] },
        autoAssignOwner: true,
        autoResolve: {},
      });

      await runIncidentRules(server.db);
      expect(await ruleIncidents(ruleId)).toEqual([]);

      await sql(`update components set status = 'unhealthy' where id = $1`, [componentId]);
      for (let run = 0; run < 3; run++) await runIncidentRules(server.db);
      const opened = await ruleIncidents(ruleId);
      expect(opened).toEqual([
        {
          id: expect.any(String),
          title: `${name} is down`,
          severity: 'high',
          status: 'open',
          commander_id: adminId,
        },
      ]);
      const incidentId = opened[0]!.id;
      const responders = await sql<{ type: string; properties: Record<string, string> }>(
        `select type, properties from responders where incident_id = $1`,
        [incidentId],
      );
      expect(responders).toEqual([
        {
          type: 'email',
          properties: {
            responderType: 'email',
            to: 'oncall@example.com',
            subject: 'Gateway down',
            body: 'Look',
          },
        },
      ]);
      const evidences = await sql<{ type: string; component_id: string }>(
        `select e.type, e.component_id from evidences e join hypotheses h on h.id = e.hypothesis_id
          where h.incident_id = $1`,
        [incidentId],
      );
      expect(evidences).toEqual([{ type: 'topology', component_id: componentId }]);

      await sql(`update components set status = 'healthy' where id = $1`, [componentId]);
      await runIncidentRules(server.db);
      expect((await ruleIncidents(ruleId)).map((i) => i.status)).toEqual(['resolved']);

      const changelog = await history(incidentId);
      const ofType = (type: string) => changelog.filter((row) => row.type === type);
      expect(ofType('incident.created')[0]!.description).toContain(`opened by incident rule '${ruleName}'`);
      expect(ofType('responder.created')[0]!.description).toContain(`added by incident rule '${ruleName}'`);
      expect(ofType('incident.status_updated')).toEqual([
        {
          type: 'incident.status_updated',
          description: `open -> resolved (incident rule '${ruleName}': component '${name}' recovered)`,
          created_by: null,
        },
      ]);
      expect(changelog.every((row) => row.created_by === null)).toBe(true);

      const jobs = await sql<{ name: string; resource_type: string; status: string }>(
        `select name, resource_type, status from job_histories where resource_id = $1`,
        [ruleId],
      );
      expect(jobs.length).toBeGreaterThanOrEqual(5);
      expect(jobs.every((job) => job.resource_type === 'incident_rule' && job.status === 'SUCCESS')).toBe(
        true,
      );
    });

    it('closes the incident of a failing check when it passes again (autoClose)', async () => {
      const canaryId = await createCanary(sql);
      const checkId = await createCheck(sql, canaryId, { status: 'unhealthy' });
      const ruleId = await createRule(uniqueName('check-failed'), {
        checks: [{ id: checkId }],
        autoClose: {},
      });

      await runIncidentRules(server.db);
      await runIncidentRules(server.db);
      expect((await ruleIncidents(ruleId)).map((i) => i.status)).toEqual(['open']);

      await sql(`update checks set status = 'healthy', last_transition_time = now() where id = $1`, [
        checkId,
      ]);
      await runIncidentRules(server.db);
      const [closed] = await ruleIncidents(ruleId);
      expect(closed!.status).toBe('closed');
      expect((await incident(closed!.id)).closed).not.toBeNull();
    });

    it('lets a rule with breakOnMatch keep a component from the rules after it, by priority', async () => {
      const name = uniqueName('ledger');
      await createComponent(name, 'unhealthy');
      const first = await createRule(uniqueName('z-first'), {
        components: [{ name }],
        priority: 1,
        breakOnMatch: true,
      });
      const later = await createRule(uniqueName('a-later'), { components: [{ name }], priority: 5 });
      const unordered = await createRule(uniqueName('b-unordered'), { components: [{ name }] });

      await runIncidentRules(server.db);
      expect(await ruleIncidents(first)).toHaveLength(1);
      expect(await ruleIncidents(later)).toEqual([]);
      expect(await ruleIncidents(unordered)).toEqual([]);
    });

    it('refuses an incident rule whose spec the schema refuses, naming the field', async () => {
      const response = await server.fetch('api/db/incident_rules', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: uniqueName('typo'), spec: { autoResolv: {} } }),
      });
      expect(response.status).toBe(422);
      expect(((await response.json()) as { message: string }).message).toContain("'autoResolv'");
    });
  });
});
