/**
 * For the runner's tests: a replica's jobs registry with the playbook work registered on a test
 * database, playbooks and runs inserted as the API does, and executors a test controls.
 */
import { createLogger } from '../../../http/logging.js';
import { eventually } from '../../../lib/eventually.js';
import type { Db } from '../../db/db.js';
import { JobRegistry } from '../../jobs/registry.js';
import type { ActionContext, ActionExecutor, ActionResult } from '../actions/types.js';
import { registerPlaybookWork, type PlaybookWork, type PlaybookWorkDependencies } from '../jobs.js';
import type { ActionRow, PlaybookSpec, RunRow } from './types.js';

export interface Replica {
  jobs: JobRegistry;
  work: PlaybookWork;
  stop(): Promise<void>;
}

export function startReplica(
  db: Db,
  executors: Record<string, ActionExecutor>,
  options: Partial<PlaybookWorkDependencies> = {},
  registry: { databaseUrl?: string } = {},
): Replica {
  const logger = createLogger('silent');
  const jobs = new JobRegistry({ db, logger, events: { pollMs: 50 }, stopTimeoutMs: 3000, ...registry });
  const work = registerPlaybookWork(jobs, {
    db,
    logger,
    executors,
    pollMs: 50,
    renewMs: 100,
    leaseMs: 5000,
    ...options,
  });
  jobs.start();
  return { jobs, work, stop: () => jobs.stop() };
}

export async function insertPlaybook(
  db: Db,
  spec: PlaybookSpec,
  name = `pb-${Math.random().toString(36).slice(2, 8)}`,
) {
  const { rows } = await db.query<{ id: string }>(
    `insert into playbooks (name, namespace, title, spec) values ($1, 'default', $1, $2) returning id`,
    [name, JSON.stringify(spec)],
  );
  return rows[0]!.id;
}

export interface RunRequest {
  parameters?: Record<string, unknown>;
  config_id?: string;
  component_id?: string;
  check_id?: string;
  created_by?: string;
  status?: string;
  trigger?: string;
  /** A webhook's request, as the webhook route keeps it. */
  request?: Record<string, unknown>;
  /** The agent the run is addressed to (none: the console's own). */
  agent_id?: string;
}

/** A run queued as POST /api/playbook/run queues one: the spec snapshot, parameters, resource, who. */
export async function queueRun(db: Db, playbookId: string, request: RunRequest = {}) {
  const { rows } = await db.query<{ id: string }>(
    `insert into playbook_runs (playbook_id, status, spec, parameters, config_id, component_id, check_id, created_by,
       trigger, request, agent_id)
     select id, $2, spec, $3, $4, $5, $6, $7, $8, $9, $10 from playbooks where id = $1 returning id`,
    [
      playbookId,
      request.status ?? 'pending',
      JSON.stringify(request.parameters ?? {}),
      request.config_id ?? null,
      request.component_id ?? null,
      request.check_id ?? null,
      request.created_by ?? null,
      request.trigger ?? 'manual',
      request.request ? JSON.stringify(request.request) : null,
      request.agent_id ?? null,
    ],
  );
  return rows[0]!.id;
}

export { eventually };

export async function runOf(db: Db, id: string) {
  return (
    await db.query<RunRow & { error: string | null }>(`select *, error from playbook_runs where id = $1`, [
      id,
    ])
  ).rows[0]!;
}

export async function actionsOf(db: Db, runId: string) {
  return (
    await db.query<ActionRow & { created_at: Date }>(
      `select * from playbook_run_actions where playbook_run_id = $1 order by created_at, start_time nulls last`,
      [runId],
    )
  ).rows;
}

/** Waits for a run to reach one of `statuses`. */
export function runReaches(db: Db, id: string, ...statuses: string[]) {
  return eventually(async () => {
    const run = await runOf(db, id);
    if (!statuses.includes(run.status))
      throw new Error(`run is ${run.status}, waiting for ${statuses.join('/')}`);
    return run;
  });
}

/** An executor whose calls wait until the test releases them (or their signal aborts). */
export class Gate {
  readonly calls: { body: Record<string, unknown>; ctx: ActionContext }[] = [];
  readonly aborted: string[] = [];
  private releases: ((result: ActionResult) => void)[] = [];

  readonly executor: ActionExecutor = (body, ctx) =>
    new Promise<ActionResult>((resolve, reject) => {
      this.calls.push({ body, ctx });
      this.releases.push(resolve);
      ctx.signal.addEventListener(
        'abort',
        () => {
          this.aborted.push(ctx.actionId);
          reject(new Error('stopped'));
        },
        { once: true },
      );
    });

  release(result: ActionResult = {}): void {
    for (const release of this.releases.splice(0)) release(result);
  }
}
