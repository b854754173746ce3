import { runAlertmanager } from './alertmanager.js';
import { runCatalog } from './catalog.js';
import type { KindRunner } from './common.js';
import { runDns } from './dns.js';
import { runExec } from './exec.js';
import { runFolder } from './folder.js';
import { runGitProtocol } from './git-protocol.js';
import { runHttp } from './http.js';
import { runIcmp } from './icmp.js';
import { runKubernetes } from './kubernetes.js';
import { runNamespaceCheck, runPodCheck } from './kubernetes-pod.js';
import { runKubernetesResource } from './kubernetes-resource.js';
import { runLdap } from './ldap.js';
import { runMysql } from './mysql.js';
import { runPrometheus } from './prometheus.js';
import { runRedis } from './redis.js';
import { runRestic } from './restic.js';
import { runSql } from './sql.js';
import { runTcp } from './tcp.js';
import { runWebhook } from './webhook.js';

export type { CheckOutcome, KindContext, KindRunner } from './common.js';
export { DEFAULT_TIMEOUT_MS, timeoutOf } from './common.js';

/** The kinds this console's runner executes (lower case, as checks.type holds them); every other kind is shown but not run. */
const RUNNERS: Record<string, KindRunner> = {
  http: runHttp,
  kubernetes: runKubernetes,
  kubernetesresource: runKubernetesResource,
  pod: runPodCheck,
  namespace: runNamespaceCheck,
  tcp: runTcp,
  dns: runDns,
  exec: runExec,
  postgres: runSql,
  sql: runSql,
  redis: runRedis,
  folder: runFolder,
  mysql: runMysql,
  catalog: runCatalog,
  webhook: runWebhook,
  prometheus: runPrometheus,
  alertmanager: runAlertmanager,
  restic: runRestic,
  icmp: runIcmp,
  ldap: runLdap,
  gitprotocol: runGitProtocol,
};

/** Kinds whose results come from outside (a POST to the check's URL): never scheduled. */
const PASSIVE = new Set(['webhook']);

export const isPassiveKind = (kind: string) => PASSIVE.has(kind);

export function runnerFor(kind: string): KindRunner | undefined {
  return Object.hasOwn(RUNNERS, kind) ? RUNNERS[kind] : undefined;
}

export const unsupportedKindMessage = (kind: string) =>
  `This console's check runner does not execute '${kind}' checks`;
