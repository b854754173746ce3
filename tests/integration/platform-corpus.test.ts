import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { dump, load } from 'js-yaml';
import { kindNamed, type KindInfo } from '../../server/src/kube/kinds.js';
import { readablePath } from '../../server/src/platform/specs/validate.js';
import { uniqueName } from '../support/health-data.js';
import { startKubeApiServer, type KubeApiServer, type KubeObject } from '../support/kube-api/index.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { jsonRequest, messageOf } from '../support/session.js';

/**
 * Resources of the four kinds as people write them for the platform (tests/fixtures/platform):
 * each is accepted by the spec editors' validation (/api/specs), by the /api/db write rule and,
 * as a custom resource, by the Kubernetes API server with the console's CRDs and strict field
 * validation. Each deliberate typo (typos/, first line `# refused: <field>`) is refused by all
 * three, naming the field.
 */

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/platform');
const KIND_DIRS = ['canary', 'topology', 'scrapeconfig', 'playbook'];
/** Fewer than this many documents means fixtures went missing. */
const CORPUS_MINIMUM = 60;

interface Fixture {
  /** e.g. 'playbook/restart-deployment.yaml' */
  file: string;
  info: KindInfo;
  resource: KubeObject;
  /** Only for typos: the field the refusal must name, as `a[0].b`. */
  refused?: string;
}

function readFixture(dir: string, name: string): Fixture {
  const text = fs.readFileSync(path.join(FIXTURES, dir, name), 'utf8');
  const resource = load(text) as KubeObject;
  const info = kindNamed(resource.kind);
  if (!info) throw new Error(`${dir}/${name}: kind '${resource.kind}' is not one of the four kinds`);
  const refused = /^# refused: (\S+)/.exec(text)?.[1];
  return { file: `${dir}/${name}`, info, resource, ...(refused ? { refused } : {}) };
}

const yamlFiles = (dir: string) =>
  fs.existsSync(path.join(FIXTURES, dir))
    ? fs
        .readdirSync(path.join(FIXTURES, dir))
        .filter((name) => /\.ya?ml$/.test(name))
        .sort()
    : [];

const corpus = KIND_DIRS.flatMap((dir) => yamlFiles(dir).map((name) => readFixture(dir, name)));
const typos = yamlFiles('typos').map((name) => readFixture('typos', name));

/**
 * Whether a message names a field: the whole path (`spec.a[0].b`, `a[0].b: must be ...`), or the
 * object it is in and the field's name (`a[0]: must NOT have additional property 'b'`).
 */
function namesField(message: string, field: string): boolean {
  if (message.includes(field)) return true;
  const split = /^(.*?)(?:\.([^.[\]]+))$|^([^.[\]]+)$/.exec(field);
  if (!split) return false;
  const [parent, key] = split[3] !== undefined ? ['', split[3]] : [split[1]!, split[2]!];
  return message.includes(`'${key}'`) && (parent === '' || message.includes(`${parent}:`));
}

let app: TestServer;
let kube: KubeApiServer;

beforeAll(async () => {
  [app, kube] = await Promise.all([startTestServer({ template: 'empty' }), startKubeApiServer()]);
});
afterAll(async () => {
  await Promise.all([app?.stop(), kube?.close()]);
});

async function validateSpec({ info, resource }: Fixture) {
  const response = await app.fetch(
    `api/specs/${info.table}/validate`,
    jsonRequest('POST', { yaml: dump(resource.spec ?? {}) }),
    'viewer',
  );
  expect(response.status).toBe(200);
  return (await response.json()) as { valid: boolean; errors: { path: string; message: string }[] };
}

const writeRow = ({ info, resource }: Fixture) =>
  app.fetch(
    `api/db/${info.table}`,
    jsonRequest('POST', {
      name: uniqueName(resource.metadata.name),
      namespace: resource.metadata.namespace ?? 'default',
      spec: resource.spec ?? {},
    }),
    'editor',
  );

/** POST of the custom resource, as `kubectl create --validate=strict` sends it. */
function createResource({ info, resource }: Fixture) {
  const namespace = resource.metadata.namespace ?? 'default';
  const object = {
    ...resource,
    metadata: { ...resource.metadata, name: uniqueName(resource.metadata.name) },
  };
  return fetch(
    `${kube.url}/apis/${info.group}/${info.version}/namespaces/${namespace}/${info.plural}?fieldValidation=Strict`,
    {
      method: 'POST',
      headers: { authorization: `Bearer ${kube.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(object),
    },
  );
}

describe('the corpus of platform resources', () => {
  it(`has at least ${CORPUS_MINIMUM} documents across the four kinds, and typos of each kind here`, () => {
    const count = (kind: string) => corpus.filter((fixture) => fixture.info.kind === kind).length;
    expect(count('ScrapeConfig')).toBeGreaterThanOrEqual(14);
    expect(count('Playbook')).toBeGreaterThanOrEqual(12);
    expect(corpus.length).toBeGreaterThanOrEqual(CORPUS_MINIMUM);
    expect(corpus.filter((fixture) => fixture.refused)).toEqual([]);
    expect(typos.length).toBeGreaterThan(0);
    for (const typo of typos) expect([typo.file, typo.refused]).toEqual([typo.file, expect.any(String)]);
  });

  describe.each(corpus.map((fixture) => [fixture.file, fixture] as const))('%s', (_file, fixture) => {
    it('is valid in the spec editor (/api/specs)', async () => {
      expect(await validateSpec(fixture)).toEqual({ valid: true, errors: [] });
    });

    it('is saved through /api/db (201)', async () => {
      const response = await writeRow(fixture);
      expect([response.status, response.status === 201 ? '' : await messageOf(response)]).toEqual([201, '']);
    });

    it('is created in the cluster with strict field validation (201)', async () => {
      const response = await createResource(fixture);
      expect([response.status, response.status === 201 ? '' : await response.text()]).toEqual([201, '']);
    });
  });
});

describe('typos in platform resources', () => {
  describe.each(typos.map((fixture) => [fixture.file, fixture] as const))('%s', (_file, fixture) => {
    const field = fixture.refused!;

    it('is marked in the spec editor (/api/specs), at the field', async () => {
      const answer = await validateSpec(fixture);
      expect(answer.valid).toBe(false);
      const named = answer.errors.filter(
        (error) => readablePath(error.path) === field || namesField(error.message, field),
      );
      expect([field, named.length > 0 ? 'named' : answer.errors]).toEqual([field, 'named']);
    });

    it('is refused by /api/db (422), naming the field', async () => {
      const response = await writeRow(fixture);
      expect(response.status).toBe(422);
      const details = ((await response.json()) as { message: string; details?: string }) ?? {};
      const messages = [details.message, ...(details.details ?? '').split('\n')];
      expect([field, messages.some((message) => namesField(message, field)) ? 'named' : messages]).toEqual([
        field,
        'named',
      ]);
    });

    it('is refused by the cluster, naming the field', async () => {
      const response = await createResource(fixture);
      expect([400, 422]).toContain(response.status);
      const { message } = (await response.json()) as { message: string };
      expect([field, namesField(message, `spec.${field}`) ? 'named' : message]).toEqual([field, 'named']);
    });
  });
});
