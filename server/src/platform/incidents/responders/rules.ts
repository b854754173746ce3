/**
 * The /api/db rules of responders (spec 2 §4, §5): a person responder names its person; a team
 * responder names a responder type the team configures, fills every template field of that type
 * ('Please provide valid value' otherwise) and keeps the configuration's fixed values, unless it
 * is the 'None' choice (type team, no responder type), which names only the team; the delivery
 * columns are the console's to write.
 */
import { RESPONDER_FIELDS, RESPONDER_TYPES } from '../../../../../common/incidents.js';
import {
  hasPlaceholders,
  isResponderType,
  isTeamWithoutTarget,
} from '../../../../../common/responder-templates.js';
import { RestError } from '../../rest/errors.js';
import type { WriteRequest, WriteRules, WriteTarget } from '../../rest/write-rules.js';

/** Spec 2 §5's message for a template field left empty. */
export const INVALID_VALUE = 'Please provide valid value';

const DELIVERY_COLUMNS = [
  'delivery_status',
  'delivery_attempts',
  'delivery_error',
  'delivery_next_at',
  'delivered_at',
];

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const labelOf = (type: string) => RESPONDER_TYPES.find((t) => t.key === type)?.label ?? type;

const refuse = (message: string, details: string | null = null) =>
  new RestError(422, 'PGRST422', message, details);

function validate({ method, rows }: WriteRequest): void {
  for (const row of rows) {
    const set = DELIVERY_COLUMNS.find((column) => Object.hasOwn(row, column));
    if (set) throw refuse(`${set} is written by the console's delivery of the responder`);
    if (method !== 'POST') continue;
    const properties = isObject(row.properties) ? row.properties : {};
    if (row.type === 'person' || (row.team_id == null && row.person_id != null)) {
      if (typeof row.person_id !== 'string' || row.person_id === '')
        throw refuse('A person responder needs the person (person_id)');
      continue;
    }
    if (row.team_id == null) throw refuse('A responder needs a team (team_id) or a person (person_id)');
    if (isTeamWithoutTarget(row)) continue;
    const type = properties.responderType;
    if (!isResponderType(type) || type === 'person')
      throw refuse('A team responder needs its responder type (properties.responderType)');
    const empty = RESPONDER_FIELDS[type].filter((field) => {
      const value = properties[field];
      return typeof value !== 'string' || value.trim() === '';
    });
    if (empty.length > 0) throw refuse(INVALID_VALUE, `${labelOf(type)}: ${empty.join(', ')}`);
  }
}

/** The team's configuration of each row's responder type: it must exist, and its fixed values hold. */
async function guard({ method, rows, tx }: WriteTarget): Promise<void> {
  if (method !== 'POST') return;
  const teamRows = rows.filter((row) => typeof row.team_id === 'string' && row.type !== 'person');
  if (teamRows.length === 0) return;
  const { rows: teams } = await tx.query<{ id: string; name: string; spec: unknown }>(
    `select id, name, spec from teams where id = any($1::uuid[]) and deleted_at is null`,
    [[...new Set(teamRows.map((row) => row.team_id as string))]],
  );
  for (const row of teamRows) {
    const team = teams.find((t) => t.id === row.team_id);
    if (!team) throw refuse('The team does not exist or was deleted');
    if (isTeamWithoutTarget(row)) continue;
    const properties = isObject(row.properties) ? row.properties : {};
    const type = properties.responderType as string;
    const clients =
      isObject(team.spec) && isObject(team.spec.responder_clients) ? team.spec.responder_clients : {};
    const client = clients[type];
    if (!isObject(client))
      throw refuse(`The team ${team.name} has no responder configuration for ${labelOf(type)}`);
    const fixed = isObject(client.values) ? client.values : {};
    for (const [field, value] of Object.entries(fixed)) {
      if (typeof value !== 'string' || value === '' || hasPlaceholders(value)) continue;
      if (properties[field] !== value)
        throw refuse(`${field} is fixed to '${value}' by the team's responder configuration`);
    }
  }
}

export const responderWriteRules: WriteRules = { responders: { validate, guard } };
