/**
 * Who a person is to the cluster, and the credentials of one request to the API server: the
 * console's own (service account or kubeconfig user), plus the person's identity in
 * Impersonate-* headers when KUBE_WRITE_AS=impersonate (DESIGN §4), so the cluster's RBAC
 * decides. docs/kubernetes-access.md explains the mapping to cluster administrators.
 *
 * The requests are plain node:http(s) ones built from KubeConfig.applyToHTTPSOptions rather than
 * client-node's generated API classes: those keep headers in a string map, which cannot carry
 * one Impersonate-Group header per group (the API server reads every header line as one group
 * and never splits a line on commas).
 */
import type { Agent, OutgoingHttpHeaders } from 'node:http';
import type { RequestOptions } from 'node:https';
import type { Principal } from '../auth/identities.js';
import type { KubeConnection } from './connection.js';

/** What the cluster needs to know of a person. */
export type ClusterPerson = Pick<Principal, 'id' | 'email' | 'roles'>;

/** Every console role becomes a group, so cluster RoleBindings can grant per role. */
export const ROLE_GROUP_PREFIX = 'ops-console:';
/** What the API server adds to every authenticated user; an impersonated one must ask for it. */
export const AUTHENTICATED_GROUP = 'system:authenticated';

/** Headers a caller must never choose: who they are to the cluster is the console's decision. */
export const isImpersonationHeader = (name: string) => /^impersonate-/i.test(name);

/**
 * The user name the cluster sees: the email, as clusters that sign people in with OIDC usually
 * name them by it (so the same RoleBindings apply in the console and with kubectl). People
 * without an email (the local admin) are named by their id: names are neither unique nor
 * stable, and a rename must not change anyone's rights in the cluster.
 */
export function clusterUserOf(person: ClusterPerson): string {
  return person.email?.trim() || person.id;
}

/** `ops-console:<role>` for each of the person's roles, and system:authenticated. */
export function clusterGroupsOf(person: ClusterPerson): string[] {
  return [...person.roles.map((role) => `${ROLE_GROUP_PREFIX}${role}`), AUTHENTICATED_GROUP];
}

export function impersonationHeaders(person: ClusterPerson): OutgoingHttpHeaders {
  return { 'Impersonate-User': clusterUserOf(person), 'Impersonate-Group': clusterGroupsOf(person) };
}

/** How to reach the API server for one request. */
export interface ClusterRequestOptions {
  /** The API server's address from the kubeconfig, e.g. 'https://10.0.0.1:6443' (a path prefix is kept). */
  server: string;
  /** TLS: the cluster's CA, client certificates, tls-server-name, skip-verify, proxy-url. */
  agent: Agent;
  headers: OutgoingHttpHeaders;
}

/**
 * The console's own credentials, read for every request: a service account token rotates, and
 * exec plugins hand out short-lived tokens.
 */
export async function consoleCredentials(kube: KubeConnection): Promise<ClusterRequestOptions> {
  const kubeConfig = kube.kubeConfig;
  const server = kubeConfig?.getCurrentCluster()?.server;
  if (!kubeConfig || !server) throw new Error('no Kubernetes cluster is configured');
  const options: RequestOptions = {};
  await kubeConfig.applyToHTTPSOptions(options);
  // applyToHTTPSOptions always makes an agent and keeps headers as an object.
  return { server, agent: options.agent as Agent, headers: { ...(options.headers as OutgoingHttpHeaders) } };
}

/** The credentials of a request made for a person: impersonating them when so configured. */
export async function credentialsFor(
  kube: KubeConnection,
  person: ClusterPerson,
): Promise<ClusterRequestOptions> {
  const options = await consoleCredentials(kube);
  if (kube.writeAs !== 'impersonate') return options;
  return {
    ...options,
    headers: { ...withoutImpersonation(options.headers), ...impersonationHeaders(person) },
  };
}

/** The headers without any Impersonate-* (a kubeconfig's `as:` included). */
export function withoutImpersonation(headers: OutgoingHttpHeaders): OutgoingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !isImpersonationHeader(name)));
}
