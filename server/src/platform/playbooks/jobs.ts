/**
 * The playbooks area's background work: the runner's consumers of runs and actions (every
 * replica), the event triggers (`spec.on.canary|component|config`) and the schedule task
 * (`spec.on.schedule`, leader-held).
 */
import type { Logger } from '../../http/logging.js';
import type { KubeConnection } from '../../kube/connection.js';
import type { Db } from '../db/db.js';
import type { JobRegistry } from '../jobs/registry.js';
import type { ActionExecutor } from './actions/types.js';
import { PlaybookRunner } from './runner/runner.js';
import { registerEventTriggers, scheduleTask } from './runner/triggers.js';

export interface PlaybookWorkDependencies {
  db: Db;
  logger: Logger;
  /** The action kinds that run here, by kind name (exec, http, sql, notification, gitops, pod). */
  executors: Record<string, ActionExecutor>;
  /** This replica's name in claims (default: random per process). */
  replicaId?: string;
  /** How often idle queues are looked at (default 1 s). */
  pollMs?: number;
  /** The cluster: secret references, and the pod action. */
  kube?: KubeConnection;
  /** Claim lease (default 30 s) and its renewal while an action runs (default 1 s). */
  leaseMs?: number;
  renewMs?: number;
  maxConcurrentActions?: number;
  /** A playbook's timeout when its spec gives none (default 30 minutes). */
  defaultTimeoutMs?: number;
  /** How often scheduled playbooks are looked at (default 15 s). */
  scheduleEveryMs?: number;
}

export interface PlaybookWork {
  /** Has the runner look for due runs now: call it after queuing, approving or re-running a run. */
  wake(): void;
  runner: PlaybookRunner;
}

export function registerPlaybookWork(jobs: JobRegistry, deps: PlaybookWorkDependencies): PlaybookWork {
  const runner = new PlaybookRunner(deps);
  runner.register(jobs);
  const triggers = { db: deps.db, logger: deps.logger, onQueued: () => runner.wake() };
  registerEventTriggers(jobs, triggers);
  jobs.addTask(scheduleTask(triggers, deps.scheduleEveryMs));
  return { wake: () => runner.wake(), runner };
}
