/**
 * The JSON schema (draft-07) of a ScrapeConfig spec: the value of config_scrapers.spec and the
 * `spec` of the ScrapeConfig custom resource (configs.flanksource.com/v1), as config-db describes
 * it (config/schemas/scrape_config.schema.json, api/v1/*.go): every scraper kind field by field,
 * an unknown field or kind refused. What the catalog scraper forms require besides (spec 3 §5)
 * is the forms' rule (platform/specs/form-rules.ts), not the stored spec's.
 */
import {
  artifacts,
  awsConnectionFields,
  connectionName,
  duration,
  execConnections,
  fieldMapping,
  gcpConnectionFields,
  gcsConnection,
  gitConnection,
  httpConnectionFields,
  kubernetesConnectionFields,
  link,
  lookup,
  namedEnvVars,
  relationshipSelector,
  relationshipSelectorFields,
  secretValue,
} from './duty.js';
import {
  boolean,
  closed,
  integer,
  list,
  nonEmpty,
  number,
  specSchema,
  string,
  stringMap,
  strings,
  type Schema,
} from './fragments.js';

const retention = closed({
  changes: list(closed({ name: string, age: duration, count: integer })),
  types: list(closed({ name: string, createdAge: duration, updatedAge: duration, deletedAge: duration })),
  staleItemAge: duration,
});

const valueExpression = closed({ expr: string, value: string });

const locationOrAlias = closed({ type: string, filter: string, values: strings, withParent: string }, [
  'type',
]);

const transform = closed({
  gotemplate: string,
  jsonpath: string,
  expr: string,
  javascript: string,
  exclude: list(closed({ types: strings, jsonpath: string }, ['jsonpath'])),
  mask: list(closed({ selector: string, jsonpath: string, value: string })),
  relationship: list(
    closed({ ...relationshipSelectorFields, expr: string, filter: string, parent: boolean }),
  ),
  changes: closed({
    generate: list(closed({ filter: string, expr: string }, ['expr'])),
    mapping: list(
      closed({
        filter: string,
        severity: string,
        type: string,
        action: { ...string, description: 'delete, ignore, move-up, copy-up, copy or move' },
        summary: string,
        config_id: string,
        config_type: string,
        scraper_id: string,
        ancestor_type: string,
        target: relationshipSelector,
      }),
    ),
    exclude: strings,
  }),
  configs: closed({ mapping: list(closed({ match: string, type: valueExpression })) }),
  locations: list(locationOrAlias),
  aliases: list(locationOrAlias),
});

const configProperty = closed({
  type: string,
  label: string,
  name: string,
  tooltip: string,
  icon: string,
  color: string,
  order: integer,
  headline: boolean,
  hidden: boolean,
  text: string,
  value: number,
  unit: string,
  max: number,
  min: number,
  status: string,
  lastTransition: string,
  links: list(link),
  filter: string,
});

const tag = closed({ name: string, label: string, jsonpath: string, value: string }, ['name']);

/** Fields every scraper entry has: how the scraped items are named, typed and transformed. */
const base: Schema = {
  id: string,
  name: string,
  description: string,
  items: string,
  type: string,
  class: string,
  format: string,
  status: string,
  health: string,
  timestampFormat: string,
  createFields: strings,
  deleteFields: strings,
  transform,
  labels: stringMap,
  // A list of tags now; a map of them before, which the platform still reads.
  tags: { type: ['array', 'object'], items: tag, additionalProperties: string },
  properties: list(configProperty),
};

const scraper = (properties: Schema, required: string[] = []) =>
  list(closed({ ...base, ...properties }, required));

const kubernetesSelector = closed({
  namespace: string,
  kind: string,
  name: string,
  labelSelector: string,
  fieldSelector: string,
});

const kubernetes = scraper(
  {
    ...kubernetesConnectionFields,
    clusterName: string,
    namespace: string,
    useCache: boolean,
    allowIncomplete: boolean,
    scope: string,
    since: string,
    selector: string,
    fieldSelector: string,
    maxInflight: integer,
    watch: list(closed({ apiVersion: string, kind: string }, ['apiVersion', 'kind'])),
    event: closed({
      exclusions: closed({ name: strings, namespace: strings, reason: strings }),
      severityKeywords: closed({ warn: strings, error: strings }),
    }),
    exclusions: closed({ name: strings, kind: strings, namespace: strings, labels: stringMap }),
    relationships: list(
      closed({ kind: lookup, name: lookup, namespace: lookup }, ['kind', 'name', 'namespace']),
    ),
  },
  ['clusterName'],
);

const kubernetesFile = scraper(
  {
    ...kubernetesConnectionFields,
    selector: kubernetesSelector,
    container: string,
    files: list(closed({ path: strings, format: string })),
  },
  ['selector'],
);

/** config-db's AWS connection: duty's, with the regions to scrape. */
const awsScraperConnectionFields: Schema = {
  connection: connectionName,
  accessKey: secretValue,
  secretKey: secretValue,
  assumeRole: string,
  endpoint: string,
  skipTLSVerify: boolean,
  region: strings,
};

const aws = scraper({
  ...awsScraperConnectionFields,
  compliance: boolean,
  cloudtrail: closed({ exclude: strings, maxAge: duration }),
  include: strings,
  exclude: strings,
  costReporting: closed({ s3BucketPath: string, table: string, database: string, region: string }),
});

const entraSelectors = list(kubernetesSelector);

const azure = scraper(
  {
    connection: connectionName,
    subscriptionID: string,
    clientID: secretValue,
    clientSecret: secretValue,
    tenantID: string,
    include: strings,
    exclusions: closed({ activityLogs: strings }),
    entra: closed({
      users: entraSelectors,
      groups: entraSelectors,
      appRegistrations: entraSelectors,
      enterpriseApps: entraSelectors,
      appRoleAssignments: entraSelectors,
    }),
  },
  ['subscriptionID'],
);

const azureDevops = scraper(
  {
    connection: connectionName,
    organization: string,
    personalAccessToken: secretValue,
    projects: strings,
    pipelines: strings,
  },
  ['projects', 'pipelines'],
);

const gcp = scraper(
  {
    ...gcpConnectionFields,
    include: strings,
    exclude: strings,
    auditLogs: closed({
      dataset: string,
      since: string,
      userAgents: strings,
      principalEmails: strings,
      permissions: strings,
      serviceNames: strings,
      methods: strings,
    }),
  },
  ['project'],
);

const file = scraper({
  url: string,
  paths: strings,
  ignore: strings,
  icon: string,
  connection: connectionName,
});

const http = scraper({
  ...httpConnectionFields,
  env: namedEnvVars,
  method: string,
  body: string,
});

const sql = scraper(
  {
    connection: connectionName,
    auth: closed({ username: secretValue, password: secretValue }, ['username', 'password']),
    driver: string,
    query: string,
  },
  ['connection', 'query'],
);

const githubActions = scraper(
  {
    owner: string,
    repository: string,
    personalAccessToken: secretValue,
    workflows: strings,
    connection: connectionName,
    actor: string,
    branch: string,
  },
  ['owner', 'repository'],
);

const github = scraper(
  {
    repositories: list(closed({ owner: string, repo: string, topics: strings }, ['owner', 'repo'])),
    organizations: list(
      closed({ name: string, settings: boolean, rulesets: boolean, apps: boolean, members: boolean }, [
        'name',
      ]),
    ),
    personalAccessToken: secretValue,
    connection: connectionName,
    security: boolean,
    openssf: boolean,
    permissions: closed({ enabled: boolean }),
    commits: closed({ enabled: boolean, maxAge: duration }),
    securityFilters: closed({ severity: strings, state: strings, maxAge: duration }),
  },
  ['repositories'],
);

const trivy = scraper({
  version: string,
  compliance: strings,
  ignoredLicenses: strings,
  ignoreUnfixed: boolean,
  licenseFull: boolean,
  severity: strings,
  vulnType: strings,
  scanners: strings,
  timeout: duration,
  kubernetes: closed({ components: strings, context: string, kubeconfig: string, namespace: string }),
});

const s3Connection = closed({
  ...awsConnectionFields,
  bucket: string,
  objectPath: string,
  usePathStyle: boolean,
});

const terraform = scraper(
  {
    state: closed({
      s3: s3Connection,
      gcs: gcsConnection,
      local: string,
    }),
  },
  ['name', 'state'],
);

const exec = scraper(
  {
    script: string,
    connections: execConnections,
    checkout: gitConnection,
    env: namedEnvVars,
    artifacts,
    setup: closed(
      Object.fromEntries(
        ['bun', 'python', 'powershell', 'playwright'].map((runtime) => [
          runtime,
          closed({ version: string }),
        ]),
      ),
    ),
  },
  ['script'],
);

const slack = scraper(
  {
    token: secretValue,
    since: string,
    channels: strings,
    rules: list(
      closed(
        {
          regexp: string,
          mapping: closed({
            createdAt: valueExpression,
            severity: valueExpression,
            summary: valueExpression,
            type: valueExpression,
            details: valueExpression,
            timeFormat: string,
          }),
          config: list(
            closed({
              agent: valueExpression,
              scope: string,
              cache: string,
              id: valueExpression,
              name: valueExpression,
              namespace: valueExpression,
              types: list(valueExpression),
              statuses: list(valueExpression),
              healths: list(valueExpression),
              tagSelector: valueExpression,
              labelSelector: valueExpression,
              fieldSelector: valueExpression,
            }),
          ),
          filter: closed({ bot: string, user: closed({ name: string, displayName: string }), expr: string }),
        },
        ['config'],
      ),
    ),
  },
  ['token', 'rules'],
);

const clickhouse = scraper(
  {
    awsS3: closed({
      ...awsScraperConnectionFields,
      bucket: string,
      path: string,
    }),
    azureBlobStorage: closed(
      {
        connection: connectionName,
        clientID: secretValue,
        clientSecret: secretValue,
        tenantID: string,
        account: string,
        container: string,
        path: string,
        endpoint: string,
        collection: string,
      },
      ['collection'],
    ),
    clickhouseURL: string,
    query: string,
  },
  ['query'],
);

const logWindow: Schema = { start: string, end: string, limit: string };

const logs = scraper({
  loki: closed({
    connection: connectionName,
    url: string,
    username: secretValue,
    password: secretValue,
    ...logWindow,
    query: string,
    since: string,
    step: string,
    interval: string,
    direction: string,
  }),
  gcpCloudLogging: closed({ ...gcpConnectionFields, ...logWindow, filter: string }),
  openSearch: closed(
    {
      connection: connectionName,
      address: string,
      username: secretValue,
      password: secretValue,
      index: string,
      query: string,
      limit: string,
    },
    ['index', 'query'],
  ),
  bigQuery: closed({ ...gcpConnectionFields, query: string }),
  fieldMapping,
});

const pubsub = scraper({
  sqs: closed({ ...awsConnectionFields, queue: string, raw: boolean, waitTime: integer }, ['queue', 'raw']),
  pubsub: closed({ ...gcpConnectionFields, project_id: string, subscription: string }, [
    'project_id',
    'subscription',
  ]),
  rabbitmq: closed({ host: string, port: integer, username: string, password: string, queue: string }, [
    'host',
    'port',
    'username',
    'password',
    'queue',
  ]),
  memory: closed({ queue: string }, ['queue']),
  kafka: closed({ brokers: strings, topic: string, group: string }, ['brokers', 'topic', 'group']),
  nats: closed({ url: string, subject: string, queue: string }, ['subject']),
  maxMessages: integer,
});

/** Each scraper kind: the spec's key, a list of its entries. */
export const SCRAPER_KINDS: Record<string, Schema> = {
  aws,
  azure,
  azureDevops,
  clickhouse,
  exec,
  file,
  gcp,
  github,
  githubActions,
  http,
  kubernetes,
  kubernetesFile,
  logs,
  pubsub,
  slack,
  sql,
  terraform,
  trivy,
};

export const scrapeConfigSpecSchema: Schema = specSchema('scrape-config-spec', 'ScrapeConfig spec', {
  properties: {
    schedule: { ...nonEmpty, description: "cron, or '@every 30m', '@hourly', '@daily'..." },
    logLevel: string,
    retention,
    full: boolean,
    crdSync: boolean,
    system: boolean,
    ...SCRAPER_KINDS,
  },
  additionalProperties: false,
});
