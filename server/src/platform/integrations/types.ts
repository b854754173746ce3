/**
 * The API shapes of /api/integrations (the GitOps tiles); the UI imports them with `import type`.
 *
 *   GET  /api/integrations/charts/:key  → ChartAnswer (read on integrations)
 *   POST /api/integrations/apply        ApplyRequest → ApplyAnswer (write on integrations)
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
  /** Whether the console has a cluster connection, so that Apply can work. */
  canApply: boolean;
  /** Why there is no schema, in a sentence for the person at the editor. */
  error?: string;
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
  namespace: string;
  action: 'created' | 'updated';
}

export interface ApplyAnswer {
  objects: AppliedObject[];
}
