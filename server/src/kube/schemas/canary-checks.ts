/**
 * The check kinds of a Canary spec, field by field as canary-checker defines them
 * (config/schemas/canary.schema.json, api/v1/checks.go): each entry refuses fields its kind does
 * not have, so a typo such as `thresholdMilis` is named. Only `name` and the fields the platform
 * itself requires are required here; the console's forms ask for more (spec 3 §5).
 */
import {
  artifacts,
  awsConnectionFields,
  awsSigV4,
  checkRelationships,
  connectionName,
  duration,
  execConnections,
  gcpConnection,
  gcpConnectionFields,
  gcsConnection,
  gitConnection,
  httpConnectionFields,
  kubernetesConnection,
  kubernetesConnectionFields,
  labels,
  metric,
  namedEnvVars,
  resourceSelectors,
  s3Connection,
  s3ConnectionFields,
  secretValue,
  sftpConnection,
  size,
  smbConnection,
  template,
  tlsConfig,
  urlConnection,
} from './duty.js';
import {
  boolean,
  closed,
  count,
  integer,
  list,
  nonEmpty,
  openObject,
  string,
  stringMap,
  strings,
  type Schema,
} from './fragments.js';

const millis: Schema = { type: 'integer', minimum: 0, description: 'milliseconds' };
const integers: Schema = { type: 'array', items: integer };

/** Fields every check has (canary-checker's Description). */
const description: Schema = {
  name: { ...nonEmpty, description: 'unique within the canary' },
  description: string,
  namespace: { type: 'string', description: "the namespace the check belongs to, when not the canary's" },
  icon: string,
  labels,
  transformDeleteStrategy: {
    type: 'string',
    description: 'what happens to checks a transform no longer returns: MarkHealthy, MarkUnhealthy or Ignore',
  },
  metrics: { type: 'array', items: metric },
  markFailOnEmpty: { type: 'boolean', description: 'fail when the check or its transform returns nothing' },
  dependsOn: {
    ...strings,
    description: 'names of checks of this canary that must pass before this one runs',
  },
};
/** test, display and transform: the kinds whose results can be evaluated (Templatable). */
const templatable: Schema = { test: template, display: template, transform: template };
/** Links results to components and config items (Relatable). */
const relatable: Schema = { relationships: checkRelationships };

interface KindOptions {
  /** Has test, display and transform. */
  templates?: boolean;
  /** Has relationships. */
  relations?: boolean;
  required?: string[];
}

/** One check entry of a kind: the common fields, then the kind's own. */
function check(
  fields: Schema,
  { templates = true, relations = true, required = [] }: KindOptions = {},
): Schema {
  return closed(
    {
      ...description,
      ...(templates ? templatable : {}),
      ...(relations ? relatable : {}),
      ...fields,
    },
    ['name', ...required],
  );
}

const kind = (fields: Schema, options?: KindOptions): Schema => list(check(fields, options));

/** What the console's check form writes as literals (spec 3 §3): a text, or a secret-capable value. */
const literalOrSecret: Schema = { ...secretValue, type: ['string', 'object'] };
const authentication = closed({ username: literalOrSecret, password: literalOrSecret });

/** canary-checker's TLS settings of a check: the handshake timeout is a duration. */
const checkTls: Schema = {
  ...(tlsConfig.properties as Schema),
  handshakeTimeout: { ...duration, description: 'TLS handshake timeout (default 10s)' },
};

const crawl = closed({
  filters: { ...strings, description: 'regular expressions the crawled links must match' },
  depth: { ...count, description: 'how many links deep to follow' },
  allowedDomains: strings,
  disallowedDomains: strings,
  allowedURLFilters: strings,
  disallowedURLFilters: strings,
  delay: { ...duration, description: 'wait between requests to a domain (default 500ms)' },
  randomDelay: { ...duration, description: 'extra random wait added to delay (default 100ms)' },
  parallelism: { ...count, description: 'concurrent requests (default 2)' },
});

const http = kind({
  ...urlConnection,
  kubernetes: kubernetesConnection,
  endpoint: { type: 'string', description: 'deprecated: use url' },
  method: { type: 'string', description: 'the request method (default GET)' },
  body: string,
  templateBody: { type: 'boolean', description: 'the body is a Go template' },
  headers: namedEnvVars,
  env: { ...namedEnvVars, description: 'variables the templated body and URL can use' },
  authentication: { ...authentication, description: 'deprecated: use username and password' },
  ntlm: boolean,
  ntlmv2: boolean,
  digest: { type: 'boolean', description: 'authenticate with HTTP Digest' },
  oauth2: closed(
    { scope: strings, tokenURL: string, params: stringMap },
    [],
    'the client id and secret are the username and password',
  ),
  awsSigV4,
  tlsConfig: closed(checkTls),
  responseCodes: { type: 'array', items: { type: 'integer', minimum: 100, maximum: 599 } },
  responseContent: { type: 'string', description: 'text the response body must contain' },
  responseJSONContent: closed({ path: nonEmpty, value: string }, ['path', 'value'], 'deprecated: use test'),
  thresholdMillis: {
    ...millis,
    description:
      'milliseconds the request may take: the check fails when it takes longer (the HTTP client timeout when unset)',
  },
  maxRedirects: { ...count, description: 'redirects followed (default 10)' },
  maxSSLExpiry: { ...count, description: 'fail when the certificate expires within this many days' },
  crawl: { ...crawl, description: 'crawl the site and check every link' },
});

const sqlFields: Schema = {
  ...urlConnection,
  query: { type: 'string', description: "the query (default 'SELECT 1')" },
  results: { ...count, description: 'the number of rows expected' },
  timeout: { ...count, description: 'seconds the query may run (default 60)' },
};
const sql = kind(sqlFields);

const image = { image: nonEmpty };
const pull: Schema = {
  ...image,
  auth: authentication,
  expectedDigest: string,
  expectedSize: integer,
};

const podTimings: Schema = {
  readyTimeout: { ...count, description: 'milliseconds' },
  httpTimeout: { ...count, description: 'milliseconds' },
  deleteTimeout: { ...count, description: 'milliseconds' },
  ingressTimeout: { ...count, description: 'milliseconds' },
  httpRetryInterval: { ...count, description: 'milliseconds' },
  deadline: { ...count, description: 'milliseconds' },
  port: integer,
  path: string,
  ingressName: string,
  ingressHost: string,
  expectedContent: string,
  expectedHttpStatuses: integers,
  priorityClass: string,
};

const folderTests: Schema = {
  minAge: { ...duration, description: 'the newest file is at least this old' },
  maxAge: { ...duration, description: 'the newest file is at most this old' },
  minCount: count,
  maxCount: count,
  minSize: size,
  maxSize: size,
  availableSize: size,
  totalSize: size,
};

const folderFilter = closed({
  minAge: duration,
  maxAge: duration,
  since: string,
  minSize: size,
  maxSize: size,
  regex: string,
});

const resourceSelector = closed({
  name: string,
  labelSelector: string,
  fieldSelector: string,
  search: string,
});

const kubernetesResources: Schema = {
  type: 'array',
  items: { ...openObject, description: 'a Kubernetes resource' },
};

const pubSubConfigs: Schema = {
  sqs: closed({ ...awsConnectionFields, queue: nonEmpty, raw: boolean, waitTime: integer }, ['queue']),
  pubsub: closed(
    {
      project_id: nonEmpty,
      subscription: nonEmpty,
      ...gcpConnectionFields,
    },
    ['project_id', 'subscription'],
  ),
  rabbitmq: closed({ host: nonEmpty, port: integer, username: string, password: string, queue: nonEmpty }, [
    'host',
    'queue',
  ]),
  memory: closed({ queue: nonEmpty }, ['queue']),
  kafka: closed({ brokers: strings, topic: nonEmpty, group: string }, ['brokers', 'topic']),
  nats: closed({ url: string, subject: nonEmpty, queue: string }, ['subject']),
};

const redisTls = closed(
  { ...checkTls, enable: boolean },
  [],
  "TLS of the connection; 'enable: true' alone trusts the system's certificate authorities",
);

/** The checks a webhook's calls report: one per canary, not a list. */
export const webhook = check({ token: { ...secretValue, description: 'the token a call must bring' } });

/** Kinds described field by field, by the key of their list in the spec. */
export const CHECK_KINDS: Record<string, Schema> = {
  http,
  tcp: kind({ endpoint: { type: 'string', description: 'host:port' }, thresholdMillis: millis }),
  icmp: kind(
    {
      endpoint: string,
      thresholdMillis: millis,
      packetLossThreshold: { ...count, description: 'percent' },
      packetCount: count,
    },
    { templates: false },
  ),
  dns: kind(
    {
      server: { type: 'string', description: "the resolver (default: the host's)" },
      port: { type: 'integer', minimum: 1, maximum: 65535, description: 'default 53' },
      query: string,
      querytype: { type: 'string', description: 'A, AAAA, CNAME, SRV, MX, PTR, TXT or NS (default A)' },
      minrecords: count,
      exactreply: strings,
      thresholdMillis: millis,
      timeout: { ...count, description: 'seconds the lookup may take (default 10)' },
    },
    { templates: false },
  ),
  exec: kind(
    {
      script: { ...nonEmpty, description: 'run with bash (powershell on Windows)' },
      connections: execConnections,
      env: namedEnvVars,
      checkout: gitConnection,
      artifacts,
    },
    { required: ['script'] },
  ),
  postgres: sql,
  mysql: sql,
  mssql: sql,
  redis: kind(
    {
      ...urlConnection,
      addr: { type: 'string', description: 'deprecated: use url' },
      db: count,
      tlsConfig: redisTls,
    },
    { templates: false },
  ),
  mongodb: kind(urlConnection, { templates: false, relations: false }),
  elasticsearch: kind({ ...urlConnection, index: string, query: string, results: count }),
  opensearch: kind(
    { ...urlConnection, index: nonEmpty, query: nonEmpty, results: count },
    {
      required: ['query', 'index'],
    },
  ),
  ldap: kind(
    { ...urlConnection, bindDN: nonEmpty, userSearch: string, skipTLSVerify: boolean },
    {
      templates: false,
      required: ['bindDN'],
    },
  ),
  alertmanager: kind({
    ...urlConnection,
    alerts: strings,
    filters: stringMap,
    exclude_filters: stringMap,
    ignore: strings,
  }),
  prometheus: kind(
    {
      ...httpConnectionFields,
      host: { type: 'string', description: 'deprecated: use url' },
      query: nonEmpty,
    },
    { required: ['query'] },
  ),
  dynatrace: kind({
    connection: connectionName,
    host: string,
    scheme: string,
    apiKey: secretValue,
  }),
  docker: kind(pull, { templates: false, required: ['image'] }),
  dockerPush: kind({ ...image, auth: authentication }, { templates: false, required: ['image'] }),
  containerd: kind(pull, { templates: false, required: ['image'] }),
  containerdPush: kind(
    { ...image, username: string, password: string },
    { templates: false, required: ['image'] },
  ),
  helm: kind(
    { chartmuseum: string, project: string, auth: authentication, cafile: string },
    { templates: false },
  ),
  kubernetes: kind(
    {
      ...kubernetesConnectionFields,
      kind: nonEmpty,
      apiVersion: string,
      namespaceSelector: resourceSelector,
      resource: resourceSelector,
      ignore: { ...strings, description: 'names to leave out (globs)' },
      healthy: { type: 'boolean', description: 'fail when a resource is unhealthy' },
      ready: { type: 'boolean', description: 'fail when a resource is not ready' },
    },
    { required: ['kind'] },
  ),
  kubernetesResource: kind(
    {
      ...kubernetesConnectionFields,
      resources: { ...kubernetesResources, description: 'created and deleted on every run' },
      staticResources: { ...kubernetesResources, description: 'created once, deleted with the canary' },
      // A canary spec of its own: the platform keeps it unchecked (it would be recursive).
      checks: { type: 'array', items: { ...openObject, description: 'a canary spec' } },
      checkRetries: closed({ delay: duration, timeout: duration, interval: duration }),
      clearResources: boolean,
      waitFor: closed({
        expr: string,
        disable: boolean,
        delete: boolean,
        timeout: { ...duration, description: 'default 10m' },
        interval: { ...duration, description: 'default 5s' },
      }),
    },
    { required: ['resources'] },
  ),
  namespace: kind(
    {
      namespaceNamePrefix: string,
      namespaceLabels: stringMap,
      namespaceAnnotations: stringMap,
      podSpec: nonEmpty,
      schedule_timeout: { ...count, description: 'milliseconds' },
      ...podTimings,
    },
    { templates: false, required: ['podSpec'] },
  ),
  pod: kind(
    {
      spec: string,
      scheduleTimeout: { ...count, description: 'milliseconds' },
      ...podTimings,
      ingressClass: string,
      roundRobinNodes: boolean,
    },
    { templates: false },
  ),
  folder: kind(
    {
      path: { ...nonEmpty, description: 'a folder, or s3://, gcs://, smb:// or sftp:// with its connection' },
      recursive: boolean,
      filter: folderFilter,
      ...folderTests,
      awsConnection: s3Connection,
      gcpConnection: gcsConnection,
      smbConnection,
      sftpConnection,
    },
    { required: ['path'] },
  ),
  s3: kind({ ...s3ConnectionFields, bucketName: string, storageClass: string }, { templates: false }),
  restic: kind(
    {
      connection: connectionName,
      awsConnectionName: string,
      repository: nonEmpty,
      password: secretValue,
      maxAge: duration,
      checkIntegrity: boolean,
      accessKey: secretValue,
      secretKey: secretValue,
      caCert: string,
    },
    { templates: false, required: ['repository', 'password', 'maxAge'] },
  ),
  jmeter: kind(
    {
      jmx: secretValue,
      host: string,
      port: integer,
      properties: strings,
      systemProperties: strings,
      responseDuration: duration,
    },
    { templates: false, required: ['jmx'] },
  ),
  junit: kind(
    {
      testResults: { ...nonEmpty, description: 'the folder of the pod the JUnit XML files are in' },
      spec: { ...openObject, description: 'the pod spec that runs the tests' },
      timeout: { ...count, description: 'minutes the pod may take to finish (default 5)' },
      artifacts,
    },
    { required: ['testResults', 'spec'] },
  ),
  cloudwatch: kind({
    ...awsConnectionFields,
    actionPrefix: string,
    alarmPrefix: string,
    alarms: strings,
    state: string,
  }),
  awsConfig: kind(
    { ...awsConnectionFields, query: nonEmpty, aggregatorName: string },
    { required: ['query'] },
  ),
  awsConfigRule: kind({
    ...awsConnectionFields,
    rules: strings,
    ignoreRules: strings,
    complianceTypes: {
      ...strings,
      description: 'COMPLIANT, NON_COMPLIANT, NOT_APPLICABLE, INSUFFICIENT_DATA',
    },
  }),
  databaseBackup: kind({
    gcp: closed({ project: nonEmpty, instance: nonEmpty, gcpConnection }, ['project', 'instance']),
    maxAge: duration,
  }),
  catalog: kind({ selector: resourceSelectors }, { required: ['selector'] }),
  github: kind(
    { connection: connectionName, query: nonEmpty, githubToken: secretValue },
    { required: ['query'] },
  ),
  gitProtocol: kind(
    { filename: string, repository: nonEmpty, username: secretValue, password: secretValue },
    { required: ['repository', 'username', 'password'] },
  ),
  azureDevops: kind(
    {
      connection: connectionName,
      organization: nonEmpty,
      personalAccessToken: secretValue,
      project: nonEmpty,
      pipeline: nonEmpty,
      variables: stringMap,
      branch: strings,
      thresholdMillis: millis,
    },
    { required: ['organization', 'personalAccessToken', 'project', 'pipeline'] },
  ),
  pubsub: kind(pubSubConfigs, { relations: false }),
  // Earlier platform versions: still accepted so stored canaries keep validating.
  ec2: kind(
    {
      ...awsConnectionFields,
      ami: string,
      userData: string,
      securityGroup: string,
      keepAlive: boolean,
      waitTime: integer,
      timeOut: { ...count, description: 'seconds' },
      canaryRef: { type: 'array', items: closed({ name: string }) },
    },
    { templates: false, relations: false },
  ),
  configDB: kind({ query: nonEmpty }, { relations: false, required: ['query'] }),
  // The SQL Query kind of the console's type picker: a SQL check whose driver the connection says.
  sql,
};
