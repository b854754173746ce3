/**
 * The API shapes of /api/integrations (the GitOps tiles); the UI imports them with `import type`.
 *
 *   GET  /api/integrations/charts/:key        → ChartAnswer (read on integrations)
 *   POST /api/integrations/charts/:key/check  ValuesCheckRequest → ValuesCheckAnswer (read on integrations)
 *   POST /api/integrations/apply              ApplyRequest → ApplyAnswer (write on integrations)
 */
import type { GitOpsIntegration } from '../../../../common/integrations.js';

/** A tile's chart, its values schema and defaults; `schema: null` with `error` when it cannot be had. */
export interface ChartAnswer {
  key: GitOpsIntegration['key'];
  chart: string;
  /** The version read; '' when the repository could not say. */
  version: string;
  repositoryUrl: string;
  schema: Record<string, unknown> | null;
  /** The chart's default values (values.yaml); {} when the chart could not be read. */
  values: Record<string, unknown>;
  /** Whether Apply can work: the console has a cluster connection and the cluster serves Flux's kinds. */
  canApply: boolean;
  /** Why Apply cannot work, in a sentence shown where Apply would be; only when `canApply` is false. */
  applyUnavailable?: string;
  /** Why there is no schema, in a sentence for the person at the editor. */
  error?: string;
}

/** The typed values, parsed by the page, to check against the chart's schema. */
export interface ValuesCheckRequest {
  values: Record<string, unknown>;
}

/** One thing wrong with the values. */
export interface ValuesProblem {
  /** The value's JSON pointer: '/resources/limits'; '' is the values themselves. */
  path: string;
  message: string;
}

/** The values checked as Apply checks them: the chart's defaults with the values over them. */
export interface ValuesCheckAnswer {
  problems: ValuesProblem[];
  /** Why the values were not checked (no schema, the chart cannot be read); then `problems` is []. */
  unchecked?: string;
}

export interface ApplyRequest {
  key: GitOpsIntegration['key'];
  /** The HelmRelease's name; default the chart's. */
  name?: string;
  namespace: string;
  /** A Go duration, e.g. '30m' or '1h'. */
  interval: string;
  values: Record<string, unknown>;
  /** A chart version; none follows the repository's latest. */
  version?: string;
}

export interface AppliedObject {
  kind: string;
  name: string;
  /** The object's namespace; none for the Namespace itself (cluster-scoped). */
  namespace?: string;
  action: 'created' | 'updated';
}

export interface ApplyAnswer {
  objects: AppliedObject[];
}
