/**
 * Silences (spec 2 §2-§7): a silence on a check, canary, component or config (recursive: its
 * descendants too; a namespace), between `from` and `until`, stops the sends of the events on it.
 * Read from the database at every event, so a silence applies to the next event the moment it
 * is saved, and one deleted or expired stops applying as soon. Which resources a silence covers
 * is decided by one SQL function, `_silence_covers` (migration 0032), for the engine and the
 * preview alike.
 */
import type { Queryable } from '../db/db.js';
import { HttpError } from '../../http/errors.js';
import { UUID } from '../../lib/uuid.js';
import { filterHolds, filterProblem } from './engine/match.js';
import { eventContext, type EventResource } from './engine/context.js';
import type { SilencePreview, SilencePreviewMatch, SilenceRequest } from './types.js';

export const RESOURCE_REQUIRED = 'A resource is required: choose a check, canary, component or catalog item';
export const UNTIL_AFTER_FROM = 'Until must be after From';

const COVERS = `_silence_covers(s.canary_id, s.check_id, s.component_id, s.config_id, s.recursive, s.namespace, $1, $2::uuid)`;

/** The silence in force now that covers the resource (the oldest when several do), if any. */
export async function silenceFor(
  db: Queryable,
  resource: Pick<EventResource, 'type' | 'id'>,
  env: Record<string, unknown>,
): Promise<string | undefined> {
  const { rows } = await db.query<{ id: string; filter: string | null }>(
    `select s.id, s.filter from notification_silences s
      where s.deleted_at is null and (s."from" is null or s."from" <= now()) and (s.until is null or s.until > now())
        and ${COVERS}
      order by s.created_at, s.id`,
    [resource.type, resource.id],
  );
  for (const silence of rows) {
    try {
      if (filterHolds(silence.filter, env)) return silence.id;
    } catch {
      // A silence whose filter cannot be run silences nothing: sending is the safe side.
    }
  }
  return undefined;
}

const unprocessable = (message: string) => new HttpError(422, message);
const badRequest = (message: string) => new HttpError(400, message);

export interface SilenceRow {
  canary_id: string | null;
  check_id: string | null;
  component_id: string | null;
  config_id: string | null;
  from: Date | null;
  until: Date | null;
  description: string | null;
  recursive: boolean;
  namespace: string | null;
  filter: string | null;
}

const RESOURCE_FIELDS = ['canary_id', 'check_id', 'component_id', 'config_id'] as const;

function timeOf(value: unknown, name: string, fallback: Date | null): Date | null {
  if (value === undefined || value === null || value === '') return fallback;
  if (typeof value !== 'string' && typeof value !== 'number') throw badRequest(`${name} must be a time`);
  const time = new Date(value);
  if (Number.isNaN(time.getTime())) throw badRequest(`${name} must be a time, e.g. 2026-11-29T10:00:00Z`);
  return time;
}

const textOf = (value: unknown, name: string): string | null => {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string') throw badRequest(`${name} must be text`);
  return value;
};

/** A silence request read and checked: 400 for a malformed field, 422 for a rule of the form. */
export function readSilenceRequest(body: unknown, now = new Date()): SilenceRow {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw badRequest('The body must be a JSON object');
  const request = body as SilenceRequest & Record<string, unknown>;
  const ids: Record<string, string | null> = {};
  for (const field of RESOURCE_FIELDS) {
    const id = textOf(request[field], field);
    if (id !== null && !UUID.test(id)) throw badRequest(`${field} must be a UUID`);
    ids[field] = id;
  }
  if (RESOURCE_FIELDS.every((field) => ids[field] === null)) throw unprocessable(RESOURCE_REQUIRED);
  const from = timeOf(request.from, 'From', now);
  const until = timeOf(request.until, 'Until', null);
  if (until && from && until <= from) throw unprocessable(UNTIL_AFTER_FROM);
  if (request.recursive !== undefined && typeof request.recursive !== 'boolean')
    throw badRequest('recursive must be true or false');
  const filter = textOf(request.filter, 'filter');
  const problem = filterProblem(filter);
  if (problem) throw unprocessable(`Filter is not valid CEL: ${problem}`);
  return {
    canary_id: ids.canary_id!,
    check_id: ids.check_id!,
    component_id: ids.component_id!,
    config_id: ids.config_id!,
    from,
    until,
    description: textOf(request.description, 'description'),
    recursive: request.recursive ?? false,
    namespace: textOf(request.namespace, 'namespace'),
    filter,
  };
}

export async function saveSilence(db: Queryable, silence: SilenceRow, createdBy: string | undefined) {
  const { rows } = await db.query(
    `insert into notification_silences (canary_id, check_id, component_id, config_id, "from", until,
       description, recursive, namespace, filter, source, created_by)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'UI', $11) returning *`,
    [
      silence.canary_id,
      silence.check_id,
      silence.component_id,
      silence.config_id,
      silence.from,
      silence.until,
      silence.description,
      silence.recursive,
      silence.namespace,
      silence.filter,
      createdBy ?? null,
    ],
  );
  return rows[0]!;
}

const PREVIEW_LIMIT = 100;
/** With a filter, how many of the covered rows (latest first) are judged one by one. */
const FILTERED_CANDIDATES = 2000;

/**
 * The send-history rows of the last 24 hours the silence would have silenced (the latest 100, and
 * how many). A filter is judged on each row's event against its resource as it is now (the
 * history keeps no copy of it then); rows sharing an event and a resource share one judgement.
 */
export async function previewSilence(
  db: Queryable,
  silence: SilenceRow,
  consoleUrl = '',
): Promise<SilencePreview> {
  const covers = `h.created_at > now() - interval '24 hours' and h.resource_id is not null
    and _silence_covers($1, $2, $3, $4, $5, $6, h.resource_type, h.resource_id)`;
  const params = [
    silence.canary_id,
    silence.check_id,
    silence.component_id,
    silence.config_id,
    silence.recursive,
    silence.namespace,
  ];
  const select = (limit: number) =>
    db.query<SilencePreviewMatch & { resource_id: string }>(
      `select h.id, h.source_event, h.resource_type, h.resource_id,
          case when h.resource is null then null
               else jsonb_build_object('id', h.resource->'id', 'name', h.resource->'name', 'type', h.resource->'type') end
            as resource,
          h.created_at, h.notification_id, h.status
         from notification_send_history_summary h where ${covers}
        order by h.created_at desc, h.id limit ${limit}`,
      params,
    );
  const shown = ({ resource_id: _id, ...match }: SilencePreviewMatch & { resource_id: string }) => match;
  if (!silence.filter?.trim()) {
    const [matches, total] = await Promise.all([
      select(PREVIEW_LIMIT),
      db.query<{ total: number }>(
        `select count(*)::integer as total from notification_send_history h where ${covers}`,
        params,
      ),
    ]);
    return { matches: matches.rows.map(shown), total: total.rows[0]?.total ?? 0 };
  }
  const judged = new Map<string, boolean>();
  const holds = async (row: { source_event: string; resource_id: string; created_at: string | Date }) => {
    const key = `${row.source_event} ${row.resource_id}`;
    let verdict = judged.get(key);
    if (verdict === undefined) {
      const { env } = await eventContext(
        db,
        {
          id: '',
          name: row.source_event,
          properties: { id: row.resource_id },
          created_at: new Date(row.created_at),
        },
        consoleUrl,
      );
      try {
        verdict = filterHolds(silence.filter, env);
      } catch {
        // As in the engine: a filter that cannot be run silences nothing.
        verdict = false;
      }
      judged.set(key, verdict);
    }
    return verdict;
  };
  const matches: SilencePreviewMatch[] = [];
  for (const row of (await select(FILTERED_CANDIDATES)).rows) if (await holds(row)) matches.push(shown(row));
  return { matches: matches.slice(0, PREVIEW_LIMIT), total: matches.length };
}
