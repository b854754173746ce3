/**
 * The shapes /api/kube answers (docs/api.md, "Kubernetes"). The UI imports these as types only.
 *
 *   GET    /api/kube/status                            → ClusterStatus
 *   GET    /api/kube/:table/:namespace/:name           → { object } (404 when not in the cluster)
 *   POST   /api/kube/:table/:namespace/:name/dry-run   ClusterWriteRequest → ClusterDryRun
 *   PUT    /api/kube/:table/:namespace/:name           ClusterWriteRequest → { object }
 *   DELETE /api/kube/:table/:namespace/:name           → { deleted: true }
 *   GET    /api/kubeconfig                             → a kubeconfig file (a new personal token)
 *   *      /api/kubeproxy/*                            → the Kubernetes API, as the signed-in person
 *
 * `:table` is one of KindTable (canaries, topologies, config_scrapers, playbooks). Reads need
 * read on the table's resource, writes need write on it (spec 1 §6); then the cluster decides
 * too (KUBE_WRITE_AS). Errors are ApiError JSON; ClusterWriteError adds what the editor needs.
 */
import type { KindName, KindTable } from './kinds.js';

/**
 * Where the connection stands: no cluster; before the first answer; answering; out of reach;
 * answering but older than the console supports (nothing is mirrored or written then).
 */
export type ClusterState = 'not configured' | 'connecting' | 'connected' | 'disconnected' | 'unsupported';

/** The cluster connection as the UI shows it. */
export interface ClusterStatus {
  /** A kubeconfig (KUBECONFIG) or the pod's service account was found. */
  configured: boolean;
  /** The API server answers and is supported (state 'connected'). */
  connected: boolean;
  state: ClusterState;
  /** Why the features are off or degraded, in words for a person; absent when all is well. */
  message?: string;
  /** ISO time the connection last changed state. */
  since?: string;
  writeAs: 'serviceaccount' | 'impersonate';
  /** The namespaces watched; empty means all the console may list. */
  namespaces: string[];
  /** Each kind and whether its CustomResourceDefinition is served by the cluster. */
  kinds: { kind: KindName; table: KindTable; installed: boolean }[];
}

/** A custom resource as the Kubernetes API returns it. */
export interface KubeObject {
  apiVersion: string;
  kind: string;
  metadata: {
    name: string;
    namespace?: string;
    uid?: string;
    resourceVersion?: string;
    generation?: number;
    labels?: Record<string, string>;
    annotations?: Record<string, string>;
    creationTimestamp?: string;
    [key: string]: unknown;
  };
  spec?: Record<string, unknown>;
  status?: Record<string, unknown>;
}

/** What an editor sends to save to the cluster; apiVersion, kind, name and namespace come from the URL. */
export interface ClusterWriteRequest {
  metadata?: { labels?: Record<string, string>; annotations?: Record<string, string> };
  spec: Record<string, unknown>;
  /**
   * The resourceVersion read when the editor opened: an update. Absent: create (409 when it
   * already exists). Without `generation`, the update is refused (409) if anything of the
   * resource changed since, its status included.
   */
  resourceVersion?: string;
  /**
   * metadata.generation read when the editor opened: the update is refused (409) only if the
   * spec changed since. Status writes (every KUBE_STATUS_INTERVAL) do not move it, so an editor
   * left open a while can still save.
   */
  generation?: number;
  /** Overwrite: replace whatever is in the cluster now (after a conflict, by the person's choice). */
  force?: boolean;
  /** The spec as the editor shows it, in YAML: field errors are then placed at its lines. */
  specYaml?: string;
}

/** A field the API server refused, at its line in ClusterWriteRequest.specYaml when known. */
export interface ClusterFieldError {
  /** The path Kubernetes names, e.g. 'spec.http[0].url'. */
  field: string;
  message: string;
  line?: number;
  column?: number;
}

/** The answer of a dry run: the object as it is now (null: not there yet) and as it would be stored. */
export interface ClusterDryRun {
  live: KubeObject | null;
  result: KubeObject;
}

/**
 * The error of a dry run or a write. reason 'Conflict': it changed in the cluster since the
 * editor opened (status 409, reload or overwrite); 'AlreadyExists' (409); 'Invalid' (422, with
 * fieldErrors); 'Forbidden' (403, the cluster's or the console's RBAC); 'Unavailable' (503, no
 * cluster or it cannot be reached).
 */
export interface ClusterWriteError {
  code: string;
  message: string;
  details: string | null;
  hint: string | null;
  reason: 'Conflict' | 'AlreadyExists' | 'Invalid' | 'Forbidden' | 'NotFound' | 'Unavailable' | 'Failed';
  fieldErrors?: ClusterFieldError[];
}
