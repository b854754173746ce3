/**
 * /api/playbook: the platform's playbook calls (docs/playbooks.md, "API"). Which playbooks can
 * run on a resource and their parameters for it, starting a run, reading it with its actions,
 * approving and cancelling it. Mounted after the sign-in and CSRF checks (the webhook, called by
 * other systems, is mounted before them: webhook.ts); every route needs the playbooks feature.
 */
import { Router, type Request } from 'express';
import {
  checkPlaybookAction,
  requireFeature,
  requirePermission,
  type FlagReader,
} from '../../access/guard.js';
import { refusal, resourceOf } from '../../access/resource-map.js';
import { LOCAL_AGENT } from '../../../../common/agents.js';
import { HttpError } from '../../http/errors.js';
import { UUID } from '../../lib/uuid.js';
import type { Db, Queryable } from '../db/db.js';
import {
  ApprovalError,
  approveRun,
  approverOf,
  NOT_AN_APPROVER,
  NOT_WAITING,
  RUN_NOT_FOUND,
} from './approvals.js';
import { cancelRun } from './runner/index.js';
import { ParameterError, validateRunParams, withDefaults, type PlaybookParameter } from './params.js';
import {
  findPlaybook,
  findResource,
  insertRun,
  livePlaybooks,
  renderedParameters,
  resourceRefOf,
  templateEnv,
  type PlaybookRow,
  type ResourceRef,
} from './runs.js';
import {
  filtersRefusal,
  playbookSelects,
  selectsResources,
  type ResourceKind,
  type SelectableResource,
} from './selectors.js';

export const PLAYBOOK_NOT_FOUND = 'Playbook not found';
export const RESOURCE_REQUIRED = 'Give one of config_id, component_id or check_id';
export const RUN_ENDED = (status: string) => `The playbook run has already ended (${status})`;
export const AGENTS_RUN = (agent: string) => `This run belongs to the agent ${agent}; it is changed there`;

/** A run as far as whose it is goes: an agent's was made there and pushed here (agents/upstream). */
interface RunOwner {
  agent_id: string | null;
  agent_name: string | null;
}
const RUN_OWNER = `r.agent_id, (select a.name from agents a where a.id = r.agent_id) as agent_name`;

/** 409 for an agent's run: it runs, and is cancelled or approved, on the agent. */
function refuseAgentsRun(run: RunOwner): void {
  if (run.agent_id && run.agent_id !== LOCAL_AGENT)
    throw new HttpError(409, AGENTS_RUN(run.agent_name ?? run.agent_id));
}

/** The statuses a run or an action does not leave. */

const KIND_TABLE: Record<ResourceKind, string> = {
  config: 'configs',
  component: 'components',
  check: 'checks',
};
const KIND_LABEL: Record<ResourceKind, string> = { config: 'config', component: 'component', check: 'check' };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const label = (playbook: PlaybookRow) => playbook.title?.trim() || playbook.name;

/** The resource a request names, read: 400 for a malformed or unknown one, 403 without read on it. */
async function resourceOfRequest(
  db: Queryable,
  req: Request,
  source: Record<string, unknown>,
): Promise<{ ref: ResourceRef; row: SelectableResource } | undefined> {
  let ref: ResourceRef | undefined;
  try {
    ref = resourceRefOf(source);
  } catch (error) {
    throw new HttpError(400, (error as Error).message);
  }
  if (!ref) return undefined;
  const resource = resourceOf(KIND_TABLE[ref.kind])!;
  if (!req.user!.permissions[resource].read) throw new HttpError(403, refusal('read', resource));
  const row = await findResource(db, ref.kind, ref.id);
  if (!row) throw new HttpError(400, `The ${KIND_LABEL[ref.kind]} ${ref.id} does not exist`);
  return { ref, row };
}

/** 400 unless the playbook can run on this resource (or, without one, selects none). */
function refuseUnselected(
  playbook: PlaybookRow,
  resource: { ref: ResourceRef; row: SelectableResource } | undefined,
  env: Record<string, unknown>,
): void {
  if (!resource) {
    if (selectsResources(playbook.spec))
      throw new HttpError(400, `Select a config, component or check to run ${label(playbook)} on`);
  } else if (!playbookSelects(playbook.spec, resource.ref.kind, resource.row))
    throw new HttpError(
      400,
      `${label(playbook)} cannot run on the ${KIND_LABEL[resource.ref.kind]} ${resource.row.name}`,
    );
  const refused = filtersRefusal(playbook.spec, env);
  if (refused) throw new HttpError(400, refused);
}

function parametersFor(playbook: PlaybookRow, env: Record<string, unknown>): PlaybookParameter[] {
  try {
    return renderedParameters(playbook, env);
  } catch (error) {
    if (error instanceof ParameterError) throw new HttpError(400, error.message);
    throw error;
  }
}

/** What /list answers for a playbook (the platform's PlaybookListItem, with its spec). */
function listItem(playbook: PlaybookRow) {
  const { id, name, namespace, title, icon, description, category, spec } = playbook;
  const parameters = Array.isArray(spec?.parameters) ? spec.parameters : [];
  return { id, name, namespace, title, icon, description, category, parameters, spec };
}

const RUN_COLUMNS = `r.id, r.playbook_id, r.status, r.spec, r.parameters, r.component_id, r.config_id,
  r.check_id, r.parent_id, r.agent_id, r.scheduled_time, r.start_time, r.end_time, r.timeout_at, r.error,
  r.created_by, r.created_at, r.updated_at, r.trigger, r.request`;

export function createPlaybooksRouter({
  db,
  flags,
  onRunQueued,
}: {
  db: Db;
  flags: FlagReader;
  /** Called once a run is queued, so that the runner may start it at once. */
  onRunQueued?: () => void;
}): Router {
  const router = Router();
  router.use(requireFeature('playbooks', flags));

  router.get('/list', requirePermission('playbooks', 'read'), async (req, res) => {
    const query: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(req.query)) if (typeof value === 'string') query[key] = value;
    const resource = await resourceOfRequest(db, req, query);
    if (!resource) throw new HttpError(400, RESOURCE_REQUIRED);
    const matching = (await livePlaybooks(db)).filter(
      (playbook) =>
        playbookSelects(playbook.spec, resource.ref.kind, resource.row) &&
        filtersRefusal(
          playbook.spec,
          templateEnv({ playbook, resource: { kind: resource.ref.kind, row: resource.row }, user: req.user }),
        ) === undefined,
    );
    res.json(matching.map(listItem));
  });

  router.post('/:id/params', async (req, res) => {
    const body: Record<string, unknown> = isRecord(req.body) ? req.body : {};
    const id = String(req.params.id);
    await checkPlaybookAction(req, 'playbooks.run', UUID.test(id) ? id : '', flags);
    const playbook = await findPlaybook(db, id);
    if (!playbook) throw new HttpError(404, PLAYBOOK_NOT_FOUND);
    const resource = await resourceOfRequest(db, req, body);
    const env = templateEnv({
      playbook,
      resource: resource && { kind: resource.ref.kind, row: resource.row },
      user: req.user,
    });
    refuseUnselected(playbook, resource, env);
    res.json({ params: parametersFor(playbook, env) });
  });

  router.post('/run', async (req, res) => {
    if (!isRecord(req.body)) throw new HttpError(400, 'The body must be a JSON object');
    const body = req.body;
    if (typeof body.id !== 'string' || !UUID.test(body.id))
      throw new HttpError(400, 'id must be a playbook id');
    await checkPlaybookAction(req, 'playbooks.run', body.id, flags);
    const given = body.params ?? {};
    if (!isRecord(given)) throw new HttpError(400, 'params must be an object of parameter values');
    const playbook = await findPlaybook(db, body.id);
    if (!playbook) throw new HttpError(404, PLAYBOOK_NOT_FOUND);
    const resource = await resourceOfRequest(db, req, body);
    const user = req.user!;
    const env = templateEnv({
      playbook,
      resource: resource && { kind: resource.ref.kind, row: resource.row },
      user,
    });
    refuseUnselected(playbook, resource, env);
    const parameters = parametersFor(playbook, env);
    const values = withDefaults(parameters, given);
    const problem = validateRunParams(parameters, values);
    if (problem) throw new HttpError(400, problem);
    const run = await db.transaction(async (tx) => {
      await tx.query(`select set_config('app.user_id', $1, true)`, [user.id]);
      return insertRun(tx, {
        playbook,
        resource: resource?.ref,
        parameters,
        values,
        createdBy: user.id,
        trigger: 'manual',
      });
    });
    onRunQueued?.();
    res.status(201).json({ run_id: run.id, starts_at: new Date(run.scheduled_time).toISOString() });
  });

  router.get('/run/:id', requirePermission('playbook_runs', 'read'), async (req, res) => {
    const id = String(req.params.id);
    if (!UUID.test(id)) throw new HttpError(404, RUN_NOT_FOUND);
    const { rows } = await db.query<Record<string, unknown>>(
      `select ${RUN_COLUMNS},
         json_build_object('id', p.id, 'name', p.name, 'title', p.title, 'icon', p.icon) as playbook
       from playbook_runs r join playbooks p on p.id = r.playbook_id where r.id = $1`,
      [id],
    );
    const run = rows[0];
    if (!run) throw new HttpError(404, RUN_NOT_FOUND);
    const { rows: actions } = await db.query(
      `select id, playbook_run_id, name, status, scheduled_time, start_time, end_time, result, error,
         retry_count, agent_id, created_at, updated_at
       from playbook_run_actions where playbook_run_id = $1
       order by coalesce(start_time, scheduled_time), created_at, id`,
      [id],
    );
    res.json({ ...run, actions });
  });

  router.post('/run/approve/:id', async (req, res) => {
    const id = String(req.params.id);
    if (!UUID.test(id)) throw new HttpError(404, RUN_NOT_FOUND);
    const { rows } = await db.query<
      {
        status: string;
        spec: PlaybookRow['spec'] | null;
        playbook_id: string;
      } & RunOwner
    >(`select r.status, r.spec, r.playbook_id, ${RUN_OWNER} from playbook_runs r where r.id = $1`, [id]);
    const run = rows[0];
    if (!run) throw new HttpError(404, RUN_NOT_FOUND);
    await checkPlaybookAction(req, 'playbooks.approve', run.playbook_id, flags);
    refuseAgentsRun(run);
    if (run.status !== 'pending_approval') throw new HttpError(409, NOT_WAITING);
    const user = req.user!;
    const approver = await approverOf(db, run.spec, user, user.roles.includes('admin'));
    if (!approver) throw new HttpError(403, NOT_AN_APPROVER);
    try {
      const outcome = await approveRun(db, id, approver);
      if (outcome.approved) onRunQueued?.();
      res.json({ message: 'playbook run approved', status: outcome.status });
    } catch (error) {
      if (error instanceof ApprovalError) throw new HttpError(error.status, error.message);
      throw error;
    }
  });

  router.post('/run/cancel/:id', async (req, res) => {
    const id = String(req.params.id);
    if (!UUID.test(id)) throw new HttpError(404, RUN_NOT_FOUND);
    const { rows } = await db.query<{ playbook_id: string } & RunOwner>(
      `select r.playbook_id, ${RUN_OWNER} from playbook_runs r where r.id = $1`,
      [id],
    );
    if (!rows[0]) throw new HttpError(404, RUN_NOT_FOUND);
    await checkPlaybookAction(req, 'playbooks.run', rows[0].playbook_id, flags);
    refuseAgentsRun(rows[0]);
    const outcome = await cancelRun(db, id, req.user!.id);
    if (!outcome) throw new HttpError(404, RUN_NOT_FOUND);
    if (!outcome.cancelled) throw new HttpError(409, RUN_ENDED(outcome.status));
    res.json({ message: 'playbook run cancelled', status: 'cancelled' });
  });

  return router;
}
