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
import type { ActionExecutor } from './types.js';

export const ACTION_EXECUTORS: Record<string, ActionExecutor> = {
  exec: execAction,
  http: httpAction,
  sql: sqlAction,
  notification: notificationAction,
  gitops: gitopsAction,
  pod: podAction,
};

export {
  ActionFailure,
  type ActionContext,
  type ActionExecutor,
  type ActionResult,
  type ResolvedConnection,
} from './types.js';
