/**
 * The notifications area's /api/db write rules (spec 2 §4-§6): a rule's events come from the
 * list and are not empty, its filter is CEL that can be read (the message says where it fails),
 * it has exactly one recipient kind (person, team or custom services), its repeat interval is one
 * of the choices; rules and silences whose source is not UI are read-only here (GitOps owns
 * them); a silence names a resource and ends after it starts. Deleting a silence (a DELETE, or a
 * PATCH setting deleted_at) is the `silences.delete` action: write on notifications and on
 * identities.
 */
import type { Request } from 'express';
import { checkAction, type FlagReader } from '../../access/guard.js';
import { HttpError } from '../../http/errors.js';
import { RestError } from '../rest/errors.js';
import type { Authorize } from '../rest/router.js';
import type { WriteRequest, WriteRules, WriteTarget, WrittenRows } from '../rest/write-rules.js';
import { filterProblem } from './engine/match.js';
import { RESOURCE_REQUIRED, UNTIL_AFTER_FROM } from './silences.js';
import { NOTIFICATION_EVENTS, REPEAT_INTERVALS } from './types.js';

export const EVENTS_REQUIRED = 'Events are required: choose at least one event';
export const ONE_RECIPIENT = 'Choose exactly one recipient: a person, a team, or a connection (Others)';

const unprocessable = (message: string) => new RestError(422, 'PGRST422', message);

const given = (value: unknown) =>
  value !== undefined &&
  value !== null &&
  value !== '' &&
  !(Array.isArray(value) && value.length === 0) &&
  !(typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0);

function checkEvents(row: Record<string, unknown>, creating: boolean) {
  if (!Object.hasOwn(row, 'events')) {
    if (creating) throw unprocessable(EVENTS_REQUIRED);
    return;
  }
  const events = row.events;
  if (!Array.isArray(events) || events.length === 0) throw unprocessable(EVENTS_REQUIRED);
  for (const event of events)
    if (!(NOTIFICATION_EVENTS as readonly unknown[]).includes(event))
      throw unprocessable(`Event '${String(event)}' is not one of ${NOTIFICATION_EVENTS.join(', ')}`);
}

function checkFilter(row: Record<string, unknown>) {
  if (!Object.hasOwn(row, 'filter') || row.filter === null || row.filter === '') return;
  if (typeof row.filter !== 'string') throw unprocessable('Filter must be a CEL expression');
  const problem = filterProblem(row.filter);
  if (problem) throw unprocessable(`Filter is not valid CEL: ${problem}`);
}

function checkRepeatInterval(row: Record<string, unknown>) {
  const value = row.repeat_interval;
  if (value === undefined || value === null || value === '') return;
  if (!(REPEAT_INTERVALS as readonly unknown[]).includes(value))
    throw unprocessable(`Repeat interval must be one of ${REPEAT_INTERVALS.join(', ')}, or none`);
}

const RECIPIENT_FIELDS = ['person_id', 'team_id', 'custom_services'] as const;

function checkOneRecipient(row: Record<string, unknown>) {
  if (RECIPIENT_FIELDS.filter((field) => given(row[field])).length !== 1) throw unprocessable(ONE_RECIPIENT);
}

function checkSource(row: Record<string, unknown>) {
  if (Object.hasOwn(row, 'source') && row.source !== 'UI' && row.source !== null)
    throw unprocessable('source must be UI: rules and silences from GitOps are written there');
}

/** A 409 when any of the rows the write would change comes from GitOps. */
async function refuseReadOnly(relation: string, target: WriteTarget, noun: string, columns: string[]) {
  const rows = await target.existing(columns);
  const managed = rows.find((row) => row.source !== 'UI');
  if (!managed) return;
  const what = typeof managed.name === 'string' && managed.name ? `${noun} ${managed.name}` : `this ${noun}`;
  throw new RestError(
    409,
    'PGRST409',
    `Cannot ${target.method === 'DELETE' ? 'delete' : 'change'} ${relation}: ${what} comes from ${String(managed.source)} and is read-only here`,
  );
}

const stringsOf = (rows: readonly Record<string, unknown>[], field: string) =>
  rows.flatMap((row) => (typeof row[field] === 'string' ? [row[field]] : []));

const notifications = {
  validate({ method, rows }: WriteRequest) {
    if (method === 'DELETE') return;
    for (const row of rows) {
      checkSource(row);
      checkEvents(row, method === 'POST');
      checkFilter(row);
      checkRepeatInterval(row);
      if (method === 'POST') checkOneRecipient(row);
    }
  },
  async guard(target: WriteTarget) {
    await refuseReadOnly('notifications', target, 'rule', ['id', 'name', 'source']);
    const change = target.rows[0] ?? {};
    if (target.method !== 'PATCH' || !RECIPIENT_FIELDS.some((field) => Object.hasOwn(change, field))) return;
    for (const row of await target.existing([...RECIPIENT_FIELDS])) checkOneRecipient({ ...row, ...change });
  },
  /** A rule saved with a new filter, template or title starts without the error of the old one. */
  async after({ method, rows, tx, written }: WrittenRows) {
    const change = rows[0] ?? {};
    if (method !== 'PATCH' || !['filter', 'template', 'title'].some((field) => Object.hasOwn(change, field)))
      return;
    if (Object.hasOwn(change, 'error')) return;
    await tx.query(
      `update notifications set error = null, error_at = null where id::text = any($1::text[])`,
      [stringsOf(written, 'id')],
    );
  },
};

const SILENCE_RESOURCES = ['canary_id', 'check_id', 'component_id', 'config_id'] as const;

function checkSilence(row: Record<string, unknown>) {
  if (!SILENCE_RESOURCES.some((field) => given(row[field]))) throw unprocessable(RESOURCE_REQUIRED);
  const from = row.from ? new Date(String(row.from)) : undefined;
  const until = row.until ? new Date(String(row.until)) : undefined;
  if (from && until && !Number.isNaN(from.getTime()) && until <= from) throw unprocessable(UNTIL_AFTER_FROM);
}

const silences = {
  validate({ method, rows }: WriteRequest) {
    if (method === 'DELETE') return;
    for (const row of rows) {
      checkSource(row);
      checkFilter(row);
      if (method === 'POST') checkSilence(row);
    }
  },
  async guard(target: WriteTarget) {
    await refuseReadOnly('notification_silences', target, 'silence', ['id', 'source']);
    const change = target.rows[0] ?? {};
    const touches = [...SILENCE_RESOURCES, 'from', 'until'].some((field) => Object.hasOwn(change, field));
    if (target.method !== 'PATCH' || !touches) return;
    for (const row of await target.existing([...SILENCE_RESOURCES, 'from', 'until']))
      checkSilence({ ...row, ...change });
  },
};

export const notificationWriteRules: WriteRules = {
  notifications,
  notification_silences: silences,
};

/** Whether an /api/db request deletes silences: a DELETE, or a PATCH that sets deleted_at. */
function deletesSilences(req: Request, name: string): boolean {
  if (name !== 'notification_silences') return false;
  if (req.method === 'DELETE') return true;
  const body = req.body as unknown;
  return (
    req.method === 'PATCH' &&
    typeof body === 'object' &&
    body !== null &&
    given((body as Record<string, unknown>).deleted_at)
  );
}

/** The /api/db authorizer with the `silences.delete` action checked on the writes that delete silences. */
export function withSilenceDeletion(authorize: Authorize, flags: FlagReader): Authorize {
  return async (req, name, parsed) => {
    await authorize(req, name, parsed);
    if (!deletesSilences(req, name)) return;
    try {
      await checkAction(req, 'silences.delete', flags);
    } catch (error) {
      if (error instanceof HttpError) throw new RestError(403, '42501', error.message);
      throw error;
    }
  };
}
