/**
 * What starting a run needs, for POST /api/playbook/run, POST /{id}/params and the webhook: the
 * playbook, the resource a run is for, the template context of its parameters' defaults, and
 * the insert of the run row the runner then claims.
 */
import type { PlaybookColumns } from '../../../../common/playbooks.js';
import { celSafe } from '../health/index.js';
import type { Queryable } from '../db/db.js';
import { parametersOf, renderDefaults, withDefaults, type PlaybookParameter } from './params.js';
import { needsApproval } from './runner/index.js';
import type { PlaybookSpecLike, ResourceKind, SelectableResource } from './selectors.js';
import { UUID } from '../../lib/uuid.js';

export type PlaybookRow = PlaybookColumns<PlaybookSpec>;

export interface PlaybookSpec extends PlaybookSpecLike {
  parameters?: unknown;
  approval?: { type?: 'any' | 'all'; approvers?: { people?: string[]; teams?: string[] } };
  on?: { webhook?: { path?: string; authentication?: Record<string, unknown> } };
}

const PLAYBOOK_COLUMNS = 'id, name, namespace, title, icon, description, category, spec';

/** A playbook that is not deleted, by its id; undefined for an unknown or malformed id. */
export async function findPlaybook(db: Queryable, id: string): Promise<PlaybookRow | undefined> {
  if (!UUID.test(id)) return undefined;
  const { rows } = await db.query<PlaybookRow>(
    `select ${PLAYBOOK_COLUMNS} from playbooks where id = $1 and deleted_at is null`,
    [id],
  );
  return rows[0];
}

/** Every playbook that is not deleted. */
export async function livePlaybooks(db: Queryable): Promise<PlaybookRow[]> {
  const { rows } = await db.query<PlaybookRow>(
    `select ${PLAYBOOK_COLUMNS} from playbooks where deleted_at is null order by coalesce(title, name), id`,
  );
  return rows;
}

const RESOURCE_TABLE: Record<ResourceKind, string> = {
  config: 'configs',
  component: 'components',
  check: 'checks',
};

/** The resource of a run (a row of configs, components or checks); undefined when there is none. */
export async function findResource(
  db: Queryable,
  kind: ResourceKind,
  id: string,
): Promise<SelectableResource | undefined> {
  if (!UUID.test(id)) return undefined;
  const { rows } = await db.query<SelectableResource>(
    `select * from ${RESOURCE_TABLE[kind]} where id = $1 and deleted_at is null`,
    [id],
  );
  const row = rows[0];
  return row ? (celSafe(row) as SelectableResource) : undefined;
}

/** The resource a request names: exactly one of config_id, component_id, check_id, or none. */
export interface ResourceRef {
  kind: ResourceKind;
  id: string;
}

export const RESOURCE_FIELDS: Record<ResourceKind, 'config_id' | 'component_id' | 'check_id'> = {
  config: 'config_id',
  component: 'component_id',
  check: 'check_id',
};

/**
 * The resource named by a body or query (`config_id`, `component_id`, `check_id`). Throws a
 * message when more than one is given or one is not an id.
 */
export function resourceRefOf(source: Record<string, unknown>): ResourceRef | undefined {
  const named = (Object.entries(RESOURCE_FIELDS) as [ResourceKind, string][]).filter(
    ([, field]) => source[field] !== undefined && source[field] !== null && source[field] !== '',
  );
  if (named.length > 1) throw new Error('Give only one of config_id, component_id and check_id');
  if (named.length === 0) return undefined;
  const [kind, field] = named[0]!;
  const id = source[field];
  if (typeof id !== 'string' || !UUID.test(id)) throw new Error(`${field} must be an id`);
  return { kind, id };
}

export interface RunUser {
  id: string;
  name: string;
  email: string | null;
}

/**
 * The context templates of a run see (the platform's names): `.config`, `.component`,
 * `.check` (the resource's row, the others absent), `.params`, `.user`, `.playbook`, `.request`.
 */
export function templateEnv({
  playbook,
  resource,
  user,
  params,
  request,
}: {
  playbook: PlaybookRow;
  resource?: { kind: ResourceKind; row: SelectableResource };
  user?: RunUser | null;
  params?: Record<string, unknown>;
  request?: Record<string, unknown>;
}): Record<string, unknown> {
  const env: Record<string, unknown> = {
    playbook: { id: playbook.id, name: playbook.name, namespace: playbook.namespace, title: playbook.title },
    params: params ?? {},
  };
  if (resource) env[resource.kind] = resource.row;
  if (user) env.user = { id: user.id, name: user.name, email: user.email };
  if (request) env.request = request;
  return env;
}

/** The parameters of a playbook with their defaults rendered against the template context. */
export function renderedParameters(playbook: PlaybookRow, env: Record<string, unknown>): PlaybookParameter[] {
  return renderDefaults(parametersOf(playbook.spec), env);
}

export interface NewRun {
  playbook: PlaybookRow;
  resource?: ResourceRef;
  parameters: readonly PlaybookParameter[];
  values: Record<string, unknown>;
  createdBy: string | null;
  trigger: string;
  request?: Record<string, unknown>;
}

export interface QueuedRun {
  id: string;
  status: string;
  scheduled_time: Date;
}

/**
 * Inserts the run the runner will claim: pending, or pending_approval when the playbook names
 * approvers; the spec as it is now; the values with the defaults of the parameters not given.
 */
export async function insertRun(tx: Queryable, run: NewRun): Promise<QueuedRun> {
  const status = needsApproval(run.playbook.spec) ? 'pending_approval' : 'pending';
  const parameters = withDefaults(run.parameters, run.values);
  const ids = { config_id: null, component_id: null, check_id: null } as Record<string, string | null>;
  if (run.resource) ids[RESOURCE_FIELDS[run.resource.kind]] = run.resource.id;
  const { rows } = await tx.query<QueuedRun>(
    `insert into playbook_runs (playbook_id, status, spec, parameters, config_id, component_id, check_id,
       created_by, trigger, request, scheduled_time)
     values ($1, $2, $3::jsonb, $4::jsonb, $5, $6, $7, $8, $9, $10::jsonb, now())
     returning id, status, scheduled_time`,
    [
      run.playbook.id,
      status,
      JSON.stringify(run.playbook.spec ?? {}),
      JSON.stringify(parameters),
      ids.config_id,
      ids.component_id,
      ids.check_id,
      run.createdBy,
      run.trigger,
      run.request === undefined ? null : JSON.stringify(run.request),
    ],
  );
  return rows[0]!;
}
