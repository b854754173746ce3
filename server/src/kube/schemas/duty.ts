/**
 * The platform's shared value types (flanksource/duty and canary-checker's common types) as the
 * Canary and Topology schemas use them: secret-capable values, connections, TLS, selectors. Each
 * object lists every field the platform reads and refuses others, so a misspelt field is named.
 */
import { boolean, count, nonEmpty, string, stringMap, strings, type Schema } from './fragments.js';

/** An object of exactly these fields (these required). */
export function closed(properties: Schema, required: string[] = [], description?: string): Schema {
  const node: Schema = { type: 'object', properties, additionalProperties: false };
  if (required.length > 0) node.required = required;
  if (description !== undefined) node.description = description;
  return node;
}

export const integer: Schema = { type: 'integer' };
export const duration: Schema = { type: 'string', description: "a duration: '500ms', '2m', '1h30m'" };
export const size: Schema = { type: 'string', description: "a size: '10Mi', '1Gb'" };
export const labels: Schema = stringMap;

const keySelector = closed({ name: string, key: nonEmpty, optional: boolean }, ['key']);

/** Where a secret-capable value comes from. */
export const envVarSource = closed({
  serviceAccount: string,
  helmRef: closed({ name: string, key: nonEmpty }, ['key']),
  configMapKeyRef: keySelector,
  secretKeyRef: keySelector,
});

/** A secret-capable value: a literal, or `{value}` / `{valueFrom}` (duty's EnvVar). */
export const envVar: Schema = {
  type: ['string', 'object'],
  properties: { name: string, value: string, valueFrom: envVarSource },
  additionalProperties: false,
};

/** A named secret-capable value: a header, or a variable a template or script sees. */
export const namedEnvVar = closed({ name: string, value: string, valueFrom: envVarSource });
export const namedEnvVars: Schema = { type: 'array', items: namedEnvVar };

/** A CEL expression, Go template, JSONPath or JavaScript: test, display and transform. */
export const template = closed({ expr: string, template: string, jsonPath: string, javascript: string });

export const connectionName: Schema = {
  type: 'string',
  description: "a connection of the platform: 'connection://<type>/<name>'",
};

/** URL, username and password, or a connection that supplies them. */
export const urlConnection: Schema = {
  connection: connectionName,
  url: { type: 'string', description: 'templated with the username and password' },
  username: envVar,
  password: envVar,
};

export const tlsConfig = closed({
  insecureSkipVerify: boolean,
  handshakeTimeout: { ...duration, description: 'TLS handshake timeout (default 10s)' },
  ca: envVar,
  cert: envVar,
  key: envVar,
});

export const awsConnectionFields: Schema = {
  connection: connectionName,
  accessKey: envVar,
  secretKey: envVar,
  sessionToken: envVar,
  assumeRole: string,
  region: string,
  endpoint: string,
  skipTLSVerify: boolean,
};
export const awsConnection = closed(awsConnectionFields);

const s3Fields: Schema = {
  ...awsConnectionFields,
  bucket: string,
  objectPath: string,
  usePathStyle: boolean,
};
export const s3ConnectionFields = s3Fields;
export const s3Connection = closed(s3Fields);

const gcpFields: Schema = {
  connection: connectionName,
  endpoint: string,
  credentials: envVar,
  skipTLSVerify: boolean,
  project: string,
};
export const gcpConnection = closed(gcpFields);
export const gcsConnection = closed({ ...gcpFields, bucket: string });

export const azureConnection = closed({
  connection: connectionName,
  clientID: envVar,
  clientSecret: envVar,
  tenantID: string,
});

export const smbConnection = closed({
  connection: connectionName,
  username: envVar,
  password: envVar,
  port: integer,
  domain: string,
  share: string,
});

export const sftpConnection = closed({
  connection: connectionName,
  host: string,
  port: integer,
  username: envVar,
  password: envVar,
});

const eksConnection = closed({ ...awsConnectionFields, cluster: nonEmpty }, ['cluster']);
const gkeConnection = closed({ ...gcpFields, projectID: nonEmpty, zone: nonEmpty, cluster: nonEmpty }, [
  'projectID',
  'zone',
  'cluster',
]);
const cnrmConnection = closed(
  { gke: gkeConnection, clusterResource: nonEmpty, clusterResourceNamespace: nonEmpty },
  ['gke', 'clusterResource', 'clusterResourceNamespace'],
);

/** How to reach a Kubernetes cluster: a connection, a kubeconfig, or EKS / GKE / CNRM. */
export const kubernetesConnectionFields: Schema = {
  connection: connectionName,
  kubeconfig: envVar,
  eks: eksConnection,
  gke: gkeConnection,
  cnrm: cnrmConnection,
};
export const kubernetesConnection = closed(kubernetesConnectionFields);

export const oauth = closed({
  clientID: envVar,
  clientSecret: envVar,
  scope: strings,
  tokenURL: string,
  params: stringMap,
});

export const awsSigV4 = closed(
  { ...awsConnectionFields, service: string },
  [],
  'signs requests with AWS Signature Version 4',
);

/** duty's HTTPConnection: where a Prometheus check or a topology push sends its requests. */
export const httpConnectionFields: Schema = {
  connection: connectionName,
  url: string,
  username: envVar,
  password: envVar,
  ntlm: boolean,
  ntlmv2: boolean,
  digest: boolean,
  bearer: envVar,
  oauth,
  tls: tlsConfig,
  headers: namedEnvVars,
  awsSigV4,
};

/** duty's ResourceSelector: which catalog items or components (catalog checks, topologies). */
export const resourceSelector = closed({
  id: string,
  name: string,
  namespace: string,
  agent: string,
  scope: string,
  cache: string,
  search: string,
  limit: count,
  includeDeleted: boolean,
  tagSelector: string,
  labelSelector: string,
  fieldSelector: string,
  health: string,
  types: strings,
  statuses: strings,
  class: string,
  external_id: string,
  tags: stringMap,
  type: string,
});
export const resourceSelectors: Schema = { type: 'array', items: resourceSelector };

/** A field of a lookup: a literal, a label of the check, or a CEL expression. */
const lookup = closed({ expr: string, value: string, label: string });

/** Which components and config items a check's results are linked to. */
const relationshipSelector = closed({
  id: lookup,
  external_id: lookup,
  name: lookup,
  namespace: lookup,
  type: lookup,
  agent: lookup,
  scope: lookup,
  labels: stringMap,
});
export const checkRelationships = closed({
  components: { type: 'array', items: relationshipSelector },
  configs: { type: 'array', items: relationshipSelector },
});

const metricLabel = closed({ name: nonEmpty, value: string, valueExpr: string }, ['name']);

/** A metric a check exports (canary-checker's metrics exporter). */
export const metric = closed({
  name: string,
  type: { type: 'string', description: 'counter, gauge or histogram' },
  value: { type: 'string', description: 'a CEL expression' },
  labels: { type: 'array', items: metricLabel },
});
