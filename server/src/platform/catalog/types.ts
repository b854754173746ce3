/** The shapes of /api/catalog (docs/catalog-api.md); the UI imports them with `import type`. */

export type HealthName = 'healthy' | 'unhealthy' | 'warning' | 'unknown';

/** POST /api/catalog/summary. */
export interface CatalogSummaryRequest {
  /** Columns (`type`, `config_class`, `namespace`, `status`), `tags.<key>`, `labels.<key>`, or a bare tag key. Default ['type']. */
  groupBy?: string[] | string;
  /** Tag keys grouped by as well, each a column of its own. */
  tags?: string[];
  /** Include deleted items (default false). */
  deleted?: boolean;
  /** Label key → filter expression (`a,b`, `!c`). */
  filter?: Record<string, string>;
  health?: string;
  status?: string;
  changes?: { since?: string };
  analysis?: { since?: string };
  /** `1d`, `7d` or `30d`: which cost total is summed. */
  cost?: string;
}

/** A row of the summary: the group's keys (named as asked), then its figures. */
export interface CatalogSummaryRow {
  [groupKey: string]: unknown;
  count: number;
  /** Items per health, only the healths present. */
  health: Partial<Record<HealthName, number>>;
  created_at: string;
  updated_at: string;
  /** Changes within changes.since, when asked. */
  changes?: number;
  /** Insights observed within analysis.since by analysis type, when asked. */
  analysis?: Record<string, number>;
  cost_total_1d?: number | null;
  cost_total_7d?: number | null;
  cost_total_30d?: number | null;
}

export type ChangeDirection = 'none' | 'downstream' | 'upstream' | 'all';

/** POST /api/catalog/changes. */
export interface CatalogChangesRequest {
  /** A config id (with `recursive`, its related configs too), or several separated by commas. */
  id?: string;
  config_type?: string;
  /** Change types as a filter expression. */
  type?: string;
  /** Lowest severity shown (critical > high > medium > low > info), or `!x` to leave one out. */
  severity?: string;
  from?: string;
  to?: string;
  page?: number;
  page_size?: number;
  /** name, change_type, summary, source, created_at or count; `-` first for descending. */
  sort_by?: string;
  /** A selector over the config's tags: `k=v,k!=v,k in (a,b)`. */
  tags?: string;
  recursive?: ChangeDirection;
  /** The same as `recursive`, in the UI's words. */
  type_filter?: ChangeDirection;
  depth?: number;
  soft?: boolean;
  include_deleted_configs?: boolean;
  agent_id?: string;
  summary?: string;
  source?: string;
  /** A person's id, or an external creator's name as a filter expression. */
  created_by?: string;
  external_created_by?: string;
  /** summary, source, created_by, external_created_by given as one map. */
  filters?: Record<string, string>;
}

export interface CatalogChange {
  id: string;
  config_id: string;
  external_change_id: string | null;
  change_type: string;
  severity: string | null;
  source: string | null;
  summary: string | null;
  created_by: string | null;
  external_created_by: string | null;
  count: number;
  first_observed: string;
  created_at: string;
  /** The config's name, type, class, tags, agent and deletion time. */
  name: string;
  type: string;
  config_class: string | null;
  tags: Record<string, string>;
  agent_id: string;
  deleted_at: string | null;
}

export interface CatalogChangesResponse {
  changes: CatalogChange[];
  total: number;
  /** Changes of this page by change type. */
  summary: Record<string, number>;
}
