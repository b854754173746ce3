/**
 * The spec validators of the four custom resource kinds, one compiled schema each, shared by
 * /api/specs and the /api/db write rules (rules.ts); and the editors' stricter ones, the spec
 * schema together with the forms' rules (form-rules.ts).
 */
import { KINDS, type KindTable } from '../../kube/kinds.js';
import { incidentRuleSpecSchema } from '../../kube/schemas/incident-rule.js';
import { specSchemaOf, type Schema } from '../../kube/schemas/index.js';
import { loggingBackendSpecSchema } from '../../kube/schemas/logging-backend.js';
import { teamSpecSchema } from '../../kube/schemas/team.js';
import { FORM_RULES } from './form-rules.js';
import { createSpecValidator, type SpecValidator } from './validate.js';

const VALIDATORS = Object.fromEntries(
  KINDS.map((info) => [info.table, createSpecValidator(specSchemaOf(info.table))]),
) as Record<KindTable, SpecValidator>;

/** The spec schema without its identifiers (compiled once already), and the form's rules. */
function formSchemaOf(table: KindTable): Schema {
  const { $id: _id, $schema: _schema, ...spec } = specSchemaOf(table);
  return { allOf: [spec, FORM_RULES[table] ?? {}] };
}

const FORM_VALIDATORS = Object.fromEntries(
  KINDS.map((info) => [
    info.table,
    FORM_RULES[info.table] ? createSpecValidator(formSchemaOf(info.table)) : VALIDATORS[info.table],
  ]),
) as Record<KindTable, SpecValidator>;

export const specValidatorOf = (table: KindTable): SpecValidator => VALIDATORS[table];

/** What a kind's editor checks: its spec schema and the form's rules. */
export const formValidatorOf = (table: KindTable): SpecValidator => FORM_VALIDATORS[table];

/**
 * Settings tables with a spec schema that are no custom resource of the cluster: their editors
 * validate through /api/specs as the kinds' do, and /api/db refuses a spec the schema refuses.
 */
export const PLAIN_SPEC_TABLES = [
  { table: 'incident_rules', kind: 'IncidentRule', schema: incidentRuleSpecSchema },
  { table: 'teams', kind: 'Team', schema: teamSpecSchema },
  { table: 'logging_backends', kind: 'LoggingBackend', schema: loggingBackendSpecSchema },
] as const;

export type PlainSpecTable = (typeof PLAIN_SPEC_TABLES)[number]['table'];

const PLAIN_VALIDATORS = Object.fromEntries(
  PLAIN_SPEC_TABLES.map((info) => [info.table, createSpecValidator(info.schema)]),
) as Record<PlainSpecTable, SpecValidator>;

export const plainSpecValidatorOf = (table: PlainSpecTable): SpecValidator => PLAIN_VALIDATORS[table];
