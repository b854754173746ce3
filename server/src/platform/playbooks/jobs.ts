/**
 * The playbooks area's background work: the runner's consumers of runs and actions (every
 * replica), the event triggers (`spec.on.canary|component|config`) and the schedule task
 * (`spec.on.schedule`, leader-held).
 */
import type { JobRegistry } from '../jobs/registry.js';
import { PlaybookRunner, type PlaybookRunnerOptions } from './runner/runner.js';
import { registerEventTriggers, scheduleTask } from './runner/triggers.js';

/** The runner's options (the cluster also reads secret references and runs the pod action). */
export interface PlaybookWorkDependencies extends PlaybookRunnerOptions {
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
