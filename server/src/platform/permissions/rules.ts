/**
 * The permissions area's /api/db write rules (spec 3 §3, §5): a permission names exactly one
 * resource (a config, component, connection, playbook, canary or check) or a global object,
 * exactly one subject (a team or a person), an action of the list; its source is UI (rows from
 * GitOps are read-only here, 409). Who wrote it comes from the session (migration 0036).
 */
import { GLOBAL_OBJECTS, GRANT_ACTIONS, GRANT_KINDS } from '../../access/grants.js';
import { RestError } from '../rest/errors.js';
import type { WriteRequest, WriteRules, WriteTarget } from '../rest/write-rules.js';

export const ONE_RESOURCE =
  'Choose exactly one resource: a catalog item, component, connection, playbook, check, canary, or a global object';
export const ONE_SUBJECT = 'Choose exactly one subject: a team or a person';
export const ACTION_REQUIRED = `Action must be one of ${GRANT_ACTIONS.join(', ')}`;
export const OBJECT_UNKNOWN = `The global object must be one of ${GLOBAL_OBJECTS.join(', ')}`;
export const SOURCE_UI = 'source must be UI: permissions from GitOps are written there';

const RESOURCE_FIELDS = ['object', ...Object.values(GRANT_KINDS)] as const;
const SUBJECT_FIELDS = ['person_id', 'team_id'] as const;

const unprocessable = (message: string) => new RestError(422, 'PGRST422', message);
const given = (value: unknown) => value !== undefined && value !== null && value !== '';

/** Checks a whole row: the one of a POST, or a PATCH's change over the row it changes. */
function checkRow(row: Record<string, unknown>) {
  if (RESOURCE_FIELDS.filter((field) => given(row[field])).length !== 1) throw unprocessable(ONE_RESOURCE);
  if (SUBJECT_FIELDS.filter((field) => given(row[field])).length !== 1) throw unprocessable(ONE_SUBJECT);
}

function checkFields(row: Record<string, unknown>, creating: boolean) {
  if (creating || Object.hasOwn(row, 'action'))
    if (!(GRANT_ACTIONS as readonly unknown[]).includes(row.action)) throw unprocessable(ACTION_REQUIRED);
  if (given(row.object) && !(GLOBAL_OBJECTS as readonly unknown[]).includes(row.object))
    throw unprocessable(OBJECT_UNKNOWN);
  if (Object.hasOwn(row, 'deny') && typeof row.deny !== 'boolean')
    throw unprocessable('deny must be true or false');
  if (given(row.until) && Number.isNaN(Date.parse(String(row.until))))
    throw unprocessable('until must be a date and time');
  if (Object.hasOwn(row, 'source') && row.source !== 'UI') throw unprocessable(SOURCE_UI);
}

const permissions = {
  validate({ method, rows }: WriteRequest) {
    if (method === 'DELETE') return;
    for (const row of rows) {
      checkFields(row, method === 'POST');
      if (method === 'POST') checkRow(row);
    }
  },
  async guard(target: WriteTarget) {
    const existing = await target.existing(['id', 'source', ...RESOURCE_FIELDS, ...SUBJECT_FIELDS]);
    const managed = existing.find((row) => row.source !== 'UI');
    if (managed)
      throw new RestError(
        409,
        'PGRST409',
        `Cannot ${target.method === 'DELETE' ? 'delete' : 'change'} permissions: this permission comes from ${String(managed.source)} and is read-only here`,
      );
    if (target.method !== 'PATCH') return;
    const change = target.rows[0] ?? {};
    const touches = [...RESOURCE_FIELDS, ...SUBJECT_FIELDS].some((field) => Object.hasOwn(change, field));
    if (touches) for (const row of existing) checkRow({ ...row, ...change });
  },
};

export const permissionWriteRules: WriteRules = {
  permissions,
  permissions_with_status: permissions,
};
