/**
 * A team's responder configuration (teams.spec.responder_clients, keyed by responder type) and
 * the placeholders its defaults and values hold: `{{.incident.title}}`, `{{ .summary }}`. The add
 * wizard fills a form with them and the delivery job fills what is still unfilled, so both read
 * placeholders the same way.
 */
import { RESPONDER_TYPES, TEAM_WITHOUT_TARGET, type ResponderType } from './incidents.js';

/** One responder type's configuration in a team's spec. */
export interface ResponderClient {
  /** Fixed values: the form shows them locked. */
  values?: Record<string, unknown>;
  /** Starting values the person may change. */
  defaults?: Record<string, unknown>;
  /** Where a delivered ticket is seen: `https://acme.atlassian.net/browse/{{.external_id}}`. */
  linkUrl?: string;
  /** The stored connection delivery uses: `connection://[namespace/]name`. */
  connection?: string;
  [field: string]: unknown;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const RESPONDER_TYPE_KEYS = new Set<string>(RESPONDER_TYPES.map((t) => t.key));
export const isResponderType = (value: unknown): value is ResponderType =>
  typeof value === 'string' && RESPONDER_TYPE_KEYS.has(value);

/** A team responder with no target: the wizard's 'None', or a team an incident rule adds. */
export const isTeamWithoutTarget = (row: { type?: unknown; properties?: unknown }): boolean =>
  row.type === TEAM_WITHOUT_TARGET &&
  (!isObject(row.properties) || row.properties.responderType === undefined);

/** The responder types a team's spec configures, in the wizard's order, with their configuration. */
export function responderClientsOf(
  spec: unknown,
): { type: Exclude<ResponderType, 'person'>; client: ResponderClient }[] {
  const clients = isObject(spec) && isObject(spec.responder_clients) ? spec.responder_clients : {};
  return RESPONDER_TYPES.flatMap((t) => (t.key !== 'person' && isObject(clients[t.key]) ? [t.key] : [])).map(
    (type) => ({
      type,
      client: clients[type] as ResponderClient,
    }),
  );
}

/** A placeholder: `{{.incident.title}}`, `{{ summary }}`. */
const PLACEHOLDER = /\{\{\s*\.?([A-Za-z_][\w]*(?:\.[A-Za-z_][\w]*)*)\s*\}\}/g;

function lookup(data: Record<string, unknown>, path: string): unknown {
  let value: unknown = data;
  for (const part of path.split('.')) {
    if (!isObject(value) || !Object.hasOwn(value, part)) return undefined;
    value = value[part];
  }
  return value;
}

/**
 * The text with its placeholders filled from `data` (the form's values plus `incident`); a
 * placeholder naming nothing known becomes empty, as a Go template's missing key prints nothing.
 */
export function fillPlaceholders(text: string, data: Record<string, unknown>): string {
  return text.replace(PLACEHOLDER, (_match, path: string) => {
    const value = lookup(data, path);
    if (value === undefined || value === null) return '';
    return typeof value === 'object' ? JSON.stringify(value) : String(value);
  });
}

export const hasPlaceholders = (text: string): boolean => new RegExp(PLACEHOLDER.source).test(text);

/** Every string field of `fields` with its placeholders filled; other values as they are. */
export function fillFields(
  fields: Record<string, unknown>,
  data: Record<string, unknown>,
): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(fields).map(([key, value]) => [
      key,
      typeof value === 'string' ? fillPlaceholders(value, data) : value,
    ]),
  );
}

/** The link to a delivered ticket, from the client's linkUrl; undefined without one. */
export function responderLink(
  client: ResponderClient | undefined,
  externalId: string | null,
): string | undefined {
  if (!client?.linkUrl || !externalId) return undefined;
  const link = fillPlaceholders(client.linkUrl, { external_id: externalId });
  return /^https?:\/\//.test(link) ? link : undefined;
}
