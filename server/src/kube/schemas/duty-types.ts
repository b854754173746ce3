/**
 * The shapes the platform's kinds share (flanksource/duty's types: EnvVar, ResourceSelector, the
 * cloud and cluster connections), described field by field as upstream's schemas do, with unknown
 * fields refused: a ScrapeConfig and a Playbook mean the same thing by them.
 */
import { boolean, string, strings, type Schema } from './fragments.js';

/** An object of exactly these fields (an unknown one is a typo), these required. */
export function closed(properties: Schema, required: string[] = []): Schema {
  const schema: Schema = { type: 'object', properties, additionalProperties: false };
  if (required.length > 0) schema.required = required;
  return schema;
}

export const list = (items: Schema): Schema => ({ type: 'array', items });
export const integer: Schema = { type: 'integer' };
export const duration: Schema = { ...string, description: "a duration, e.g. '30s', '5m' or '7d'" };
export const connectionName: Schema = { ...string, description: "'connection://<type>/<name>'" };
/** Any value the platform passes on as it is (a pod spec, pipeline variables). */
export const anyValue: Schema = { description: 'any value, passed on as it is' };

const keySelector = closed({ name: string, key: string }, ['key']);

/** Where a secret-capable value comes from. */
export const envVarSource = closed({
  serviceAccount: string,
  helmRef: keySelector,
  configMapKeyRef: keySelector,
  secretKeyRef: keySelector,
});

/** A secret-capable value: `{value}` or `{valueFrom}`, named when it is an env var or a header. */
export const envVar = closed({ name: string, value: string, valueFrom: envVarSource });
export const envVars = list(envVar);

/** Which configs, components or checks: by id, name, type, labels, tags, a search... */
export const resourceSelector = closed({
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
});
export const resourceSelectors = list(resourceSelector);

const awsBase: Schema = {
  connection: connectionName,
  accessKey: envVar,
  secretKey: envVar,
  sessionToken: envVar,
  assumeRole: string,
  region: string,
  endpoint: string,
  skipTLSVerify: boolean,
};
export const awsConnection = closed(awsBase);
export const awsConnectionFields: Schema = awsBase;

const gcpBase: Schema = {
  connection: connectionName,
  endpoint: string,
  credentials: envVar,
  skipTLSVerify: boolean,
  project: string,
};
export const gcpConnection = closed(gcpBase);
export const gcpConnectionFields: Schema = gcpBase;

export const azureConnection = closed({
  connection: connectionName,
  clientID: envVar,
  clientSecret: envVar,
  tenantID: string,
});

const eksConnection = closed({ ...awsBase, cluster: string }, ['cluster']);
const gkeConnection = closed({ ...gcpBase, projectID: string, zone: string, cluster: string }, [
  'projectID',
  'zone',
  'cluster',
]);
const cnrmConnection = closed(
  { gke: gkeConnection, clusterResource: string, clusterResourceNamespace: string },
  ['gke', 'clusterResource', 'clusterResourceNamespace'],
);

/** How to reach a cluster: a connection, a kubeconfig, or EKS, GKE or Config Connector. */
export const kubernetesConnectionFields: Schema = {
  connection: connectionName,
  kubeconfig: envVar,
  eks: eksConnection,
  gke: gkeConnection,
  cnrm: cnrmConnection,
};
export const kubernetesConnection = closed(kubernetesConnectionFields);

export const gitConnection = closed({
  url: string,
  connection: connectionName,
  username: envVar,
  password: envVar,
  certificate: envVar,
  type: string,
  branch: string,
  depth: integer,
  destination: string,
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

export const artifacts = list(closed({ path: string }, ['path']));

/** How log lines map onto the console's fields. */
export const fieldMapping = closed(
  Object.fromEntries(
    ['id', 'message', 'timestamp', 'host', 'severity', 'source', 'ignore'].map((name) => [name, strings]),
  ),
);
