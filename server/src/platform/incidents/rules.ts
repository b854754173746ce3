/**
 * The incidents' /api/db write rules (spec 2 §4, §5): a new incident is validated; a status
 * moves only as the transition table allows; a closed incident takes no write but its reopening,
 * on itself or on anything of it (hypotheses, evidences, comments, responders); and resolving or
 * closing stamps the incident's resolved and closed times.
 */
import {
  canMoveTo,
  capitalised,
  INCIDENT_SEVERITIES,
  INCIDENT_STATUSES,
  INCIDENT_TYPES,
  type IncidentStatus,
} from '../../../../common/incidents.js';
import type { Queryable } from '../db/db.js';
import { RestError } from '../rest/errors.js';
import type { WriteRequest, WriteRules, WriteTarget, WrittenRows } from '../rest/write-rules.js';

export const TITLE_REQUIRED = 'Title is required';
export const SEVERITY_REQUIRED = 'Please select incident severity';
export const TYPE_REQUIRED = 'Please select an incident type';
export const STATUS_REQUIRED = 'Please select incident status';

const unprocessable = (message: string) => new RestError(422, 'PGRST422', message);

/** 'Cannot move incident INC0000042 from Closed to Investigating' */
export const transitionRefusal = (incidentId: string, from: IncidentStatus, to: IncidentStatus) =>
  `Cannot move incident ${incidentId} from ${capitalised(from)} to ${capitalised(to)}`;

/** 'Incident INC0000042 is closed: reopen it first' */
export const closedRefusal = (incidentId: string) => `Incident ${incidentId} is closed: reopen it first`;

const isOneOf = <T extends string>(values: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (values as readonly string[]).includes(value);

const present = (row: Record<string, unknown>, field: string) =>
  row[field] !== undefined && row[field] !== null && row[field] !== '';

function checkValue(row: Record<string, unknown>, field: string, values: readonly string[], missing: string) {
  if (!Object.hasOwn(row, field)) return;
  const value = row[field];
  if (!present(row, field)) throw unprocessable(missing);
  if (!isOneOf(values, value))
    throw unprocessable(`${capitalised(field)} must be one of ${values.join(', ')}`);
}

/**
 * An incident's fields as spec 2 §5 asks: on create, title, severity, status and type are
 * required; on create and change, each given is one of its values and a title is not blank.
 */
export function validateIncident(row: Record<string, unknown>, creating: boolean): void {
  if (creating) {
    if (!present(row, 'title')) throw unprocessable(TITLE_REQUIRED);
    if (!present(row, 'severity')) throw unprocessable(SEVERITY_REQUIRED);
    if (!present(row, 'type')) throw unprocessable(TYPE_REQUIRED);
    if (!present(row, 'status')) throw unprocessable(STATUS_REQUIRED);
  }
  if (Object.hasOwn(row, 'title') && (typeof row.title !== 'string' || row.title.trim() === ''))
    throw unprocessable(TITLE_REQUIRED);
  checkValue(row, 'severity', INCIDENT_SEVERITIES, SEVERITY_REQUIRED);
  checkValue(row, 'type', INCIDENT_TYPES, TYPE_REQUIRED);
  checkValue(row, 'status', INCIDENT_STATUSES, STATUS_REQUIRED);
}

interface IncidentState {
  id: string;
  incident_id: string;
  status: IncidentStatus;
}

/** The incidents with these ids, locked until the transaction ends. */
async function incidentsByIds(tx: Queryable, ids: readonly string[]): Promise<IncidentState[]> {
  if (ids.length === 0) return [];
  const { rows } = await tx.query<IncidentState>(
    `select id, incident_id, status from incidents where id::text = any($1::text[]) for update`,
    [[...new Set(ids)]],
  );
  return rows;
}

/** The incidents these hypotheses belong to. */
async function incidentIdsOfHypotheses(tx: Queryable, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const { rows } = await tx.query<{ incident_id: string }>(
    `select distinct incident_id from hypotheses where id::text = any($1::text[])`,
    [[...new Set(ids)]],
  );
  return rows.map((row) => row.incident_id);
}

const stringsOf = (rows: readonly Record<string, unknown>[], field: string) =>
  rows.flatMap((row) => (typeof row[field] === 'string' ? [row[field]] : []));

/** Refuses the write when any of these incidents is closed. */
async function refuseIfClosed(tx: Queryable, incidentIds: readonly string[]): Promise<void> {
  const closed = (await incidentsByIds(tx, incidentIds)).find((incident) => incident.status === 'closed');
  if (closed) throw new RestError(409, 'PGRST409', closedRefusal(closed.incident_id));
}

/**
 * A write on incidents: a status change must be in the transition table (422, naming both
 * statuses); a closed incident takes only a PATCH setting its status to open, or back to closed
 * alone (the table's "staying put"), anything else is a 409.
 */
async function guardIncidents({ method, rows, existing }: WriteTarget): Promise<void> {
  if (method === 'POST') return;
  const current = (await existing(['id', 'incident_id', 'status'])) as unknown as IncidentState[];
  const change = rows[0] ?? {};
  const to = isOneOf(INCIDENT_STATUSES, change.status) ? change.status : undefined;
  for (const incident of current) {
    if (method === 'PATCH' && to && !canMoveTo(incident.status, to))
      throw unprocessable(transitionRefusal(incident.incident_id, incident.status, to));
    if (incident.status !== 'closed') continue;
    const reopens = method === 'PATCH' && to === 'open';
    const staysClosed = method === 'PATCH' && to === 'closed' && Object.keys(change).length === 1;
    if (!reopens && !staysClosed) throw new RestError(409, 'PGRST409', closedRefusal(incident.incident_id));
  }
}

/**
 * Keeps incidents.resolved and incidents.closed true to the status: moving into resolved stamps
 * resolved; into closed stamps closed (and resolved, when the incident skipped it); a status
 * before resolved (reopening) clears both. The changelog keeps every move. Other writers of
 * incidents.status (jobs) call this in their transaction too.
 */
export async function stampResolution(tx: Queryable, incidentIds: readonly string[]): Promise<void> {
  if (incidentIds.length === 0) return;
  await tx.query(
    `update incidents set
       resolved = case when status in ('resolved', 'closed') then coalesce(resolved, now()) end,
       closed = case when status = 'closed' then coalesce(closed, now()) end
     where id::text = any($1::text[])
       and ((resolved is null) = (status in ('resolved', 'closed')) or (closed is null) = (status = 'closed'))`,
    [[...new Set(incidentIds)]],
  );
}

async function afterIncidents({ method, rows, tx, written }: WrittenRows): Promise<void> {
  if (method === 'DELETE') return;
  if (method === 'PATCH' && !Object.hasOwn(rows[0] ?? {}, 'status')) return;
  await stampResolution(tx, stringsOf(written, 'id'));
}

/** A rule for a relation whose rows belong to an incident through `incident_id`. */
const ofIncident = {
  async guard({ tx, rows, existing }: WriteTarget) {
    const before = stringsOf(await existing(['incident_id']), 'incident_id');
    await refuseIfClosed(tx, [...before, ...stringsOf(rows, 'incident_id')]);
  },
};

/** Evidences belong to an incident through their hypothesis. */
const ofHypothesis = {
  async guard({ tx, rows, existing }: WriteTarget) {
    const before = stringsOf(await existing(['hypothesis_id']), 'hypothesis_id');
    const hypotheses = [...before, ...stringsOf(rows, 'hypothesis_id')];
    await refuseIfClosed(tx, await incidentIdsOfHypotheses(tx, hypotheses));
  },
};

export const incidentWriteRules: WriteRules = {
  incidents: {
    validate({ method, rows }: WriteRequest) {
      if (method === 'DELETE') return;
      for (const row of rows) validateIncident(row, method === 'POST');
    },
    guard: guardIncidents,
    after: afterIncidents,
  },
  hypotheses: ofIncident,
  comments: ofIncident,
  responders: ofIncident,
  evidences: ofHypothesis,
};
