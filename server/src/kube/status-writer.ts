/**
 * Canary status write-back (docs/kubernetes.md, "Status written back"): what the console observes
 * of each mirrored Canary goes to the resource's status subresource, so `kubectl get canaries`
 * shows it. Written only when it changed; a resource that refuses (403, 404) is reported once.
 */
import type { CustomObjectsApi } from '@kubernetes/client-node';
import { kubeClient } from './client-library.js';
import type { Logger } from '../http/logging.js';
import type { Db } from '../platform/db/db.js';
import { canonical } from '../lib/canonical.js';
import { FIELD_MANAGER } from './cluster-writes.js';
import { httpStatusOf, reasonOf, type KubeConnection } from './connection.js';
import { kindOfTable } from './kinds.js';
import { isBeingDeleted } from './mirror-rows.js';
import type { KubeObject } from './types.js';

export interface CanaryStatus {
  status: 'Passed' | 'Failed' | 'Pending';
  message: string;
  /** RFC 3339 time of the latest check run; absent before any. */
  lastCheck?: string;
  lastTransitionedTime?: string;
  /** Share of passing runs in the last hour, e.g. '98.3%'; '' without runs in that hour. */
  uptime1h: string;
  /** 95th percentile of the run durations in the last hour, e.g. '120ms'; '' without runs. */
  latency1h: string;
  observedGeneration?: number;
  /** Check name → check id. */
  checks: Record<string, string>;
}

export interface CheckState {
  id: string;
  name: string;
  status: 'healthy' | 'unhealthy' | null;
  lastRuntime: Date | null;
}

export interface HourFigures {
  passed: number;
  total: number;
  p95: number | null;
}

const percent = (ratio: number) => `${Number((ratio * 100).toFixed(1))}%`;

/** The status of one canary from its checks and its last hour of results (pure, unit-tested). */
export function canaryStatus(
  checks: CheckState[],
  hour: HourFigures | undefined,
  generation: number | undefined,
  previous: Partial<CanaryStatus> | undefined,
  now: Date,
): CanaryStatus {
  const failing = checks.filter((check) => check.status === 'unhealthy').length;
  const passing = checks.filter((check) => check.status === 'healthy').length;
  const status =
    failing > 0 ? 'Failed' : checks.length > 0 && passing === checks.length ? 'Passed' : 'Pending';
  const runtimes = checks.map((check) => check.lastRuntime?.getTime() ?? 0).filter((time) => time > 0);
  const lastCheck = runtimes.length ? new Date(Math.max(...runtimes)).toISOString() : undefined;
  const lastTransitionedTime =
    previous?.status === status && previous.lastTransitionedTime
      ? previous.lastTransitionedTime
      : (lastCheck ?? now.toISOString());
  return {
    status,
    message: checks.length
      ? `${passing} of ${checks.length} ${checks.length === 1 ? 'check' : 'checks'} passing`
      : 'no checks',
    ...(lastCheck ? { lastCheck } : {}),
    lastTransitionedTime,
    uptime1h: hour && hour.total > 0 ? percent(hour.passed / hour.total) : '',
    latency1h: hour && hour.total > 0 && hour.p95 !== null ? `${Math.round(hour.p95)}ms` : '',
    ...(generation !== undefined ? { observedGeneration: generation } : {}),
    checks: Object.fromEntries(checks.map((check) => [check.name, check.id])),
  };
}

/** The fields of a status that count as a change (the transition time follows the status). */
const comparable = (status: Partial<CanaryStatus> | undefined) => {
  if (!status) return '';
  const { status: value, message, lastCheck, uptime1h, latency1h, observedGeneration, checks } = status;
  return canonical({ value, message, lastCheck, uptime1h, latency1h, observedGeneration, checks });
};

/** The status fields the console writes; other writers' fields are left alone. */
const OWN_FIELDS = [
  'status',
  'message',
  'lastCheck',
  'lastTransitionedTime',
  'uptime1h',
  'latency1h',
  'observedGeneration',
  'checks',
] as const;

/**
 * The JSON merge patch from what the status says now to `next`: a merge patch never removes a
 * key it does not name, so the checks gone from the spec (and own fields no longer given) are
 * named with null. `earlier` is what the console itself last wrote, in case the resource as
 * last seen does not show that write yet.
 */
export function statusPatch(
  next: CanaryStatus,
  current: Partial<CanaryStatus> | undefined,
  earlier?: Partial<CanaryStatus>,
): Record<string, unknown> {
  const patch: Record<string, unknown> = { ...next };
  for (const field of OWN_FIELDS)
    if (!(field in next) && (current?.[field] !== undefined || earlier?.[field] !== undefined))
      patch[field] = null;
  const goneChecks = [...Object.keys(current?.checks ?? {}), ...Object.keys(earlier?.checks ?? {})].filter(
    (name) => !Object.hasOwn(next.checks, name),
  );
  if (goneChecks.length > 0)
    patch.checks = { ...Object.fromEntries(goneChecks.map((name) => [name, null])), ...next.checks };
  return patch;
}

export interface StatusWriterOptions {
  db: Db;
  connection: KubeConnection;
  logger: Logger;
  intervalMs: number;
  /** The Canary resources as the mirror last saw them. */
  canaries: () => KubeObject[];
}

const CANARY = kindOfTable('canaries')!;
const mergePatch = () => {
  const { setHeaderOptions, PatchStrategy } = kubeClient();
  return setHeaderOptions('Content-Type', PatchStrategy.MergePatch);
};

/** Every intervalMs, patches the status of each mirrored Canary whose observed state changed. */
export class StatusWriter {
  private readonly log: Logger;
  private readonly api: CustomObjectsApi;
  /** What was last written per uid: a resource whose CRD prunes a field is not patched forever. */
  private readonly written = new Map<string, { fingerprint: string; status: CanaryStatus }>();
  /** uid → the reason last reported, so a refusing resource is logged once, not every interval. */
  private readonly refused = new Map<string, string>();
  private running = false;
  private pass: Promise<void> | undefined;

  constructor(private readonly options: StatusWriterOptions) {
    this.log = options.logger.child({ component: 'kube-status' });
    this.api = options.connection.kubeConfig!.makeApiClient(kubeClient().CustomObjectsApi);
  }

  /** Writes every intervalMs, on the timer its owner (the jobs registry) gives. */
  start(every: (ms: number, fn: () => Promise<void>) => void): void {
    if (this.running) return;
    this.running = true;
    every(this.options.intervalMs, () => this.writeOnce());
  }

  async stop(): Promise<void> {
    this.running = false;
    await this.pass;
  }

  /** One pass over the mirrored canaries (skipped while the previous one still runs). */
  writeOnce(): Promise<void> {
    this.pass ??= this.writeAll()
      .catch((error: unknown) => this.log.warn({ err: error }, 'computing canary statuses failed'))
      .finally(() => (this.pass = undefined));
    return this.pass;
  }

  private async writeAll(): Promise<void> {
    const { connection } = this.options;
    if (!connection.isInstalled('canaries') || !connection.status().connected) return;
    const canaries = this.options
      .canaries()
      .filter((object) => object.metadata.uid && object.metadata.namespace && !isBeingDeleted(object));
    if (canaries.length === 0) return;
    const ids = canaries.map((object) => object.metadata.uid!);
    const [checks, hours] = await Promise.all([this.checksOf(ids), this.lastHourOf(ids)]);
    const now = new Date();
    for (const object of canaries) {
      if (!this.running) return;
      const uid = object.metadata.uid!;
      const previous = object.status as Partial<CanaryStatus> | undefined;
      const status = canaryStatus(
        checks.get(uid) ?? [],
        hours.get(uid),
        object.metadata.generation,
        previous,
        now,
      );
      const fingerprint = comparable(status);
      if (fingerprint === (this.written.get(uid)?.fingerprint ?? comparable(previous))) continue;
      await this.patch(object, status, fingerprint);
    }
    // Forget resources that are gone.
    const live = new Set(ids);
    for (const uid of this.written.keys()) if (!live.has(uid)) this.written.delete(uid);
    for (const uid of this.refused.keys()) if (!live.has(uid)) this.refused.delete(uid);
  }

  private async patch(object: KubeObject, status: CanaryStatus, fingerprint: string): Promise<void> {
    const { name, namespace, uid } = object.metadata as { name: string; namespace: string; uid: string };
    const resource = `Canary ${namespace}/${name}`;
    try {
      await this.api.patchNamespacedCustomObjectStatus(
        {
          group: CANARY.group,
          version: CANARY.version,
          plural: CANARY.plural,
          namespace,
          name,
          body: { status: statusPatch(status, object.status, this.written.get(uid)?.status) },
          fieldManager: FIELD_MANAGER,
        },
        mergePatch(),
      );
      this.written.set(uid, { fingerprint, status });
      if (this.refused.delete(uid)) this.log.info({ resource }, 'canary status written again');
    } catch (error) {
      this.options.connection.noteFailure(error);
      const reason = reasonOf(error);
      if (httpStatusOf(error) === undefined || this.refused.get(uid) === reason) return;
      this.refused.set(uid, reason);
      this.log.warn({ resource, reason }, 'cannot write the canary status (reported once until it changes)');
    }
  }

  private async checksOf(canaryIds: string[]): Promise<Map<string, CheckState[]>> {
    const { rows } = await this.options.db.query<{
      canary_id: string;
      id: string;
      name: string;
      status: CheckState['status'];
      last_runtime: Date | null;
    }>(
      `select canary_id, id, name, status, last_runtime from checks
        where canary_id = any($1::uuid[]) and deleted_at is null order by name, id`,
      [canaryIds],
    );
    const byCanary = new Map<string, CheckState[]>();
    for (const row of rows) {
      const list = byCanary.get(row.canary_id) ?? [];
      list.push({ id: row.id, name: row.name, status: row.status, lastRuntime: row.last_runtime });
      byCanary.set(row.canary_id, list);
    }
    return byCanary;
  }

  private async lastHourOf(canaryIds: string[]): Promise<Map<string, HourFigures>> {
    const { rows } = await this.options.db.query<{
      canary_id: string;
      passed: number;
      total: number;
      p95: number | null;
    }>(
      `select k.canary_id,
              count(*) filter (where s.status) as passed,
              count(*) as total,
              percentile_cont(0.95) within group (order by s.duration) as p95
         from check_statuses s join checks k on k.id = s.check_id
        where k.canary_id = any($1::uuid[]) and k.deleted_at is null
          and s.time > now() - interval '1 hour'
        group by k.canary_id`,
      [canaryIds],
    );
    return new Map(
      rows.map((row) => [
        row.canary_id,
        {
          passed: Number(row.passed),
          total: Number(row.total),
          p95: row.p95 === null ? null : Number(row.p95),
        },
      ]),
    );
  }
}
