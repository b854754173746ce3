/**
 * The form fields of the scraper kinds that have a form (spec 3 §2.3: kubernetes, file, http,
 * sql), each the field the engine reads under the name the ScrapeConfig schema gives it
 * (server/src/platform/catalog/scrapers/kinds/, kube/schemas/scrape-config.ts), required as the
 * forms' rules say (spec 3 §5, platform/specs/form-rules.ts); and the spec's own schedule and
 * retention.
 */
import {
  HEADER_ROWS,
  HTTP_METHODS,
  SCHEDULES,
  type FieldDef,
  type KindForms,
} from '../../spec-editor/index.js';
import { SCRAPER_TYPES } from './scraper-types.js';

const text = (id: string, label: string, extra: Partial<FieldDef> = {}): FieldDef => ({
  id,
  path: [id],
  label,
  type: 'text',
  ...extra,
});

/** The base fields: JSONPaths ($...) into what is read, or literals. */
const type = (required: boolean) =>
  text('type', 'Item Type', { required, placeholder: 'HTTP::Resource or $.kind' });
const id = (required: boolean) => text('id', 'Item ID', { required, placeholder: '$.id' });
const itemName = text('name', 'Item Name', { placeholder: '$.name' });
const items = text('items', 'Items', { placeholder: '$.items' });
const connection = (required = false) =>
  text('connection', 'Connection', { required, placeholder: 'connection://postgres/my-database' });

const KUBERNETES: FieldDef[] = [
  text('clusterName', 'Cluster Name', { required: true, placeholder: 'local' }),
  { ...connection(), placeholder: 'connection://kubernetes/my-cluster' },
  {
    id: 'kubeconfig',
    path: ['kubeconfig'],
    label: 'Kubeconfig',
    type: 'textarea',
    placeholder: "A kubeconfig file path or its YAML; empty: the console's cluster",
  },
  text('namespace', 'Scraped Namespace', { placeholder: 'All namespaces' }),
  {
    id: 'scope',
    path: ['scope'],
    label: 'Scope',
    type: 'select',
    options: ['', 'cluster', 'namespace'],
  },
  text('selector', 'Selector', { placeholder: 'app=web' }),
  text('fieldSelector', 'Field Selector', { placeholder: 'status.phase=Running' }),
  text('since', 'Since', { placeholder: '24h' }),
  // The engine and the schema spell it maxInflight.
  { id: 'maxInflight', path: ['maxInflight'], label: 'Max In Flight', type: 'number', min: 1, integer: true },
  {
    id: 'excludedKinds',
    path: ['exclusions', 'kind'],
    label: 'Excluded Kinds',
    type: 'list',
    placeholder: 'One kind per line, e.g. Event',
  },
  {
    id: 'excludedNamespaces',
    path: ['exclusions', 'namespace'],
    label: 'Excluded Namespaces',
    type: 'list',
    placeholder: 'One namespace per line',
  },
  {
    id: 'excludedNames',
    path: ['exclusions', 'name'],
    label: 'Excluded Names',
    type: 'list',
    placeholder: 'One name per line',
  },
  {
    id: 'watch',
    path: ['watch'],
    label: 'Watch',
    type: 'rows',
    row: {
      label: 'watch',
      columns: [
        { key: 'apiVersion', label: 'API version', required: true },
        { key: 'kind', label: 'kind', required: true },
      ],
    },
  },
];

const FILE: FieldDef[] = [
  type(false),
  id(false),
  itemName,
  {
    id: 'format',
    path: ['format'],
    label: 'Format',
    type: 'select',
    required: true,
    options: ['yaml', 'json', 'properties', 'text'],
  },
  text('icon', 'Icon', { required: true, placeholder: 'file' }),
  items,
  {
    id: 'paths',
    path: ['paths'],
    label: 'Paths',
    type: 'list',
    placeholder: 'One glob per line, e.g. config/*.yaml',
  },
  { id: 'ignore', path: ['ignore'], label: 'Ignore', type: 'list', placeholder: 'One glob per line' },
  text('url', 'Git Repository URL', { placeholder: 'https://github.com/my-org/my-repo.git' }),
  { ...connection(), placeholder: 'connection://git/my-repo' },
];

const HTTP: FieldDef[] = [
  type(true),
  id(true),
  itemName,
  text('url', 'URL', { required: true, placeholder: 'https://example.com/api/items' }),
  { ...connection(), placeholder: 'connection://http/my-api' },
  { id: 'method', path: ['method'], label: 'Method', type: 'select', options: HTTP_METHODS },
  {
    id: 'body',
    path: ['body'],
    label: 'Body',
    type: 'textarea',
    visibleWhen: (values) => values.method === 'POST' || values.method === 'PUT',
  },
  items,
  { id: 'headers', path: ['headers'], label: 'Headers', type: 'rows', row: HEADER_ROWS },
  text('username', 'Username'),
  { id: 'password', path: ['password'], label: 'Password', type: 'password' },
];

const SQL: FieldDef[] = [
  type(true),
  id(true),
  itemName,
  connection(true),
  {
    id: 'driver',
    path: ['driver'],
    label: 'Driver',
    type: 'select',
    options: ['', 'postgres', 'mysql'],
  },
  {
    id: 'query',
    path: ['query'],
    label: 'Query',
    type: 'textarea',
    required: true,
    placeholder: 'select id, name from my_table',
  },
];

const FORMS: Record<string, FieldDef[]> = { kubernetes: KUBERNETES, file: FILE, http: HTTP, sql: SQL };

/** The spec's own fields: when it runs, and how long what it found is kept. */
export const SPEC_FIELDS: readonly FieldDef[] = [
  { id: 'schedule', path: ['schedule'], label: 'Schedule', type: 'select', options: ['', ...SCHEDULES] },
  {
    id: 'retentionChanges',
    path: ['retention', 'changes'],
    label: 'Change Retention',
    type: 'rows',
    row: {
      label: 'change',
      columns: [
        { key: 'name', label: 'name', required: true },
        { key: 'age', label: 'age', optional: true },
        { key: 'count', label: 'count', count: true },
      ],
    },
  },
  {
    id: 'retentionTypes',
    path: ['retention', 'types'],
    label: 'Type Retention',
    type: 'rows',
    row: {
      label: 'type',
      columns: [
        { key: 'name', label: 'name', required: true },
        { key: 'createdAge', label: 'created age', optional: true },
        { key: 'updatedAge', label: 'updated age', optional: true },
        { key: 'deletedAge', label: 'deleted age', optional: true },
      ],
    },
  },
];

/** The form of a kind, or undefined for kinds edited as code only. */
export function scraperFieldsOf(kind: string | undefined): readonly FieldDef[] | undefined {
  return kind !== undefined && Object.hasOwn(FORMS, kind) ? FORMS[kind] : undefined;
}

/** The type picker's label of a spec key ('kubernetesFile' is Kubernetes File). */
export const scraperKindLabel = (key: string) => SCRAPER_TYPES.find((type) => type.id === key)?.label ?? key;

/** A ScrapeConfig spec's form: one entry of a kind, with the spec's schedule and retention. */
export const SCRAPER_FORMS: KindForms = {
  entry: { one: 'scraper', many: 'scrapers' },
  fieldsOf: scraperFieldsOf,
  kindLabel: scraperKindLabel,
  specFields: SPEC_FIELDS,
};
