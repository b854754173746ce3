/**
 * The JSON schema (draft-07) of a team's spec, the value of teams.spec, as the platform
 * (mission-control's TeamSpec) defines it: components and configs (the resources the team owns),
 * responder_clients (per responder type: the connection or URL incidents are delivered through,
 * fixed values, defaults and linkUrl) and notifications (where the team's messages go). Unknown
 * fields are refused, so a typo is named; a client may only fill its type's template fields, the
 * fields the incidents' wizard and delivery read (common/incidents.ts).
 */
import { RESPONDER_FIELDS, RESPONDER_TYPES } from '../../../../common/incidents.js';
import { resourceSelectors } from './duty.js';
import { closed, list, openObject, specSchema, string, type Schema } from './fragments.js';

const CONNECTION: Schema = {
  type: 'string',
  pattern: '^connection://[^/\\s]+(/[^/\\s]+)?$',
  description: "a stored connection: 'connection://[namespace/]name'",
};
const HTTP_URL: Schema = { type: 'string', pattern: '^https?://', description: 'an http(s) address' };

const keySelector = closed({ name: string, key: string }, ['key']);
/** A literal, or where to read it: `valueFrom.secretKeyRef` / `configMapKeyRef`. */
const credential: Schema = {
  anyOf: [
    string,
    closed({ value: string, valueFrom: closed({ secretKeyRef: keySelector, configMapKeyRef: keySelector }) }),
  ],
};

const templateFields = (fields: readonly string[]): Schema =>
  closed(
    Object.fromEntries(fields.map((field) => [field, string])),
    [],
    `the responder's fields: ${fields.join(', ')}; placeholders like {{.incident.title}} are filled`,
  );

function responderClient(fields: readonly string[]): Schema {
  return closed({
    connection: CONNECTION,
    url: HTTP_URL,
    username: credential,
    password: credential,
    values: { ...templateFields(fields), description: 'fixed values: the form shows them locked' },
    defaults: { ...templateFields(fields), description: 'starting values the person may change' },
    linkUrl: {
      ...HTTP_URL,
      description: "where a delivered ticket is seen: 'https://acme.atlassian.net/browse/{{.external_id}}'",
    },
  });
}

const responderClients = closed(
  Object.fromEntries(
    RESPONDER_TYPES.filter((type) => type.key !== 'person').map((type) => [
      type.key,
      responderClient(RESPONDER_FIELDS[type.key]),
    ]),
  ),
  [],
  'keyed by responder type',
);

/** A notification target: a stored connection or a provider URL (slack://…, generic+https://…). */
const notificationTarget: Schema = {
  ...closed({
    name: string,
    connection: CONNECTION,
    url: { type: 'string', minLength: 1, description: 'a provider URL' },
    properties: openObject,
    filter: string,
  }),
  anyOf: [{ required: ['connection'] }, { required: ['url'] }],
};

export const teamSpecSchema: Schema = specSchema(
  'https://ops-console/schemas/team-spec.json',
  'Team',
  closed({
    components: resourceSelectors,
    configs: resourceSelectors,
    responder_clients: responderClients,
    notifications: list(notificationTarget),
  }),
);
