import { sqlOf, uniqueName, type Sql } from '../support/health-data.js';
import { setFeatureBehindConsole } from '../support/flags.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { jsonRequest, messageOf } from '../support/session.js';

/**
 * One schema per kind: the settings editors' validation (/api/specs) and the
 * /api/db writes of canaries, topologies, config_scrapers and playbooks refuse the same specs,
 * through the whole service. Validation does not depend on the database engine: PGlite only.
 */
describe('spec validation of the four custom resource kinds', () => {
  let server: TestServer;
  let sql: Sql;

  beforeAll(async () => {
    server = await startTestServer({ template: 'empty' });
    sql = sqlOf(server);
  });
  afterAll(() => server?.stop());

  const write = (method: 'POST' | 'PATCH', path: string, body: unknown) =>
    server.fetch(`api/db/${path}`, jsonRequest(method, body), 'editor');
  const validate = async (table: string, yaml: string) => {
    const response = await server.fetch(
      `api/specs/${table}/validate`,
      jsonRequest('POST', { yaml }),
      'viewer',
    );
    expect(response.status).toBe(200);
    return response.json();
  };

  describe('writes through /api/db', () => {
    it('refuses a topology with an invalid spec (422) and writes nothing; a valid one is saved', async () => {
      const name = uniqueName('topology');
      const refused = await write('POST', 'topologies', {
        name,
        spec: { components: [{ name: 'db', typ: 'Database' }] },
      });
      expect(refused.status).toBe(422);
      expect(await messageOf(refused)).toBe("spec: components[0]: must NOT have additional property 'typ'");
      expect(await sql('select 1 from topologies where name = $1', [name])).toHaveLength(0);

      const saved = await write('POST', 'topologies', { name, spec: { components: [{ name: 'db' }] } });
      expect(saved.status).toBe(201);
      expect(await sql('select spec from topologies where name = $1', [name])).toEqual([
        { spec: { components: [{ name: 'db' }] } },
      ]);
    });

    it('refuses a PATCH that would make a topology spec invalid, and leaves the row as it was', async () => {
      const name = uniqueName('topology');
      const [row] = await sql<{ id: string }>(
        `insert into topologies (name, namespace, spec) values ($1, 'default', '{"type": "App"}') returning id`,
        [name],
      );
      const refused = await write('PATCH', `topologies?id=eq.${row!.id}`, {
        spec: { properties: [{ value: 'x' }] },
      });
      expect(refused.status).toBe(422);
      expect(await messageOf(refused)).toBe('spec: properties[0].value: must be number');
      expect(await sql('select spec from topologies where id = $1', [row!.id])).toEqual([
        { spec: { type: 'App' } },
      ]);
    });

    it.each([
      [
        'config_scrapers',
        { kubernetes: [{ namespace: 'default' }] },
        "spec: kubernetes[0]: must have required property 'clusterName'",
      ],
      [
        'playbooks',
        { parameters: [{ name: 'a', lable: 'A' }] },
        "spec: parameters[0]: must NOT have additional property 'lable'",
      ],
      ['canaries', { http: [{ url: 'https://x' }] }, "spec: http[0]: must have required property 'name'"],
    ])('refuses %s with an invalid spec (422) and writes nothing', async (table, spec, message) => {
      const name = uniqueName(table);
      const refused = await write('POST', table, { name, spec });
      expect(refused.status).toBe(422);
      expect(await messageOf(refused)).toBe(message);
      expect(await sql(`select 1 from ${table} where name = $1`, [name])).toHaveLength(0);
    });
  });

  describe('/api/specs', () => {
    it.each([
      [
        'canaries',
        'http:\n  - url: https://x\n    thresholdMillis: fast\n',
        2,
        "http[0]: must have required property 'name'",
      ],
      [
        'topologies',
        'type: App\ncomponents:\n  - name: db\n    icn: db\n',
        4,
        "components[0]: must NOT have additional property 'icn'",
      ],
      [
        'config_scrapers',
        'schedule: "@every 1h"\nhttp:\n  - url: https://x\n    header: []\n',
        4,
        "http[0]: must NOT have additional property 'header'",
      ],
      [
        'playbooks',
        'title: T\nparameters:\n  - name: p\n    type: number\n',
        4,
        'parameters[0].type: must be one of',
      ],
    ])('locates the first problem of a %s spec at its line', async (table, yaml, line, message) => {
      const answer = (await validate(table, yaml)) as {
        valid: boolean;
        errors: { line: number; message: string }[];
      };
      expect(answer.valid).toBe(false);
      expect(answer.errors[0]!.line).toBe(line);
      expect(answer.errors[0]!.message).toContain(message);
    });

    it('accepts the spec the editor shows for a valid resource of each kind', async () => {
      expect(await validate('topologies', 'components:\n  - name: api\n')).toEqual({
        valid: true,
        errors: [],
      });
      expect(await validate('config_scrapers', 'kubernetes:\n  - clusterName: prod\n')).toEqual({
        valid: true,
        errors: [],
      });
      expect(await validate('playbooks', 'title: Restart\n')).toEqual({ valid: true, errors: [] });
    });

    it("checks the form's rules with ?form=true: a playbook the platform takes without a title", async () => {
      const yaml = 'actions:\n  - name: run\n    exec:\n      script: echo\n';
      expect(await validate('playbooks', yaml)).toEqual({ valid: true, errors: [] });
      const form = await server.fetch(
        'api/specs/playbooks/validate?form=true',
        jsonRequest('POST', { yaml }),
        'viewer',
      );
      expect(await form.json()).toEqual({
        valid: false,
        errors: [{ line: 1, column: 1, path: '', message: "must have required property 'title'" }],
      });
    });

    it('serves each schema, 404 for a table that is not a kind, 401 without signing in', async () => {
      const schema = await server.fetch('api/specs/playbooks/schema', {}, 'viewer');
      expect(schema.status).toBe(200);
      expect(await schema.json()).toMatchObject({ title: 'Playbook spec', type: 'object' });
      const unknown = await server.fetch('api/specs/people/schema');
      expect(unknown.status).toBe(404);
      expect((await server.fetch('api/specs/topologies/schema', {}, 'anonymous')).status).toBe(401);
    });

    it('is the one place a canary spec is checked: /api/canary has no validator or schema', async () => {
      const yaml = 'http:\n  - name: site\n';
      const validated = await server.fetch(
        'api/specs/canaries/validate',
        jsonRequest('POST', { yaml }),
        'viewer',
      );
      expect(validated.status).toBe(200);
      expect(
        (await server.fetch('api/canary/validate', jsonRequest('POST', { yaml }), 'viewer')).status,
      ).toBe(404);
      expect((await server.fetch('api/specs/canaries/schema', {}, 'viewer')).status).toBe(200);
      expect((await server.fetch('api/canary/schema', {}, 'viewer')).status).toBe(404);
    });

    it("is refused (403) while the kind's area is turned off", async () => {
      await setFeatureBehindConsole(server, 'topology', true);
      try {
        const refused = await server.fetch('api/specs/topologies/schema', {}, 'admin');
        expect(refused.status).toBe(403);
        expect(await messageOf(refused)).toBe('Topology is disabled');
        expect((await server.fetch('api/specs/playbooks/schema', {}, 'admin')).status).toBe(200);
      } finally {
        await setFeatureBehindConsole(server, 'topology', false);
      }
    });
  });
});
