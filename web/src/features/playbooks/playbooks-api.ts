/**
 * Every call of the playbooks pages and its SWR key (spec 3 §7): playbooks through /api/db (not
 * deleted), the runs list paged on the server with the exact count, a run with its actions from
 * the platform's GET /api/playbook/run/{id}, an action's result from /api/db, and the cancel and
 * approve calls of /api/playbook (a run starts through the run dialog's call).
 */
import { apiJson, db } from '../../api/index.js';
import type { SortOrder } from '../../components/DataTable/index.js';
import { resolveTimeRange, type TimeRange } from '../../lib/time-range/index.js';
import type { RunRequest } from './run-dialog/run-dialog-api.js';
import type { Playbook, PlaybookRef, RunAction, RunDetail, RunListRow, RunStatus } from './types.js';

/** Every key of the area starts so; a change to runs revalidates them all. */
export const PLAYBOOKS_KEY_PREFIX = 'playbooks:';

// ─── Playbooks ──────────────────────────────────────────────────────────────────────────────────

const PLAYBOOK_COLUMNS =
  'id,name,namespace,title,icon,description,category,source,spec,created_by,created_at,updated_at,deleted_at';

export const PLAYBOOKS_KEY = `${PLAYBOOKS_KEY_PREFIX}playbooks?deleted_at=is.null`;
/** The playbooks not deleted, by title then name. */
export const listPlaybooks = () =>
  db
    .from('playbooks')
    .select(PLAYBOOK_COLUMNS)
    .is('deleted_at', null)
    .order('title', { ascending: true, nullsFirst: false })
    .order('name')
    .overrideTypes<Playbook[], { merge: false }>();

/** The runs list's playbook filter: every playbook not deleted, by name. */
export const PLAYBOOK_CHOICES_KEY = `${PLAYBOOKS_KEY_PREFIX}playbooks?select=id,name,title,icon`;
export const listPlaybookChoices = () =>
  db
    .from('playbooks')
    .select('id,name,title,icon')
    .is('deleted_at', null)
    .order('name')
    .overrideTypes<PlaybookRef[], { merge: false }>();

// ─── Runs ───────────────────────────────────────────────────────────────────────────────────────

/** The resource whose runs a list shows (a config's Playbooks tab, a component's panel). */
export interface RunResourceFilter {
  config_id?: string;
  component_id?: string;
  check_id?: string;
}

const RESOURCE_COLUMNS = ['config_id', 'component_id', 'check_id'] as const;

export interface RunListQuery {
  playbook?: string;
  status?: RunStatus;
  /** Created within it; every run without. */
  range?: TimeRange;
  resource?: RunResourceFilter;
  pageIndex: number;
  pageSize: number;
  sortBy: string;
  sortOrder: SortOrder;
}

/** The columns the list may be ordered by; anything else in the URL orders by creation. */
export const RUN_SORTABLE_COLUMNS = ['created_at', 'start_time', 'end_time', 'status'] as const;
export const DEFAULT_RUN_SORT = { by: 'created_at', order: 'desc' } as const;

const RUN_COLUMNS =
  'id,playbook_id,status,parameters,component_id,config_id,check_id,scheduled_time,start_time,end_time,error,trigger,created_by,created_at';
/**
 * The run with what its row shows by name: the playbook, the resource, and who started it (the
 * people embed asks only for the columns everyone who reads runs may read).
 */
const RUN_EMBEDS = [
  'playbook:playbook_id(id,name,title,icon)',
  'creator:created_by(id,name,avatar)',
  'component:component_id(id,name)',
  'config:config_id(id,name,type)',
  'check:check_id(id,name)',
];
export const RUN_LIST_SELECT = [RUN_COLUMNS, ...RUN_EMBEDS].join(',');

export const runListKey = ({
  playbook,
  status,
  range,
  resource,
  pageIndex,
  pageSize,
  sortBy,
  sortOrder,
}: RunListQuery) =>
  `${PLAYBOOKS_KEY_PREFIX}runs?${new URLSearchParams({
    ...(playbook ? { playbook } : {}),
    ...(status ? { status } : {}),
    ...(range ? { from: range.from, to: range.to } : {}),
    ...Object.fromEntries(
      RESOURCE_COLUMNS.flatMap((column) => (resource?.[column] ? [[column, resource[column]]] : [])),
    ),
    page: `${pageIndex}.${pageSize}`,
    order: `${sortBy}.${sortOrder}`,
  }).toString()}`;

/** The expression of the current moment: a range up to now has no upper bound (runs keep coming). */
const isNow = (expression: string) => expression.replace(/\s+/g, '') === 'now';

/** One page of runs under the filters (created within the range), with the total from the count. */
export function listRuns({
  playbook,
  status,
  range,
  resource,
  pageIndex,
  pageSize,
  sortBy,
  sortOrder,
}: RunListQuery) {
  let query = db.from('playbook_runs').select(RUN_LIST_SELECT, { count: 'exact' });
  if (playbook) query = query.eq('playbook_id', playbook);
  if (status) query = query.eq('status', status);
  for (const column of RESOURCE_COLUMNS) {
    const id = resource?.[column];
    if (id) query = query.eq(column, id);
  }
  const window = range && resolveTimeRange(range);
  if (range && window) {
    query = query.gte('created_at', window.from.toISOString());
    if (!isNow(range.to)) query = query.lte('created_at', window.to.toISOString());
  }
  const column = (RUN_SORTABLE_COLUMNS as readonly string[]).includes(sortBy) ? sortBy : DEFAULT_RUN_SORT.by;
  const from = pageIndex * pageSize;
  return query
    .order(column, { ascending: sortOrder === 'asc', nullsFirst: false })
    .order('id')
    .range(from, from + pageSize - 1)
    .overrideTypes<RunListRow[], { merge: false }>();
}

// ─── One run ────────────────────────────────────────────────────────────────────────────────────

export const runKey = (id: string) => `api/playbook/run/${encodeURIComponent(id)}`;

/** The run with its actions; also read when the platform answers `{run, actions}`. */
export async function getRun(id: string): Promise<RunDetail> {
  const answer = await apiJson<RunDetail | { run: Omit<RunDetail, 'actions'>; actions?: RunAction[] }>(
    runKey(id),
  );
  if ('run' in answer && answer.run) return { ...answer.run, actions: answer.actions ?? [] };
  const run = answer as RunDetail;
  return { ...run, actions: run.actions ?? [] };
}

/** What the run page shows by name: the playbook, the resource and who started the run. */
export type RunNames = Pick<RunListRow, 'id' | 'playbook' | 'creator' | 'component' | 'config' | 'check'>;
export const runNamesKey = (id: string) => `${PLAYBOOKS_KEY_PREFIX}run-names?id=${encodeURIComponent(id)}`;
export const getRunNames = (id: string) =>
  db
    .from('playbook_runs')
    .select(['id', ...RUN_EMBEDS].join(','))
    .eq('id', id)
    .maybeSingle<RunNames>();

/** An action with its result (stdout, stderr, logs). */
export const actionKey = (id: string) =>
  `${PLAYBOOKS_KEY_PREFIX}playbook_run_actions?id=${encodeURIComponent(id)}`;
export const getAction = (id: string) =>
  db.from('playbook_run_actions').select('*').eq('id', id).maybeSingle<RunAction>();

// ─── Run, cancel, approve ───────────────────────────────────────────────────────────────────────

export const cancelRun = (id: string) =>
  apiJson<unknown>(`api/playbook/run/cancel/${encodeURIComponent(id)}`, { method: 'POST' });

export const approveRun = (id: string) =>
  apiJson<unknown>(`api/playbook/run/approve/${encodeURIComponent(id)}`, { method: 'POST' });

/**
 * The same playbook, resource and parameters as `run`: what Re-run sends. Parameters travel as
 * text, as the run dialog sends them; a value stored otherwise goes as its JSON.
 */
export const rerunRequest = (run: RunDetail): RunRequest => ({
  id: run.playbook_id,
  ...(run.component_id ? { component_id: run.component_id } : {}),
  ...(run.config_id ? { config_id: run.config_id } : {}),
  ...(run.check_id ? { check_id: run.check_id } : {}),
  params: Object.fromEntries(
    Object.entries(run.parameters ?? {}).map(([name, value]) => [
      name,
      typeof value === 'string' ? value : JSON.stringify(value),
    ]),
  ),
});
