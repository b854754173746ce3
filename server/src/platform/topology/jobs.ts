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
import { LOCAL_AGENT } from '../agents/local-agent.js';
import type { Db } from '../db/db.js';
import { recordJob, type JobStatus } from '../jobs/history.js';
import { Limiter } from '../jobs/limiter.js';
import type { JobRegistry } from '../jobs/registry.js';
import { parseSchedule, type Schedule } from '../jobs/schedule.js';
import type { Service, ServiceContext } from '../jobs/types.js';
import { buildTopology } from './build/run.js';
import { NEVER, scheduleTextOf } from './build/spec.js';
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

export interface TopologyRun {
  status: JobStatus;
  summary: BuildSummary;
}

interface Scheduled {
  row: TopologyRow;
  scheduleText: string;
  schedule?: Schedule;
  nextAt: Date | null;
  version: string;
}

type TopologyRecord = TopologyRow & { updated_at: Date };

const COLUMNS = `id, name, namespace, agent_id, icon, labels, schedule, spec, updated_at`;

/** Run now of a topology this console does not build. */
export class TopologyNotRunHere extends Error {
  constructor(
    message: string,
    readonly status: 404 | 422,
  ) {
    super(message);
  }
}

function statusOf(summary: BuildSummary): JobStatus {
  if (!summary.errors.length) return 'SUCCESS';
  return summary.components > 1 ? 'WARNING' : 'FAILED';
}

export class TopologyScheduler implements Service {
  readonly name = 'topologies';
  private readonly log: Logger;
  private readonly limiter: Limiter;
  private scheduled = new Map<string, Scheduled>();
  private readonly running = new Map<string, Promise<TopologyRun>>();
  private readonly reportedSchedules = new Map<string, string>();
  private fingerprint = '';
  private polling: Promise<void> | undefined;
  private signal: AbortSignal | undefined;
  /** Aborts the builds started outside a leader term (Run now) when the service stops. */
  private standalone = new AbortController();

  constructor(private readonly options: TopologySchedulerOptions) {
    this.log = options.logger.child({ component: 'topologies' });
    this.limiter = new Limiter(Math.max(1, options.concurrency ?? 2));
  }

  private get active(): boolean {
    return this.signal !== undefined && !this.signal.aborted;
  }

  async start(ctx: ServiceContext): Promise<void> {
    this.signal = ctx.signal;
    ctx.every(this.options.pollMs ?? 2000, () => this.poll());
    ctx.every(this.options.tickMs ?? 1000, () => this.tick());
    await this.poll();
  }

  async stop(): Promise<void> {
    await this.polling;
    this.standalone.abort(new Error('the topology builder is stopping'));
    await Promise.allSettled([...this.running.values()]);
    this.scheduled.clear();
    this.fingerprint = '';
    this.standalone = new AbortController();
  }

  /**
   * Builds one topology now (after the build in flight, if any) and answers with its outcome; a
   * deleted or unknown topology is a 404, another agent's a 422.
   */
  async runNow(id: string): Promise<TopologyRun> {
    const { rows } = await this.options.db.query<
      TopologyRecord & { deleted_at: Date | null; agent_name: string | null }
    >(
      `select t.${COLUMNS.split(', ').join(', t.')}, t.deleted_at, a.name as agent_name
         from topologies t left join agents a on a.id = t.agent_id where t.id = $1`,
      [id],
    );
    const row = rows[0];
    if (!row || row.deleted_at) throw new TopologyNotRunHere(`topology with id=${id} was not found`, 404);
    if (row.agent_id !== LOCAL_AGENT)
      throw new TopologyNotRunHere(
        `The topology ${row.namespace}/${row.name} belongs to the agent ${row.agent_name ?? row.agent_id}: it is built there, not in this console`,
        422,
      );
    await this.running.get(id)?.catch(() => undefined);
    return this.execute(row);
  }

  private poll(): Promise<void> {
    this.polling ??= this.reload().finally(() => (this.polling = undefined));
    return this.polling;
  }

  private async reload(): Promise<void> {
    if (!this.active) return;
    try {
      const { rows: marks } = await this.options.db.query<{ mark: string | null }>(
        `select string_agg(id::text || '@' || updated_at::text || '@' || coalesce(deleted_at::text, ''), ',' order by id) as mark
           from topologies where agent_id = $1`,
        [LOCAL_AGENT],
      );
      const mark = marks[0]?.mark ?? '';
      if (mark === this.fingerprint) return;
      await this.load();
      this.fingerprint = mark;
    } catch (error) {
      if (this.active) this.log.warn({ err: error }, 'reading the topologies failed');
    }
  }

  private async load(): Promise<void> {
    const { db } = this.options;
    const { rows } = await db.query<TopologyRecord>(
      `select ${COLUMNS} from topologies where agent_id = $1 and deleted_at is null order by id`,
      [LOCAL_AGENT],
    );
    const { rows: lastRuns } = await db.query<{ resource_id: string; time_start: Date }>(
      `select resource_id, max(time_start) as time_start from job_histories
        where name = $1 and resource_type = $2 and resource_id = any($3::text[])
        group by resource_id`,
      [TOPOLOGY_JOB, TOPOLOGY_RESOURCE, rows.map((r) => r.id)],
    );
    const lastRun = new Map(lastRuns.map((r) => [r.resource_id, r.time_start]));
    const now = new Date();
    const next = new Map<string, Scheduled>();
    for (const row of rows) {
      const scheduleText = scheduleTextOf(row);
      const version = `${row.updated_at.getTime()}`;
      const previous = this.scheduled.get(row.id);
      const scheduled: Scheduled = { row, scheduleText, nextAt: null, version };
      if (scheduleText !== NEVER) {
        try {
          scheduled.schedule = parseSchedule(scheduleText);
          this.reportedSchedules.delete(row.id);
        } catch (error) {
          await this.reportSchedule(row, scheduleText, (error as Error).message);
        }
      }
      if (scheduled.schedule) {
        if (previous && previous.version === version && previous.scheduleText === scheduleText)
          scheduled.nextAt = previous.nextAt;
        else if (previous)
          scheduled.nextAt = now; // edited: built again at once
        else {
          const last = lastRun.get(row.id);
          const due = last ? scheduled.schedule.next(last) : now;
          scheduled.nextAt = due < now ? now : due;
        }
      }
      next.set(row.id, scheduled);
    }
    this.scheduled = next;
    await this.removeDeletedTopologies();
  }

  /** A deleted topology's components, links and inline canaries go with it (soft-deleted). */
  private async removeDeletedTopologies(): Promise<void> {
    const { db } = this.options;
    const { rows } = await db.query<{ id: string }>(
      `select t.id from topologies t
        where t.agent_id = $1 and t.deleted_at is not null
          and exists (select 1 from components c where c.topology_id = t.id and c.deleted_at is null)`,
      [LOCAL_AGENT],
    );
    for (const { id } of rows)
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
        await tx.query(
          `update components set deleted_at = now() where topology_id = $1 and deleted_at is null`,
          [id],
        );
        await tx.query(
          `update canaries set deleted_at = now()
            where source = $1 and labels->>'${TOPOLOGY_ID_LABEL}' = $2 and deleted_at is null`,
          [TOPOLOGY_SOURCE, id],
        );
      });
  }

  private async reportSchedule(row: TopologyRow, text: string, reason: string): Promise<void> {
    if (this.reportedSchedules.get(row.id) === text) return;
    this.reportedSchedules.set(row.id, text);
    const now = new Date();
    const message = `not scheduled: invalid schedule: ${reason}`;
    this.log.warn({ topology: `${row.namespace}/${row.name}` }, message);
    await recordJob(this.options.db, {
      name: TOPOLOGY_JOB,
      resource: { type: TOPOLOGY_RESOURCE, id: row.id, name: row.name },
      status: 'FAILED',
      started: now,
      ended: now,
      errorCount: 1,
      errors: [message],
      agentId: LOCAL_AGENT,
    }).catch((err: unknown) => this.log.warn({ err }, 'recording a topology error failed'));
  }

  private tick(): void {
    if (!this.active || this.options.enabled === false) return;
    const now = new Date();
    for (const scheduled of this.scheduled.values()) {
      if (!scheduled.schedule || !scheduled.nextAt || scheduled.nextAt > now) continue;
      if (this.running.has(scheduled.row.id)) continue;
      scheduled.nextAt = scheduled.schedule.next(now);
      void this.execute(scheduled.row).catch(() => undefined);
    }
  }

  private execute(row: TopologyRow): Promise<TopologyRun> {
    const run = this.limiter
      .run(() => this.buildAndRecord(row))
      .finally(() => {
        if (this.running.get(row.id) === run) this.running.delete(row.id);
      });
    this.running.set(row.id, run);
    return run;
  }

  private async buildAndRecord(row: TopologyRow): Promise<TopologyRun> {
    const { db, kube } = this.options;
    const started = new Date();
    const signal = this.active ? this.signal! : this.standalone.signal;
    let summary: BuildSummary;
    try {
      summary = await buildTopology(row, { db, kube, signal });
    } catch (error) {
      // The store failed under the build: its transaction rolled back, nothing was written.
      this.log.warn({ err: error, topology: `${row.namespace}/${row.name}` }, 'a topology build failed');
      summary = {
        components: 0,
        added: 0,
        updated: 0,
        unchanged: 0,
        deleted: 0,
        linksAdded: 0,
        linksDeleted: 0,
        errors: [(error as Error).message],
      };
    }
    const status = summary.components === 0 && summary.errors.length ? 'FAILED' : statusOf(summary);
    await recordJob(db, {
      name: TOPOLOGY_JOB,
      resource: { type: TOPOLOGY_RESOURCE, id: row.id, name: row.name },
      status,
      started,
      ended: new Date(),
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
      agentId: LOCAL_AGENT,
    }).catch((err: unknown) => this.log.warn({ err }, 'recording a topology build failed'));
    return { status, summary };
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
