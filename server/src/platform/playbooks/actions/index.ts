/**
 * The action kinds this console runs, by the name of their field in a Playbook action
 * (server/src/kube/schemas/playbook.ts ACTION_KINDS). The others (ai, github,
 * azureDevopsPipeline, logs) are absent: the runner fails them as not supported.
 */
import { execAction } from './exec.js';
import { gitopsAction } from './gitops.js';
import { httpAction } from './http.js';
import { notificationAction } from './notification.js';
import { podAction } from './pod.js';
import { sqlAction } from './sql.js';
import { stopReason } from './support.js';
import { ActionFailure, type ActionExecutor } from './types.js';

/** An action whose run was already stopped does not start. */
const unlessStopped =
  (executor: ActionExecutor): ActionExecutor =>
  (body, ctx) =>
    ctx.signal.aborted ? Promise.reject(new ActionFailure(stopReason(ctx.signal))) : executor(body, ctx);

export const ACTION_EXECUTORS: Record<string, ActionExecutor> = {
  exec: unlessStopped(execAction),
  http: unlessStopped(httpAction),
  sql: unlessStopped(sqlAction),
  notification: unlessStopped(notificationAction),
  gitops: unlessStopped(gitopsAction),
  pod: unlessStopped(podAction),
};

export {
  ActionFailure,
  type ActionContext,
  type ActionExecutor,
  type ActionResult,
  type ResolvedConnection,
} from './types.js';
