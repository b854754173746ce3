/**
 * The JSON schema (draft-07) of a Canary spec: the value of canaries.spec, the `spec` of the
 * Canary custom resource (canaries.flanksource.com/v1). Served by GET /api/specs/canaries/schema
 * for the editor's hints and used by its validator (platform/specs) for
 * /api/specs/canaries/validate and writes to /api/db/canaries.
 *
 * It accepts what canary-checker accepts (its CanarySpec) and refuses every field it does not
 * know, at every level, so a typo such as `thresholdMilis` or `htpp` is named. The fields the
 * console's forms require (spec 3 §5) are the forms' rules, not the schema's.
 */
import { CHECK_KINDS, webhook } from './canary-checks.js';
import { closed, count, nonEmpty, string, strings, type Schema } from './fragments.js';

/** A canary-level variable (canary-checker's VarSource). */
const varSource = closed({
  value: string,
  fieldRef: closed({ apiVersion: string, fieldPath: nonEmpty }, ['fieldPath']),
  configMapKeyRef: closed({ name: string, key: nonEmpty, optional: { type: 'boolean' } }, ['key']),
  secretKeyRef: closed({ name: string, key: nonEmpty, optional: { type: 'boolean' } }, ['key']),
});

/**
 * Kinds of the console's type picker (spec 3 §2.3) that canary-checker has no list for: kept as
 * lists of named entries so what the picker wrote stays valid.
 */
const PICKER_ONLY_KINDS = ['gcs', 'smb', 'sftp', 'azuredevops'];
const namedEntries: Schema = {
  type: 'array',
  items: { type: 'object', properties: { name: nonEmpty }, required: ['name'] },
};

export const canarySpecSchema: Schema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: 'canary-spec',
  title: 'Canary spec',
  type: 'object',
  properties: {
    schedule: {
      ...nonEmpty,
      description:
        "cron, or '@every 30s', '@hourly', '@daily'...; with no schedule nor interval it does not run",
    },
    interval: { ...count, description: 'deprecated: seconds between runs, when there is no schedule' },
    replicas: { ...count, description: '0 pauses the canary' },
    icon: string,
    owner: string,
    severity: { type: 'string', description: 'info, low, medium, high or critical' },
    resultMode: { type: 'string', description: "'junit' reports the results as one JUnit check" },
    env: { type: 'object', additionalProperties: varSource, description: 'variables the checks can use' },
    agentSelector: { ...strings, description: "agents that run this canary: 'eu-west-*', '!team-b'" },
    ...CHECK_KINDS,
    webhook: { ...webhook, description: 'one check whose results come from calls to its webhook' },
    ...Object.fromEntries(PICKER_ONLY_KINDS.map((name) => [name, namedEntries])),
  },
  additionalProperties: false,
};
