import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import { loadAll } from 'js-yaml';
import { CustomResourceDefinition } from 'kubernetes-models/apiextensions.k8s.io/v1/CustomResourceDefinition';
import { crdFiles, crdFor, toStructural } from './crds.js';
import { KINDS, kindNamed, type KindName } from './kinds.js';
import type { Schema } from './schemas/index.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const PRESERVE = 'x-kubernetes-preserve-unknown-fields';
const INT_OR_STRING = 'x-kubernetes-int-or-string';
/** The JSONSchemaProps fields of apiextensions.k8s.io/v1 a schema here may use. */
const OPENAPI_KEYWORDS = new Set([
  'type',
  'description',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'enum',
  'format',
  'minimum',
  'maximum',
  'minLength',
  'maxLength',
  'pattern',
  'minItems',
  'maxItems',
  'default',
  'nullable',
  PRESERVE,
  INT_OR_STRING,
]);
const TYPES = ['object', 'array', 'string', 'integer', 'number', 'boolean'];
const typeOfValue = (value: unknown) =>
  Number.isInteger(value) ? 'integer' : typeof value === 'number' ? 'number' : typeof value;

/** Why a schema is not structural (apiextensions.k8s.io/v1), one line per offence; [] when it is. */
function structuralProblems(node: Schema, where = ''): string[] {
  const problems: string[] = [];
  const say = (problem: string) => problems.push(`${where || '.'}: ${problem}`);
  for (const key of Object.keys(node)) if (!OPENAPI_KEYWORDS.has(key)) say(`'${key}' is not allowed`);
  const untypedAllowed = node[PRESERVE] === true || node[INT_OR_STRING] === true;
  if (node.type === undefined && !untypedAllowed) say('has no type');
  if (node.type !== undefined && !TYPES.includes(node.type as string))
    say(`type ${JSON.stringify(node.type)}`);
  if (node.type === undefined && node.properties !== undefined) say('has properties but no type');
  if (node.additionalProperties === false) say('additionalProperties: false');
  if (node.properties !== undefined && node.additionalProperties !== undefined)
    say('properties and additionalProperties together');
  if (node.type === 'array' && node.items === undefined) say('an array without items');
  if (Array.isArray(node.enum))
    for (const value of node.enum)
      if (typeOfValue(value) !== node.type && !(node.type === 'number' && typeOfValue(value) === 'integer'))
        say(`enum value ${JSON.stringify(value)} is not a ${String(node.type)}`);
  for (const [name, child] of Object.entries((node.properties ?? {}) as Record<string, Schema>))
    problems.push(...structuralProblems(child, `${where}.${name}`));
  if (typeof node.additionalProperties === 'object')
    problems.push(...structuralProblems(node.additionalProperties as Schema, `${where}.*`));
  if (node.items !== undefined) problems.push(...structuralProblems(node.items as Schema, `${where}[]`));
  return problems;
}

const version = (kind: KindName) => crdFor(kindNamed(kind)!).spec.versions[0]!;

describe('the CustomResourceDefinitions', () => {
  it.each(KINDS.map((info) => [info.kind, info] as const))('%s has a structural schema', (_kind, info) => {
    const crd = crdFor(info);
    const schema = crd.spec.versions[0]!.schema.openAPIV3Schema as Schema;
    expect(structuralProblems(schema)).toEqual([]);
    expect(schema.properties).toMatchObject({ metadata: { type: 'object' }, spec: { type: 'object' } });
    expect(crd.metadata.name).toBe(`${info.plural}.${info.group}`);
    expect(crd.spec).toMatchObject({ group: info.group, scope: 'Namespaced', names: { kind: info.kind } });
    expect(crd.spec.versions[0]).toMatchObject({
      name: 'v1',
      served: true,
      storage: true,
      subresources: { status: {} },
    });
    // The Kubernetes OpenAPI schema of a CustomResourceDefinition accepts it.
    expect(() => new CustomResourceDefinition(crd as never).validate()).not.toThrow();
  });

  it('the structural check catches what the API server would refuse', () => {
    expect(structuralProblems({ type: 'object', properties: { a: {} } })).toEqual(['.a: has no type']);
    expect(structuralProblems({ type: 'object', additionalProperties: false, $id: 'x' })).toEqual([
      ".: '$id' is not allowed",
      '.: additionalProperties: false',
    ]);
    expect(structuralProblems({ type: 'array' })).toEqual(['.: an array without items']);
  });

  it('are the files in crds/ and the chart, as generated', () => {
    for (const dir of ['crds', 'charts/ops-console/crds-files']) {
      const onDisk = fs
        .readdirSync(path.join(root, dir))
        .filter((name) => name.endsWith('.yaml'))
        .sort();
      const generated = crdFiles().sort((a, b) => a.name.localeCompare(b.name));
      expect(onDisk).toEqual(generated.map((file) => file.name));
      for (const file of generated) {
        const text = fs.readFileSync(path.join(root, dir, file.name), 'utf8');
        if (text !== file.text)
          throw new Error(`${dir}/${file.name} is out of date: run npm run crds:update`);
      }
    }
  });

  it('lists what kubectl get shows for each kind', () => {
    const columns = (kind: KindName) => version(kind).additionalPrinterColumns.map((column) => column.name);
    expect(columns('Canary')).toEqual([
      'Interval',
      'Schedule',
      'Status',
      'Last Check',
      'Uptime 1H',
      'Latency 1H',
      'Message',
      'Age',
    ]);
    expect(version('Canary').additionalPrinterColumns.find((c) => c.name === 'Last Check')).toEqual({
      name: 'Last Check',
      type: 'date',
      jsonPath: '.status.lastCheck',
    });
    expect(columns('Topology')).toEqual(['Type', 'Status', 'Age']);
    expect(columns('ScrapeConfig')).toEqual(['Schedule', 'Age']);
    expect(columns('Playbook')).toEqual(['Title', 'Category', 'Age']);
  });

  it('accepts the sample resources the kind cluster test applies, and refuses a wrong type', () => {
    // The structural schema read as JSON schema: what the API server validates (after pruning).
    const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
    const samples = loadAll(fs.readFileSync(path.join(root, 'hack/kind-samples/resources.yaml'), 'utf8')) as {
      kind: KindName | 'Namespace';
      spec?: unknown;
    }[];
    const custom = samples.filter((sample) => sample.kind !== 'Namespace');
    expect(custom.map((sample) => sample.kind).sort()).toEqual([
      'Canary',
      'Playbook',
      'ScrapeConfig',
      'Topology',
    ]);
    for (const sample of custom) {
      const validate = ajv.compile(version(sample.kind as KindName).schema.openAPIV3Schema);
      expect([sample.kind, validate(sample)]).toEqual([sample.kind, true]);
    }
    const scrapeConfig = ajv.compile(version('ScrapeConfig').schema.openAPIV3Schema);
    expect(scrapeConfig({ spec: { kubernetes: [{ clusterName: 'kind', maxInflight: 'many' }] } })).toBe(
      false,
    );
    expect(scrapeConfig({ spec: { kubernetes: [{}] } })).toBe(false);
  });
});

describe('toStructural', () => {
  it('prunes where the editor refuses unknown fields, and keeps them where it allows them', () => {
    const closed = { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: false };
    expect(toStructural(closed)).toEqual({ type: 'object', properties: { a: { type: 'string' } } });
    const open = { type: 'object', properties: { a: { type: 'string' } } };
    expect(toStructural(open)).toEqual({ ...open, [PRESERVE]: true });
    const openWithSchema = { ...open, additionalProperties: { type: 'array' } };
    expect(toStructural(openWithSchema)).toEqual({ ...open, [PRESERVE]: true });
    expect(toStructural({ type: 'object' })).toEqual({ type: 'object', [PRESERVE]: true });
  });

  it('keeps maps, types enums and turns unions into int-or-string or any value', () => {
    const map = { type: 'object', additionalProperties: { type: 'string' } };
    expect(toStructural(map)).toEqual(map);
    expect(toStructural({ enum: ['GET', 'POST'] })).toEqual({ type: 'string', enum: ['GET', 'POST'] });
    expect(toStructural({ type: ['integer', 'string'], description: 'd' })).toEqual({
      description: 'd',
      [INT_OR_STRING]: true,
    });
    expect(toStructural({ type: ['string', 'object'], properties: { a: {} } })).toEqual({ [PRESERVE]: true });
    expect(toStructural({ description: 'anything' })).toEqual({ description: 'anything', [PRESERVE]: true });
    expect(toStructural({ type: 'array' })).toEqual({ type: 'array', items: { [PRESERVE]: true } });
    expect(toStructural({ type: ['string', 'null'] })).toEqual({ nullable: true, type: 'string' });
  });

  it("drops the editor's identifiers and refuses a keyword it cannot carry over", () => {
    expect(toStructural({ $schema: 's', $id: 'i', title: 't', type: 'string', minLength: 1 })).toEqual({
      type: 'string',
      minLength: 1,
    });
    expect(() => toStructural({ type: 'object', properties: { a: { oneOf: [] } } }, 'spec')).toThrow(
      "spec.a: 'oneOf' has no structural equivalent here",
    );
  });
});
