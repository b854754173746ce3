/**
 * The CustomResourceDefinitions of the four kinds, built from the same schemas the YAML editors
 * validate with (kube/schemas): `npm run crds:update` writes them to crds/ and the chart.
 *
 * The editors' schemas are JSON schema draft-07; apiextensions.k8s.io/v1 wants a *structural*
 * OpenAPI v3 schema: every node typed, no `additionalProperties: false` (unknown fields are
 * pruned, and refused by the API server's strict field validation), never `properties` together
 * with `additionalProperties`. toStructural() does that conversion and refuses keywords it
 * cannot carry over, so a schema change that would quietly lose a rule fails instead.
 */
import { DEFAULT_SCALAR_STYLE_RULES, dump, SCALAR_STYLE, type ScalarStyleRule } from 'js-yaml';
import { apiVersionOf, KINDS, type KindInfo, type KindTable } from './kinds.js';
import { specSchemaOf, statusSchemaOf, type Schema } from './schemas/index.js';

const PRESERVE = 'x-kubernetes-preserve-unknown-fields';
const INT_OR_STRING = 'x-kubernetes-int-or-string';

/** Keywords copied as they are (OpenAPI v3 means the same by them as draft-07). */
const COPIED = [
  'description',
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
] as const;
/** Keywords handled by the conversion itself, or dropped ($schema, $id, title: the editor's). */
const HANDLED = new Set([
  'type',
  'properties',
  'required',
  'additionalProperties',
  'items',
  '$schema',
  '$id',
  'title',
]);

type JsonType = 'string' | 'integer' | 'number' | 'boolean' | 'object' | 'array' | 'null';

function typesOf(node: Schema): JsonType[] {
  if (Array.isArray(node.type)) return node.type as JsonType[];
  if (typeof node.type === 'string') return [node.type as JsonType];
  // `{enum: [...]}` alone: its values say the type.
  if (Array.isArray(node.enum)) {
    const kinds = new Set(node.enum.map((value) => (Number.isInteger(value) ? 'integer' : typeof value)));
    return [...kinds] as JsonType[];
  }
  return [];
}

function copyKeywords(node: Schema, into: Schema): Schema {
  for (const keyword of COPIED) if (node[keyword] !== undefined) into[keyword] = node[keyword];
  return into;
}

const isOpenSchema = (value: unknown) =>
  value === true || (typeof value === 'object' && value !== null && Object.keys(value).length === 0);

/** What a structural object node holds besides its type. */
function objectShape(node: Schema, path: string): Schema {
  const out: Schema = {};
  const properties = (node.properties ?? {}) as Record<string, Schema>;
  const extra = node.additionalProperties;
  if (Object.keys(properties).length > 0) {
    out.properties = Object.fromEntries(
      Object.entries(properties).map(([name, child]) => [name, toStructural(child, `${path}.${name}`)]),
    );
    if (Array.isArray(node.required) && node.required.length > 0) out.required = node.required;
    // JSON schema keeps unlisted fields unless told otherwise: so does the CRD.
    if (extra !== false) out[PRESERVE] = true;
  } else if (extra !== undefined && extra !== false && !isOpenSchema(extra)) {
    out.additionalProperties = toStructural(extra as Schema, `${path}.*`);
  } else if (extra !== false) {
    out[PRESERVE] = true;
  }
  return out;
}

/**
 * The structural OpenAPI v3 form of a draft-07 schema node. `path` names the node in errors.
 * A value of several types is kept as it is (int-or-string, or any value).
 */
export function toStructural(node: Schema, path = ''): Schema {
  for (const keyword of Object.keys(node))
    if (!HANDLED.has(keyword) && !(COPIED as readonly string[]).includes(keyword))
      throw new Error(`${path || 'the schema'}: '${keyword}' has no structural equivalent here`);
  const types = typesOf(node).filter((type) => type !== 'null');
  const out: Schema = node.description === undefined ? {} : { description: node.description };
  if (types.length < typesOf(node).length) out.nullable = true;
  if (types.length === 0) return { ...out, [PRESERVE]: true };
  if (types.length > 1) {
    const intOrString = types.every((type) => ['integer', 'string'].includes(type));
    return { ...out, [intOrString ? INT_OR_STRING : PRESERVE]: true };
  }
  const [type] = types;
  out.type = type;
  if (type === 'object') Object.assign(out, objectShape(node, path));
  if (type === 'array')
    out.items =
      node.items === undefined ? { [PRESERVE]: true } : toStructural(node.items as Schema, `${path}[]`);
  return copyKeywords(node, out);
}

interface PrinterColumn {
  name: string;
  type: 'string' | 'integer' | 'number' | 'boolean' | 'date';
  jsonPath: string;
  description?: string;
  priority?: number;
}

const AGE: PrinterColumn = { name: 'Age', type: 'date', jsonPath: '.metadata.creationTimestamp' };
const STATUS: PrinterColumn = { name: 'Status', type: 'string', jsonPath: '.status.status' };

const PRINTER_COLUMNS: Record<KindTable, PrinterColumn[]> = {
  canaries: [
    { name: 'Interval', type: 'integer', jsonPath: '.spec.interval', description: 'seconds between runs' },
    { name: 'Schedule', type: 'string', jsonPath: '.spec.schedule' },
    STATUS,
    { name: 'Last Check', type: 'date', jsonPath: '.status.lastCheck' },
    { name: 'Uptime 1H', type: 'string', jsonPath: '.status.uptime1h' },
    { name: 'Latency 1H', type: 'string', jsonPath: '.status.latency1h' },
    { name: 'Message', type: 'string', jsonPath: '.status.message', priority: 1 },
    AGE,
  ],
  topologies: [{ name: 'Type', type: 'string', jsonPath: '.spec.type' }, STATUS, AGE],
  config_scrapers: [{ name: 'Schedule', type: 'string', jsonPath: '.spec.schedule' }, AGE],
  playbooks: [
    { name: 'Title', type: 'string', jsonPath: '.spec.title' },
    { name: 'Category', type: 'string', jsonPath: '.spec.category' },
    AGE,
  ],
};

const DESCRIPTIONS: Record<KindTable, string> = {
  canaries: 'health checks run on a schedule (HTTP, TCP, DNS, SQL, exec...)',
  topologies: 'components with their properties, lookups and children, built on a schedule',
  config_scrapers: 'scrapers that fill the catalog with configuration items and their changes',
  playbooks: 'actions people run on a config item, component or check, with parameters',
};

/** The CustomResourceDefinition of a kind, as `kubectl apply` takes it. */
export function crdFor(info: KindInfo) {
  const spec = toStructural(specSchemaOf(info.table), 'spec');
  const status = toStructural(statusSchemaOf(info.table), 'status');
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: `${info.plural}.${info.group}` },
    spec: {
      group: info.group,
      names: {
        kind: info.kind,
        listKind: `${info.kind}List`,
        plural: info.plural,
        singular: info.singular,
        ...(info.shortNames.length > 0 ? { shortNames: info.shortNames } : {}),
      },
      scope: 'Namespaced',
      versions: [
        {
          name: info.version,
          served: true,
          storage: true,
          subresources: { status: {} },
          additionalPrinterColumns: PRINTER_COLUMNS[info.table],
          schema: {
            openAPIV3Schema: {
              description: `${info.kind}: ${DESCRIPTIONS[info.table]} (${apiVersionOf(info)})`,
              type: 'object',
              properties: {
                apiVersion: { type: 'string' },
                kind: { type: 'string' },
                metadata: { type: 'object' },
                spec,
                status,
              },
            },
          },
        },
      ],
    },
  };
}

export type CustomResourceDefinition = ReturnType<typeof crdFor>;

// The repository's YAML is prettier's: single quotes, double ones when the text holds a single quote.
const prettierQuotes: ScalarStyleRule = (layout) => {
  const { value } = layout.node;
  if (layout.style === SCALAR_STYLE.SINGLE_QUOTED && value.includes("'") && !/["\\]/.test(value))
    layout.style = SCALAR_STYLE.DOUBLE_QUOTED;
};
const scalarStyleRules = [...Object.values(DEFAULT_SCALAR_STYLE_RULES), prettierQuotes];

export const CRD_FILE_HEADER =
  '# generated by npm run crds:update from server/src/kube/schemas; do not edit\n';

/** Each CRD as the file crds/<plural>.<group>.yaml holds it. */
export function crdFiles(): { name: string; text: string }[] {
  return KINDS.map((info) => {
    const crd = crdFor(info);
    return {
      name: `${crd.metadata.name}.yaml`,
      text: CRD_FILE_HEADER + dump(crd, { lineWidth: -1, noRefs: true, scalarStyleRules }),
    };
  });
}
