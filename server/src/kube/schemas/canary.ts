/**
 * The JSON schema (draft-07) of a Canary spec: the value of canaries.spec, the `spec` of the
 * Canary custom resource (canaries.flanksource.com/v1). Served by GET /api/specs/canaries/schema
 * for the editor's hints and used by its validator (platform/specs) for
 * /api/specs/canaries/validate and writes to /api/db/canaries.
 *
 * Kinds described field by field (spec 3 §3 and §5) refuse unknown fields, so a typo such as
 * `thresholdMilis` is caught; every other kind is a list of named entries with any fields.
 */
import {
  boolean,
  count,
  nonEmpty,
  secretValue,
  string,
  stringMap,
  template,
  valueFrom,
  type Schema,
} from './fragments.js';

const millis: Schema = { type: 'integer', minimum: 0, description: 'milliseconds' };

const namedValue: Schema = {
  type: 'object',
  properties: { name: nonEmpty, value: string, valueFrom },
  required: ['name'],
  additionalProperties: false,
};

/** Fields every check entry has. */
const common: Schema = {
  name: { ...nonEmpty, description: 'unique within the canary and kind' },
  description: string,
  icon: string,
  namespace: string,
  labels: stringMap,
  timeout: { ...count, description: 'seconds (default 10)' },
  test: template,
  display: template,
  transform: template,
  transformDeleteStrategy: string,
  markFailOnEmpty: boolean,
  metrics: { type: 'array', items: { type: 'object' } },
};

function kind(properties: Schema, required: string[] = []): Schema {
  const entry: Schema = {
    type: 'object',
    properties: { ...common, ...properties },
    required: ['name', ...required],
    additionalProperties: false,
  };
  return { type: 'array', items: entry };
}

const anyKind: Schema = {
  type: 'array',
  items: { type: 'object', properties: { name: nonEmpty }, required: ['name'] },
};

const tls: Schema = {
  type: 'object',
  properties: { insecureSkipVerify: boolean, ca: secretValue, cert: secretValue, key: secretValue },
  additionalProperties: false,
};

const connection: Schema = { ...string, description: "'connection://<type>/<name>' or a URL" };

const http = kind(
  {
    url: nonEmpty,
    connection,
    method: { enum: ['GET', 'POST', 'PUT', 'DELETE', 'HEAD', 'PATCH'] },
    body: string,
    templateBody: boolean,
    headers: { type: 'array', items: namedValue },
    authentication: {
      type: 'object',
      properties: { username: secretValue, password: secretValue, ntlm: boolean, ntlmv2: boolean },
      additionalProperties: false,
    },
    username: secretValue,
    password: secretValue,
    responseCodes: { type: 'array', items: { type: 'integer', minimum: 100, maximum: 599 } },
    thresholdMillis: millis,
    responseContent: string,
    maxSSLExpiry: { ...count, description: 'days' },
    insecureSkipVerify: boolean,
    tlsConfig: tls,
    env: { type: 'array', items: namedValue },
  },
  ['url'],
);

const sql = kind(
  {
    connection,
    url: string,
    username: secretValue,
    password: secretValue,
    query: nonEmpty,
    results: { ...count, description: 'expected number of rows' },
  },
  ['query'],
);

const fileFilter: Schema = {
  type: 'object',
  properties: {
    minAge: string,
    maxAge: string,
    minSize: string,
    maxSize: string,
    regex: string,
    since: string,
  },
  additionalProperties: false,
};

/** The kinds described field by field. */
const described: Record<string, Schema> = {
  http,
  tcp: kind({ endpoint: nonEmpty, thresholdMillis: millis }, ['endpoint']),
  dns: kind({
    server: string,
    port: { type: 'integer', minimum: 1, maximum: 65535 },
    query: string,
    querytype: { enum: ['A', 'AAAA', 'CNAME', 'MX', 'TXT', 'NS', 'SRV', 'PTR'] },
    minrecords: count,
    exactreply: { type: 'array', items: string },
    thresholdMillis: millis,
  }),
  icmp: kind(
    {
      endpoint: nonEmpty,
      packetCount: { type: 'integer', minimum: 1 },
      packetLossThreshold: { type: 'integer', minimum: 0, maximum: 100, description: 'percent' },
      thresholdMillis: millis,
    },
    ['endpoint'],
  ),
  exec: kind(
    {
      script: nonEmpty,
      env: { type: 'array', items: namedValue },
      connections: { type: 'object' },
      checkout: { type: 'object' },
      artifacts: { type: 'array', items: { type: 'object' } },
    },
    ['script'],
  ),
  postgres: sql,
  mysql: sql,
  mssql: sql,
  sql,
  redis: kind({ addr: nonEmpty, db: count, username: secretValue, password: secretValue, connection }, [
    'addr',
  ]),
  elasticsearch: kind(
    {
      url: string,
      connection,
      username: secretValue,
      password: secretValue,
      index: nonEmpty,
      query: nonEmpty,
      results: count,
    },
    ['index', 'query'],
  ),
  folder: kind(
    {
      path: nonEmpty,
      filter: fileFilter,
      minAge: string,
      maxAge: string,
      minCount: count,
      maxCount: count,
      minSize: string,
      maxSize: string,
      availableSize: string,
      totalSize: string,
      awsConnection: { type: 'object' },
      gcpConnection: { type: 'object' },
      sftpConnection: { type: 'object' },
      smbConnection: { type: 'object' },
    },
    ['path'],
  ),
  junit: kind(
    {
      testFolder: nonEmpty,
      spec: { type: 'object' },
      artifacts: { type: 'array', items: { type: 'object' } },
    },
    ['testFolder'],
  ),
};

/** Kinds the editor suggests without describing their fields (the type picker of spec 3 §2.3). */
const OTHER_KINDS = [
  'alertmanager',
  'awsConfig',
  'awsConfigRule',
  'azuredevops',
  'catalog',
  'cloudwatch',
  'containerd',
  'databaseBackup',
  'docker',
  'dockerPush',
  'dynatrace',
  'ec2',
  'gcs',
  'github',
  'gitProtocol',
  'helm',
  'jmeter',
  'kubernetes',
  'kubernetesResource',
  'ldap',
  'mongodb',
  'namespace',
  'opensearch',
  'pod',
  'prometheus',
  'restic',
  's3',
  'sftp',
  'smb',
  'webhook',
];

/** Kinds whose entries the schema describes field by field. */
export const DESCRIBED_KINDS = Object.keys(described);

export const canarySpecSchema: Schema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: 'canary-spec',
  title: 'Canary spec',
  type: 'object',
  properties: {
    schedule: { ...nonEmpty, description: "cron, or '@every 30s', '@hourly', '@daily'..." },
    interval: { ...count, description: 'seconds between runs, when there is no schedule' },
    labels: stringMap,
    icon: string,
    owner: string,
    severity: { enum: ['info', 'warning', 'low', 'medium', 'high', 'blocker', 'critical'] },
    replicas: count,
    resultMode: string,
    env: { type: 'object' },
    ...described,
    ...Object.fromEntries(OTHER_KINDS.map((name) => [name, anyKind])),
  },
  // Any other key is a kind this console doesn't know: a list of named checks.
  additionalProperties: anyKind,
};
