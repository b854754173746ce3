import type { Logger } from '../../../http/logging.js';
import type { ResolvedConnection } from '../../connections/index.js';

export type { ResolvedConnection };

/** What an action leaves on its row (`playbook_run_actions.result`); the log panel shows these. */
export interface ActionResult {
  stdout?: string;
  stderr?: string;
  /** Free text an action kind writes as it goes (a pod's log, the SQL rows' summary, ...). */
  logs?: string;
  exitCode?: number;
  /** Anything else the kind returns, readable by later actions' templates as `.action.<name>.result`. */
  [key: string]: unknown;
}

/** An action that ran and failed: its message becomes the row's `error`, its result is kept too. */
export class ActionFailure extends Error {
  constructor(
    message: string,
    readonly result: ActionResult = {},
  ) {
    super(message);
    this.name = 'ActionFailure';
  }
}

export interface ActionContext {
  runId: string;
  actionId: string;
  /** The playbook's namespace: where the pod action runs and `valueFrom` references are read (default `default`). */
  namespace?: string;
  /** Aborted when the action's timeout, the playbook's timeout or a cancel ends it. */
  signal: AbortSignal;
  log: Logger;
  /** Reads `connection://namespace/name` or a bare name; undefined when there is no such connection. */
  connection(ref: string): Promise<ResolvedConnection | undefined>;
  /** The playbook's env (`spec.env`), resolved: exec adds these to the child's environment. */
  env: Record<string, string>;
  /** Values that must never appear in a result or an error (resolved secrets): the runner redacts them. */
  secrets: Set<string>;
  /** The cluster, when the console has one; the pod action fails with a clear error without it. */
  kube?: unknown;
}

/**
 * One kind of action (exec, http, sql, notification, gitops, pod). It receives the action kind's
 * body with every template already rendered by the runner, and returns its result or throws
 * (an ActionFailure keeps a partial result). It must stop promptly when `ctx.signal` aborts.
 */
export type ActionExecutor = (body: Record<string, unknown>, ctx: ActionContext) => Promise<ActionResult>;
