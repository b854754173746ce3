/**
 * The add wizard's rules (spec 2 §3-§5) apart from its screens: the fields of each responder type,
 * the starting values from the team's configuration (defaults, and fixed values that lock their
 * field), the resets (a Jira project resets the issue type, a Planner plan the bucket), the
 * required-field check and the properties the wizard posts.
 */
import { RESPONDER_FIELDS, RESPONDER_TYPES, type ResponderType } from '../../../../../common/incidents.js';
import {
  fillFields,
  fillPlaceholders,
  type ResponderClient,
} from '../../../../../common/responder-templates.js';
import type { Incident } from '../types.js';

/** Spec 2 §5's message under an empty template field. */
export const INVALID_VALUE = 'Please provide valid value';

export type TeamResponderType = Exclude<ResponderType, 'person'>;

export interface FieldSpec {
  name: string;
  label: string;
  multiline?: boolean;
}

const LABELS: Record<string, string> = {
  to: 'To',
  subject: 'Subject',
  body: 'Body',
  project: 'Project',
  issueType: 'Issue Type',
  summary: 'Summary',
  description: 'Description',
  priority: 'Priority',
  category: 'Category',
  product: 'Product',
  plan_id: 'Plan',
  bucket_id: 'Bucket',
  title: 'Title',
};
const MULTILINE = new Set(['body', 'description']);

export const labelOfType = (type: string): string =>
  RESPONDER_TYPES.find((t) => t.key === type)?.label ?? type;

/** The template fields of a responder type, labelled, in the spec's order. */
export const fieldsOf = (type: TeamResponderType): FieldSpec[] =>
  RESPONDER_FIELDS[type].map((name) => ({
    name,
    label: LABELS[name] ?? name,
    multiline: MULTILINE.has(name),
  }));

/** What a placeholder may name besides the form's own fields. */
export const templateData = (
  values: Record<string, string>,
  incident: Incident,
): Record<string, unknown> => ({
  ...values,
  incident,
});

const strings = (record: unknown): Record<string, string> =>
  typeof record === 'object' && record !== null
    ? Object.fromEntries(
        Object.entries(record).flatMap(([k, v]) =>
          typeof v === 'string' || typeof v === 'number' ? [[k, String(v)]] : [],
        ),
      )
    : {};

/** The fields the team's configuration fixes: shown filled and locked. */
export const fixedFields = (client: ResponderClient | undefined): Set<string> =>
  new Set(Object.keys(strings(client?.values)));

/** The form's first values: every field empty, then the defaults, then the fixed values, placeholders filled. */
export function initialValues(
  type: TeamResponderType,
  client: ResponderClient | undefined,
  incident: Incident,
): Record<string, string> {
  const empty = Object.fromEntries(RESPONDER_FIELDS[type].map((f) => [f, '']));
  const given = { ...strings(client?.defaults), ...strings(client?.values) };
  const known = Object.fromEntries(Object.entries(given).filter(([k]) => k in empty));
  const start = { ...empty, ...known };
  return fillFields(start, templateData(start, incident)) as Record<string, string>;
}

/** Fields another one resets when it changes: the issue type follows the project, the bucket the plan. */
const RESETS: Record<string, string> = { project: 'issueType', plan_id: 'bucket_id' };

/** The values after one field changed, with what depends on it emptied (unless it is fixed). */
export function changeField(
  values: Record<string, string>,
  name: string,
  value: string,
  fixed: Set<string>,
): Record<string, string> {
  const next = { ...values, [name]: value };
  const dependent = RESETS[name];
  if (dependent && dependent in next && !fixed.has(dependent) && values[name] !== value) next[dependent] = '';
  return next;
}

/** The fields left empty, each with spec 2 §5's message. */
export function validate(type: TeamResponderType, values: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    RESPONDER_FIELDS[type].filter((f) => !values[f]?.trim()).map((f) => [f, INVALID_VALUE]),
  );
}

/** The properties posted: the responder type and every field, its placeholders filled from the form and the incident. */
export function propertiesOf(
  type: TeamResponderType,
  values: Record<string, string>,
  incident: Incident,
): Record<string, string> {
  // A placeholder naming another field reads that field filled, not its own placeholders.
  const once = fillFields(values, templateData(values, incident)) as Record<string, string>;
  const data = templateData(once, incident);
  const filled = Object.fromEntries(
    RESPONDER_FIELDS[type].map((f) => [f, fillPlaceholders(values[f] ?? '', data).trim()]),
  );
  return { responderType: type, ...filled };
}
