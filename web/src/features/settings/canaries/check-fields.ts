// The form fields of the check kinds that have a form (spec 3 §3 per-kind spec fields, §5, §9).
import { HEADER_ROWS, HTTP_METHODS, type FieldDef, type KindForms } from '../../spec-editor/index.js';
import { kindLabel } from './check-kinds.js';

/** Spec 3 §9. */
export const RESPONSE_CODES = [
  '200',
  '201',
  '202',
  '204',
  '301',
  '302',
  '401',
  '404',
  '500',
  '502',
  '503',
] as const;
export const DNS_QUERY_TYPES = ['A', 'AAAA', 'CNAME', 'MX', 'TXT', 'NS', 'SRV', 'PTR'] as const;

const name: FieldDef = { id: 'name', path: ['name'], label: 'Check Name', type: 'text', required: true };
const description: FieldDef = {
  id: 'description',
  path: ['description'],
  label: 'Description',
  type: 'text',
};
const thresholdMillis: FieldDef = {
  id: 'thresholdMillis',
  path: ['thresholdMillis'],
  label: 'Threshold (ms)',
  type: 'number',
  min: 0,
  integer: true,
};
const count = (id: string, label: string): FieldDef => ({
  id,
  path: [id],
  label,
  type: 'number',
  min: 0,
  integer: true,
});

const HTTP: FieldDef[] = [
  name,
  { id: 'icon', path: ['icon'], label: 'Icon', type: 'text' },
  description,
  {
    id: 'url',
    path: ['url'],
    label: 'URL',
    type: 'text',
    required: true,
    placeholder: 'https://example.com',
  },
  { id: 'method', path: ['method'], label: 'Method', type: 'select', options: HTTP_METHODS, initial: 'GET' },
  {
    id: 'body',
    path: ['body'],
    label: 'Body',
    type: 'textarea',
    visibleWhen: (values) => values.method === 'POST' || values.method === 'PUT',
  },
  { id: 'headers', path: ['headers'], label: 'Headers', type: 'rows', row: HEADER_ROWS },
  { id: 'username', path: ['authentication', 'username'], label: 'Username', type: 'text' },
  { id: 'password', path: ['authentication', 'password'], label: 'Password', type: 'password' },
  {
    id: 'responseCodes',
    path: ['responseCodes'],
    label: 'Response Codes',
    type: 'multiselect',
    options: RESPONSE_CODES,
    numeric: true,
    placeholder: 'Any 2xx',
  },
  thresholdMillis,
  { id: 'responseContent', path: ['responseContent'], label: 'Response Content', type: 'text' },
  count('maxSSLExpiry', 'Max SSL Expiry (days)'),
  {
    id: 'test',
    path: ['test', 'expr'],
    label: 'Test Expression',
    type: 'textarea',
    placeholder: 'code == 200',
  },
];

const TCP: FieldDef[] = [
  name,
  description,
  {
    id: 'endpoint',
    path: ['endpoint'],
    label: 'URL',
    type: 'text',
    required: true,
    placeholder: 'host:port',
  },
  thresholdMillis,
];

const DNS: FieldDef[] = [
  name,
  description,
  { id: 'server', path: ['server'], label: 'Server', type: 'text', placeholder: '1.1.1.1' },
  { ...count('port', 'Port'), min: 1, placeholder: '53' },
  { id: 'query', path: ['query'], label: 'Query', type: 'text', placeholder: 'example.com' },
  {
    id: 'querytype',
    path: ['querytype'],
    label: 'Query Type',
    type: 'select',
    options: DNS_QUERY_TYPES,
    initial: 'A',
  },
  count('minrecords', 'Minimum Records'),
  thresholdMillis,
];

const EXEC: FieldDef[] = [
  name,
  description,
  { id: 'script', path: ['script'], label: 'Script', type: 'textarea', required: true },
];

const SQL: FieldDef[] = [
  name,
  description,
  {
    id: 'connection',
    path: ['connection'],
    label: 'Connection',
    type: 'text',
    required: true,
    placeholder: 'connection://postgres/my-database',
  },
  { id: 'query', path: ['query'], label: 'Query', type: 'textarea', required: true, placeholder: 'select 1' },
  count('results', 'Results'),
];

const REDIS: FieldDef[] = [
  name,
  description,
  { id: 'addr', path: ['addr'], label: 'Address', type: 'text', required: true, placeholder: 'redis:6379' },
  { ...count('db', 'Database'), initial: '0' },
];

const ICMP: FieldDef[] = [
  name,
  description,
  { id: 'endpoint', path: ['endpoint'], label: 'Host', type: 'text', required: true },
  count('packetCount', 'Packet Count'),
  {
    id: 'packetLossThreshold',
    path: ['packetLossThreshold'],
    label: 'Packet Loss Threshold',
    type: 'number',
    min: 0,
  },
  thresholdMillis,
];

const ELASTICSEARCH: FieldDef[] = [
  name,
  description,
  { id: 'url', path: ['url'], label: 'URL', type: 'text' },
  { id: 'index', path: ['index'], label: 'Index', type: 'text', required: true },
  { id: 'query', path: ['query'], label: 'Query', type: 'textarea', required: true },
  count('results', 'Results'),
];

const FORMS: Record<string, FieldDef[]> = {
  http: HTTP,
  tcp: TCP,
  dns: DNS,
  exec: EXEC,
  sql: SQL,
  postgres: SQL,
  redis: REDIS,
  icmp: ICMP,
  elasticsearch: ELASTICSEARCH,
};

/** The form of a kind, or undefined for kinds edited as code only. */
export function fieldsOf(kind: string | undefined): readonly FieldDef[] | undefined {
  return kind !== undefined && Object.hasOwn(FORMS, kind) ? FORMS[kind] : undefined;
}

/** A canary spec's form: one check of a kind. */
export const CHECK_FORMS: KindForms = { entry: { one: 'check', many: 'checks' }, fieldsOf, kindLabel };
