/**
 * The JSON schema (draft-07) of a Playbook spec: the value of playbooks.spec and the `spec` of the
 * Playbook custom resource (mission-control.flanksource.com/v1), as mission-control describes it
 * (config/schemas/playbook-spec.schema.json, api/v1/playbook_types.go, playbook_actions.go):
 * parameters, triggers, approval and every action kind field by field, an unknown field refused.
 * The title is optional (the platform shows the name); that the spec form needs one (spec 3 §2.3)
 * is the form's rule (platform/specs/form-rules.ts).
 */
import { PARAMETER_TYPES } from '../../../../common/playbook-params.js';
import {
  artifacts,
  awsConnectionFields,
  connectionName,
  duration,
  execConnections,
  fieldMapping,
  gitConnection,
  kubernetesConnectionFields,
  namedEnvVars,
  resourceSelectors,
  secretValue,
} from './duty.js';
import {
  anyValue,
  boolean,
  closed,
  integer,
  list,
  nonEmpty,
  openObject,
  specSchema,
  string,
  stringMap,
  strings,
  type Schema,
} from './fragments.js';

const parameter = closed(
  {
    name: nonEmpty,
    default: { ...string, description: 'a value or a template' },
    label: string,
    required: boolean,
    icon: string,
    description: string,
    type: { type: 'string', enum: PARAMETER_TYPES },
    properties: {
      ...openObject,
      description: 'what the type takes: options, language, size, multiline, min, max, regex, filter...',
    },
    dependsOn: strings,
  },
  ['name'],
);

const triggerEvents = list(closed({ event: nonEmpty, labels: stringMap, filter: string }, ['event']));

const webhook = closed(
  {
    path: nonEmpty,
    authentication: closed({
      basic: closed({ username: secretValue, password: secretValue }, ['username', 'password']),
      github: closed({ token: secretValue }, ['token']),
      svix: closed({ secret: secretValue, verifyTimestamp: duration }, ['secret']),
      jwt: closed({ jwksUri: string }, ['jwksUri']),
    }),
  },
  ['path'],
);

const trigger = closed({
  canary: triggerEvents,
  config: triggerEvents,
  component: triggerEvents,
  webhook,
  schedule: { ...string, description: 'a cron line (or @every 1h, @daily): the playbook runs on it' },
});

const approval = closed({
  type: { type: 'string', enum: ['any', 'all'] },
  approvers: closed({ people: strings, teams: strings }),
});

const since = closed({ since: string }, ['since']);

const ai = closed(
  {
    connection: connectionName,
    apiKey: secretValue,
    backend: string,
    model: string,
    apiURL: string,
    config: string,
    changes: since,
    analysis: since,
    relationships: list(closed({ depth: integer, direction: string, changes: since, analysis: since })),
    playbooks: list(
      closed({ namespace: string, name: string, if: string, params: stringMap }, ['namespace', 'name']),
    ),
    dryRun: boolean,
    recommendPlaybooks: resourceSelectors,
    systemPrompt: string,
    prompt: string,
    formats: strings,
  },
  ['systemPrompt', 'prompt'],
);

const exec = closed(
  { script: string, connections: execConnections, artifacts, env: namedEnvVars, checkout: gitConnection },
  ['script'],
);

const gitops = closed(
  {
    repo: closed(
      {
        url: string,
        username: secretValue,
        password: secretValue,
        base: string,
        branch: string,
        skipExisting: boolean,
        force: boolean,
        connection: connectionName,
        type: string,
      },
      ['url'],
    ),
    commit: closed({ author: string, email: string, message: string }, ['author', 'email', 'message']),
    pr: closed({ title: string, tags: strings, autoMerge: closed({ enabled: boolean, rebase: boolean }) }, [
      'title',
    ]),
    patches: list(closed({ path: string, yq: string, jq: string }, ['path'])),
    files: list(closed({ path: string, content: string }, ['path', 'content'])),
  },
  ['repo', 'commit'],
);

const github = closed(
  {
    repo: string,
    username: string,
    token: secretValue,
    workflows: list(closed({ id: string, ref: string, input: string }, ['id'])),
  },
  ['repo', 'username', 'token'],
);

const azureDevopsPipeline = closed(
  {
    org: string,
    project: string,
    token: secretValue,
    pipeline: closed({ id: string, version: string }, ['id']),
    parameters: closed({
      resources: anyValue,
      templateParameters: anyValue,
      variables: anyValue,
      stagesToSkip: strings,
    }),
  },
  ['org', 'project', 'token', 'pipeline'],
);

const http = closed({
  connection: connectionName,
  url: string,
  username: secretValue,
  password: secretValue,
  method: string,
  ntlm: boolean,
  ntlmv2: boolean,
  headers: namedEnvVars,
  body: string,
  templateBody: boolean,
});

const sql = closed({ connection: connectionName, url: string, query: string, driver: string }, [
  'query',
  'driver',
]);

const pod = closed(
  {
    name: string,
    maxLength: integer,
    spec: { ...openObject, description: 'the pod spec (Kubernetes core/v1 PodSpec)' },
    artifacts,
  },
  ['name', 'spec'],
);

const notification = closed(
  { url: string, connection: connectionName, title: string, message: string, properties: stringMap },
  ['title', 'message'],
);

/** What every log backend of the logs action shares: dedupe, match and field mapping. */
const logQuery: Schema = {
  dedupe: closed({ window: duration, fields: strings }, ['fields']),
  match: strings,
  mapping: fieldMapping,
};
const logWindow: Schema = { start: string, end: string, limit: string };

const logs = closed({
  loki: closed({
    ...logQuery,
    ...logWindow,
    query: string,
    since: string,
    step: string,
    interval: string,
    direction: string,
    connection: connectionName,
    url: string,
    username: secretValue,
    password: secretValue,
  }),
  cloudwatch: closed({ ...logQuery, ...awsConnectionFields, ...logWindow, logGroup: string, query: string }, [
    'logGroup',
    'query',
  ]),
  opensearch: closed(
    {
      ...logQuery,
      address: string,
      username: secretValue,
      password: secretValue,
      index: string,
      query: string,
      limit: string,
    },
    ['address', 'index', 'query'],
  ),
  kubernetes: closed(
    {
      ...logQuery,
      ...kubernetesConnectionFields,
      ...logWindow,
      kind: string,
      apiVersion: string,
      namespace: string,
      name: string,
      pods: resourceSelectors,
      containers: strings,
    },
    ['kind', 'apiVersion', 'namespace', 'name'],
  ),
});

/** Each kind of action: an action has one of them. */
export const ACTION_KINDS: Record<string, Schema> = {
  ai,
  exec,
  gitops,
  github,
  azureDevopsPipeline,
  http,
  sql,
  pod,
  notification,
  logs,
};

const action = closed(
  {
    name: nonEmpty,
    delay: { ...string, description: 'how long to wait before the action runs' },
    retry: closed(
      {
        limit: integer,
        duration,
        jitter: integer,
        exponent: closed({ multiplier: integer }, ['multiplier']),
      },
      ['limit', 'duration', 'exponent'],
    ),
    timeout: duration,
    if: { ...string, description: 'a CEL expression: whether the action runs' },
    runsOn: strings,
    templatesOn: { ...string, description: 'host or agent' },
    ...ACTION_KINDS,
  },
  ['name'],
);

export const playbookSpecSchema: Schema = specSchema('playbook-spec', 'Playbook spec', {
  properties: {
    title: { ...string, description: 'what the console shows; the name when absent' },
    description: string,
    category: string,
    icon: string,
    timeout: duration,
    on: trigger,
    runsOn: strings,
    env: namedEnvVars,
    templatesOn: { ...string, description: 'host or agent' },
    permissions: list(closed({ role: string, team: string, ref: string })),
    configs: resourceSelectors,
    checks: resourceSelectors,
    components: resourceSelectors,
    parameters: list(parameter),
    actions: list(action),
    filters: { ...strings, description: 'CEL expressions: the playbook runs only where all are true' },
    approval,
  },
  additionalProperties: false,
});
