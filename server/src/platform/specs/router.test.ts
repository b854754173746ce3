import express from 'express';
import { pino } from 'pino';
import type { Role } from '../../access/roles.js';
import { errorHandler } from '../../http/errors.js';
import { listen, signedInAs } from '../../http/test-app.js';
import { createSpecsRouter } from './router.js';

/**
 * The /api/specs routes on a real HTTP server, the caller's roles from a header and the feature
 * flags from a variable (the same routes through the whole service: tests/integration/
 * spec-validation.test.ts).
 */

let disabled: string[] = [];
let server: { url: string; close: () => void };

beforeAll(async () => {
  const app = express();
  app.use(express.json());
  app.use(signedInAs((req) => String(req.headers['x-roles'] ?? 'viewer').split(',') as Role[]));
  app.use('/specs', createSpecsRouter({ flags: async () => disabled as never[] }));
  app.use(errorHandler(pino({ level: 'silent' })));
  server = await listen(app);
});

afterAll(() => server.close());
afterEach(() => {
  disabled = [];
});

const get = (path: string) => fetch(`${server.url}/specs/${path}`);
const validate = (path: string, body: unknown) =>
  fetch(`${server.url}/specs/${path}/validate`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

const messageOf = async (response: Response) => ((await response.json()) as { message: string }).message;

describe('/api/specs', () => {
  it.each([
    ['canaries', 'Canary spec'],
    ['topologies', 'Topology spec'],
    ['config_scrapers', 'ScrapeConfig spec'],
    ['playbooks', 'Playbook spec'],
  ])('serves the %s spec schema to a viewer', async (table, title) => {
    const response = await get(`${table}/schema`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ title, type: 'object' });
  });

  it('validates YAML against the kind of the path', async () => {
    const response = await validate('playbooks', { yaml: 'title: Restart\nparameters:\n  - type: text\n' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      valid: false,
      errors: [
        {
          line: 3,
          column: 5,
          path: '/parameters/0',
          message: "parameters[0]: must have required property 'name'",
        },
      ],
    });
    const topology = await validate('topologies', { yaml: 'components:\n  - name: api\n' });
    expect(await topology.json()).toEqual({ valid: true, errors: [] });
  });

  it("checks the form's rules besides the schema with ?form=true", async () => {
    const yaml = 'actions:\n  - name: run\n    exec: { script: echo }\n';
    expect(await (await validate('playbooks', { yaml })).json()).toEqual({ valid: true, errors: [] });
    const form = await fetch(`${server.url}/specs/playbooks/validate?form=true`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ yaml }),
    });
    expect(await form.json()).toEqual({
      valid: false,
      errors: [{ line: 1, column: 1, path: '', message: "must have required property 'title'" }],
    });
  });

  it('validates incident rules, which are no cluster kind, with their own schema', async () => {
    const yaml = 'components:\n  - name: api-*\nautoResolv: {}\n';
    expect(await (await validate('incident_rules', { yaml })).json()).toEqual({
      valid: false,
      errors: [
        {
          line: 3,
          column: 1,
          path: '/autoResolv',
          message: "must NOT have additional property 'autoResolv'",
        },
      ],
    });
    const schema = (await (await get('incident_rules/schema')).json()) as {
      properties: Record<string, unknown>;
    };
    expect(Object.keys(schema.properties)).toEqual(
      expect.arrayContaining(['template', 'responders', 'autoClose']),
    );
  });

  it('answers 400 without YAML text and 404 for a table that is not a kind', async () => {
    const noYaml = await validate('topologies', { spec: {} });
    expect(noYaml.status).toBe(400);
    expect(await messageOf(noYaml)).toBe('The body must be { "yaml": "<the Topology spec>" }');
    const noCanaryYaml = await validate('canaries', {});
    expect(noCanaryYaml.status).toBe(400);
    expect(await messageOf(noCanaryYaml)).toBe('The body must be { "yaml": "<the Canary spec>" }');
    const unknown = await get('connections/schema');
    expect(unknown.status).toBe(404);
    expect(await messageOf(unknown)).toBe(
      "No spec schema for 'connections': one of canaries, topologies, config_scrapers, playbooks, incident_rules, teams, logging_backends",
    );
    expect((await get('topologies/nothing')).status).toBe(404);
  });

  it("refuses a kind whose area is turned off, and only that kind's", async () => {
    disabled = ['topology'];
    const refused = await get('topologies/schema');
    expect(refused.status).toBe(403);
    expect(await messageOf(refused)).toBe('Topology is disabled');
    expect((await validate('topologies', { yaml: '' })).status).toBe(403);
    expect((await get('playbooks/schema')).status).toBe(200);
  });
});
