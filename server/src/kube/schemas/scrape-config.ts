/**
 * The JSON schema (draft-07) of a ScrapeConfig spec: the value of config_scrapers.spec and the
 * `spec` of the ScrapeConfig custom resource (configs.flanksource.com/v1). Each scraper kind is a
 * list of entries; the fields the catalog scraper forms edit are typed and the required ones of
 * spec 3 §5 are required. Entries stay open to the many fields the platform defines besides, and
 * a kind not described here is a list of entries with any fields.
 */
import {
  boolean,
  count,
  listOf,
  nonEmpty,
  openList,
  openObject,
  secretValue,
  specSchema,
  string,
  strings,
  type Schema,
} from './fragments.js';

const connection: Schema = { ...string, description: "'connection://<type>/<name>'" };
const age: Schema = { ...string, description: "a duration, e.g. '7d' or '24h'" };

const retention: Schema = {
  type: 'object',
  properties: {
    changes: listOf({ name: nonEmpty, age, count }, ['name'], { closed: true }),
    types: listOf({ name: nonEmpty, createdAge: age, updatedAge: age, deletedAge: age }, ['name'], {
      closed: true,
    }),
    staleItemAge: age,
  },
  additionalProperties: false,
};

/** Fields every scraper entry has. */
const common: Schema = {
  id: string,
  name: string,
  type: string,
  class: string,
  items: string,
  format: string,
  icon: string,
  labels: { type: 'object', additionalProperties: { type: 'string' } },
  tags: openObject,
  properties: openList,
  transform: openObject,
};

const scraper = (properties: Schema, required: string[] = []) =>
  listOf({ ...common, ...properties }, required);

const kubernetes = scraper(
  {
    clusterName: nonEmpty,
    kubeconfig: secretValue,
    watch: openList,
    exclusions: openObject,
    namespace: string,
    scope: string,
    since: string,
    selector: string,
    fieldSelector: string,
    maxInFlight: count,
  },
  ['clusterName'],
);

const aws = scraper({
  connection,
  region: strings,
  regions: strings,
  accessKey: secretValue,
  secretKey: secretValue,
  assumeRole: string,
  endpoint: string,
  compliance: boolean,
  include: strings,
  exclude: strings,
  cloudtrail: openObject,
  costReporting: openObject,
});

const file = scraper({ paths: strings, url: string }, ['format', 'icon']);

const http = scraper(
  { url: nonEmpty, connection, method: string, body: string, headers: openList, env: openList },
  ['url', 'type', 'id'],
);

const sql = scraper({ connection: { ...connection, minLength: 1 }, query: nonEmpty, driver: string }, [
  'type',
  'id',
  'query',
  'connection',
]);

const github = scraper(
  { owner: nonEmpty, repository: nonEmpty, personalAccessToken: secretValue, workflows: strings },
  ['owner', 'repository'],
);

const described: Record<string, Schema> = {
  kubernetes,
  kubernetesFile: scraper({ selector: openObject, container: string, files: openList }, ['type', 'id']),
  aws,
  azure: scraper({ connection, subscriptionID: string, tenantID: string, clientID: secretValue }, [
    'connection',
  ]),
  file,
  http,
  sql,
  github,
  githubActions: github,
};

/** Kinds the type picker offers (spec 3 §2.3) that this schema doesn't describe. */
const OTHER_KINDS = [
  'azureDevops',
  'trivy',
  'gcp',
  'exec',
  'terraform',
  'slack',
  'logs',
  'pubsub',
  'clickhouse',
];

const anyScraper = openList;

export const scrapeConfigSpecSchema: Schema = specSchema('scrape-config-spec', 'ScrapeConfig spec', {
  properties: {
    schedule: { ...nonEmpty, description: "cron, or '@every 30m', '@hourly', '@daily'..." },
    retention,
    full: boolean,
    logLevel: string,
    ...described,
    ...Object.fromEntries(OTHER_KINDS.map((name) => [name, anyScraper])),
  },
  // Any other key is a scraper kind this console doesn't know: a list of entries.
  additionalProperties: anyScraper,
});
