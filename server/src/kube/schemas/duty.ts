/**
 * The platform's shared types (flanksource/duty's EnvVar, ResourceSelector and connections, and
 * the common types of the kinds built on it), one definition each, field by field as upstream
 * decodes them: a Canary, a Topology, a ScrapeConfig and a Playbook mean the same thing by them.
 * Each object lists every field the platform reads and refuses others, so a misspelt field is
 * named.
 */
import {
  boolean,
  closed,
  integer,
  list,
  nonEmpty,
  string,
  stringMap,
  strings,
  type Schema,
} from './fragments.js';

export const duration: Schema = { type: 'string', description: "a duration: '500ms', '2m', '1h30m' or '7d'" };
export const size: Schema = { type: 'string', description: "a size: '10Mi', '1Gb'" };
export const labels: Schema = stringMap;

export const connectionName: Schema = {
  type: 'string',
  description: "a connection of the platform: 'connection://<type>/<name>'",
};

const keySelector = closed({ name: string, key: string }, ['key']);

/** Where a secret-capable value comes from. */
const envVarSource = closed({
  serviceAccount: string,
  helmRef: keySelector,
  configMapKeyRef: keySelector,
  secretKeyRef: keySelector,
});

/** A secret-capable value (duty's EnvVar): `{value}` or `{valueFrom}`. */
export const secretValue = closed({ name: string, value: string, valueFrom: envVarSource });
/** Variables a template or script sees, or headers: duty's EnvVar with its name. */
export const namedEnvVars = list(secretValue);

/** A CEL expression, Go template, JSONPath or JavaScript: test, display and transform. */
export const template = closed({ expr: string, template: string, jsonPath: string, javascript: string });

/** URL, username and password, or a connection that supplies them. */
export const urlConnection: Schema = {
  connection: connectionName,
  url: { type: 'string', description: 'templated with the username and password' },
  username: secretValue,
  password: secretValue,
};

/** duty's TLSConfig: the handshake timeout is a Go time.Duration, nanoseconds in JSON. */
export const tlsConfig = closed({
  insecureSkipVerify: boolean,
  handshakeTimeout: { ...integer, description: 'TLS handshake timeout in nanoseconds (default 10 seconds)' },
  ca: secretValue,
  cert: secretValue,
  key: secretValue,
});

export const awsConnectionFields: Schema = {
  connection: connectionName,
  accessKey: secretValue,
  secretKey: secretValue,
  sessionToken: secretValue,
  assumeRole: string,
  region: string,
  endpoint: string,
  skipTLSVerify: boolean,
};
export const awsConnection = closed(awsConnectionFields);

export const s3ConnectionFields: Schema = {
  ...awsConnectionFields,
  bucket: string,
  objectPath: string,
  usePathStyle: boolean,
};
export const s3Connection = closed(s3ConnectionFields);

export const gcpConnectionFields: Schema = {
  connection: connectionName,
  endpoint: string,
  credentials: secretValue,
  skipTLSVerify: boolean,
  project: string,
};
export const gcpConnection = closed(gcpConnectionFields);
export const gcsConnection = closed({ ...gcpConnectionFields, bucket: string });

const azureConnection = closed({
  connection: connectionName,
  clientID: secretValue,
  clientSecret: secretValue,
  tenantID: string,
});

export const smbConnection = closed({
  connection: connectionName,
  username: secretValue,
  password: secretValue,
  port: integer,
  domain: string,
  share: string,
});

export const sftpConnection = closed({
  connection: connectionName,
  host: string,
  port: integer,
  username: secretValue,
  password: secretValue,
});

const eksConnection = closed({ ...awsConnectionFields, cluster: string }, ['cluster']);
const gkeConnection = closed({ ...gcpConnectionFields, projectID: string, zone: string, cluster: string }, [
  'projectID',
  'zone',
  'cluster',
]);
const cnrmConnection = closed(
  { gke: gkeConnection, clusterResource: string, clusterResourceNamespace: string },
  ['gke', 'clusterResource', 'clusterResourceNamespace'],
);

/** How to reach a Kubernetes cluster: a connection, a kubeconfig, or EKS / GKE / CNRM. */
export const kubernetesConnectionFields: Schema = {
  connection: connectionName,
  kubeconfig: secretValue,
  eks: eksConnection,
  gke: gkeConnection,
  cnrm: cnrmConnection,
};
export const kubernetesConnection = closed(kubernetesConnectionFields);

export const gitConnection = closed({
  url: string,
  connection: connectionName,
  username: secretValue,
  password: secretValue,
  certificate: secretValue,
  type: string,
  branch: string,
  depth: integer,
  destination: { type: 'string', description: 'where the repository is checked out' },
});

/** The credentials a script runs with. */
export const execConnections = closed({
  fromConfigItem: string,
  eksPodIdentity: boolean,
  serviceAccount: boolean,
  kubernetes: kubernetesConnection,
  aws: awsConnection,
  gcp: gcpConnection,
  azure: azureConnection,
});

/** Files a script leaves behind that are kept with its result. */
export const artifacts = list(closed({ path: string }, ['path']));

const oauth = closed({
  clientID: secretValue,
  clientSecret: secretValue,
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
  username: secretValue,
  password: secretValue,
  ntlm: boolean,
  ntlmv2: boolean,
  digest: boolean,
  bearer: secretValue,
  oauth,
  tls: tlsConfig,
  headers: namedEnvVars,
  awsSigV4,
};

/** A link shown with a config item or a component. */
export const link = closed({
  type: string,
  url: string,
  tooltip: string,
  icon: string,
  text: string,
  label: string,
});

const resourceSelectorFields: Schema = {
  agent: string,
  scope: string,
  cache: string,
  search: string,
  limit: integer,
  includeDeleted: boolean,
  id: string,
  name: string,
  namespace: string,
  tagSelector: string,
  labelSelector: string,
  fieldSelector: string,
  health: string,
  types: strings,
  statuses: strings,
};

/** duty's ResourceSelector: which configs, components or checks (by id, name, type, labels...). */
export const resourceSelector = closed(resourceSelectorFields);
export const resourceSelectors = list(resourceSelector);

/** Which config items a topology's component is linked to: a selector, or their class, tags... */
export const configQuery = closed({
  ...resourceSelectorFields,
  class: string,
  external_id: string,
  tags: stringMap,
  type: string,
});
export const configQueries = list(configQuery);

/** A field of a lookup: a literal, a label of the check, or a CEL expression. */
export const lookup = closed({ expr: string, value: string, label: string });

/** Which components or config items something is linked to, each field looked up. */
export const relationshipSelectorFields: Schema = {
  id: lookup,
  external_id: lookup,
  name: lookup,
  namespace: lookup,
  type: lookup,
  agent: lookup,
  scope: lookup,
  labels: stringMap,
};
export const relationshipSelector = closed(relationshipSelectorFields);
export const checkRelationships = closed({
  components: list(relationshipSelector),
  configs: list(relationshipSelector),
});

const metricLabel = closed({ name: nonEmpty, value: string, valueExpr: string }, ['name']);

/** A metric a check exports (canary-checker's metrics exporter). */
export const metric = closed({
  name: string,
  type: { type: 'string', description: 'counter, gauge or histogram' },
  value: { type: 'string', description: 'a CEL expression' },
  labels: list(metricLabel),
});

/** How log lines map onto the console's fields. */
export const fieldMapping = closed(
  Object.fromEntries(
    ['id', 'message', 'timestamp', 'host', 'severity', 'source', 'ignore'].map((name) => [name, strings]),
  ),
);
