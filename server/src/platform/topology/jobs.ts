/**
 * The local agent's topologies built on their schedules, as a leader-held service of the jobs
 * registry. It looks at topologies every few seconds (a created or edited topology is built at
 * once), builds each when due (spec.schedule, else the column, else the platform's `@every 5m`;
 * `@never` only by Run now), at most `concurrency` at once and one build per topology at a time,
 * and records each build as a `TopologyRun` job_histories row (resource `topology`). A deleted
 * topology's components are soft-deleted with it.
 */
import type { Logger } from '../../http/logging.js';
import type { KubeConnection } from '../../kube/index.js';
import type { Db } from '../db/db.js';
import type { JobStatus } from '../jobs/history.js';
import type { JobRegistry } from '../jobs/registry.js';
import { RowNotRunHere, RowScheduler, type RowRun } from '../jobs/row-scheduler.js';
import type { Service, ServiceContext } from '../jobs/types.js';
import { nothingBuilt } from './build/persist.js';
import { buildTopology } from './build/run.js';
import { scheduleTextOf } from './build/spec.js';
import { TOPOLOGY_ID_LABEL, TOPOLOGY_SOURCE } from './build/links.js';
import type { BuildSummary, TopologyRow } from './build/types.js';

/** job_histories.name and resource_type of a build, as the platform names them. */
export const TOPOLOGY_JOB = 'TopologyRun';
export const TOPOLOGY_RESOURCE = 'topology';

export interface TopologySchedulerOptions {
  db: Db;
  logger: Logger;
  kube?: KubeConnection;
  /** Build topologies on their schedules (Run now works either way). Default true. */
  enabled?: boolean;
  /** Builds at once (default 2). */
  concurrency?: number;
  /** How often topologies is looked at (default 2 s). */
  pollMs?: number;
  /** How often due topologies are started (default 1 s). */
  tickMs?: number;
}

export type TopologyRun = RowRun<BuildSummary>;

/** Run now of a topology this console does not build. */
export class TopologyNotRunHere extends RowNotRunHere {}

function statusOf(summary: BuildSummary): JobStatus {
  if (!summary.errors.length) return 'SUCCESS';
  return summary.components > 1 ? 'WARNING' : 'FAILED';
}

const failedBuild = (message: string): BuildSummary => ({ ...nothingBuilt(), errors: [message] });

/** A deleted topology's components, links and inline canaries go with it (soft-deleted). */
async function removeComponentsOf(db: Db, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(
      `update config_component_relationships set deleted_at = now()
        where deleted_at is null and component_id in (select id from components where topology_id = $1)`,
      [id],
    );
    await tx.query(
      `update check_component_relationships set deleted_at = now()
        where deleted_at is null and component_id in (select id from components where topology_id = $1)`,
      [id],
    );
    await tx.query(`update components set deleted_at = now() where topology_id = $1 and deleted_at is null`, [
      id,
    ]);
    await tx.query(
      `update canaries set deleted_at = now()
        where source = $1 and labels->>'${TOPOLOGY_ID_LABEL}' = $2 and deleted_at is null`,
      [TOPOLOGY_SOURCE, id],
    );
  });
}

export class TopologyScheduler implements Service {
  readonly name = 'topologies';
  private readonly rows: RowScheduler<TopologyRow, BuildSummary>;

  constructor(options: TopologySchedulerOptions) {
    const { db, kube } = options;
    this.rows = new RowScheduler<TopologyRow, BuildSummary>(this.name, {
      db,
      logger: options.logger,
      table: 'topologies',
      columns: ['id', 'name', 'namespace', 'agent_id', 'icon', 'labels', 'schedule', 'spec'],
      job: TOPOLOGY_JOB,
      resourceType: TOPOLOGY_RESOURCE,
      words: {
        row: 'topology',
        rows: 'topologies',
        run: 'topology build',
        elsewhere: 'it is built there',
        stopping: 'the topology builder is stopping',
      },
      scheduleOf: scheduleTextOf,
      run: (row, signal) => buildTopology(row, { db, kube, signal }),
      // The store failed under the build: its transaction rolled back, nothing was written.
      failedSummary: failedBuild,
      recordOf: (summary) => ({
        status: summary.components === 0 && summary.errors.length ? 'FAILED' : statusOf(summary),
        successCount: summary.components,
        errorCount: summary.errors.length,
        errors: summary.errors,
        details: {
          summary: {
            components: summary.components,
            added: summary.added,
            updated: summary.updated,
            unchanged: summary.unchanged,
            deleted: summary.deleted,
            links_added: summary.linksAdded,
            links_deleted: summary.linksDeleted,
          },
        },
      }),
      deleted: { items: 'components', itemKey: 'topology_id', remove: (id) => removeComponentsOf(db, id) },
      fingerprint: 'all rows',
      notRunHere: TopologyNotRunHere,
      enabled: options.enabled,
      concurrency: options.concurrency ?? 2,
      pollMs: options.pollMs,
      tickMs: options.tickMs,
    });
  }

  start(ctx: ServiceContext): Promise<void> {
    return this.rows.start(ctx);
  }

  stop(): Promise<void> {
    return this.rows.stop();
  }

  /**
   * Builds one topology now (after the build in flight, if any) and answers with its outcome; a
   * deleted or unknown topology is a 404, another agent's a 422.
   */
  runNow(id: string): Promise<TopologyRun> {
    return this.rows.runNow(id);
  }
}

export type TopologyWorkDependencies = TopologySchedulerOptions;

export interface TopologyWork {
  /** Builds a topology at once (Run now); see TopologyScheduler.runNow. */
  topologies: TopologyScheduler;
}

/** The topology area's background work: the local agent's topologies built on their schedules. */
export function registerTopologyWork(jobs: JobRegistry, deps: TopologyWorkDependencies): TopologyWork {
  const topologies = new TopologyScheduler(deps);
  jobs.addService(topologies);
  return { topologies };
}
