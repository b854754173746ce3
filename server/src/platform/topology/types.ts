/**
 * The shapes of the topology API (GET /api/canary/api/topology, /api/canary/api/graph,
 * /api/snapshot/topology/{id}) as the platform answers them; the UI imports them with
 * `import type`. docs/topology.md describes the calls.
 */

/** A component's status; the topology ranks them info 4, healthy 3, warning 2, unhealthy 1. */
export type ComponentStatus = 'info' | 'healthy' | 'warning' | 'unhealthy' | 'unknown';
export type ComponentHealth = 'healthy' | 'unhealthy' | 'warning' | 'unknown';

export interface PropertyLink {
  type?: string;
  url?: string;
  label?: string;
  text?: string;
  icon?: string;
  tooltip?: string;
}

/** A property of a component: a text, or a number (value of max, in unit). */
export interface ComponentProperty {
  name: string;
  label?: string;
  type?: string;
  text?: string;
  value?: number;
  min?: number;
  max?: number;
  /** milliseconds, bytes, millicores, percent, epoch, USD... */
  unit?: string;
  icon?: string;
  color?: string;
  tooltip?: string;
  order?: number;
  headline?: boolean;
  hidden?: boolean;
  status?: string;
  lastTransition?: string;
  links?: PropertyLink[];
}

/** Counts by severity (or by status for checks). */
export type CountBy = Record<string, number>;

/** What a card shows of a component and all below it. */
export interface ComponentSummary {
  /** Leaves below (or the component itself when a leaf) by status. */
  healthy?: number;
  unhealthy?: number;
  warning?: number;
  info?: number;
  /** Its checks by status: healthy, unhealthy, warning, unknown. */
  checks?: CountBy;
  /** Open incidents by type, then by severity. */
  incidents?: Record<string, CountBy>;
  /** Open insights of its configs by analysis type, then by severity. */
  insights?: Record<string, CountBy>;
}

export interface LogSelector {
  name: string;
  type?: string;
  labels?: Record<string, string>;
}

/** A component as the topology endpoint answers it, its children nested in `components`. */
export interface TopologyComponent {
  id: string;
  name: string;
  title?: string | null;
  text?: string | null;
  type?: string | null;
  icon?: string | null;
  namespace?: string | null;
  labels?: Record<string, string>;
  properties?: ComponentProperty[];
  status: ComponentStatus;
  health?: ComponentHealth | null;
  status_reason?: string | null;
  description?: string | null;
  external_id?: string | null;
  owner?: string | null;
  lifecycle?: string | null;
  tooltip?: string | null;
  hidden?: boolean;
  agent_id: string;
  topology_id?: string | null;
  /** The type of the topology that built it. */
  topology_type?: string | null;
  parent_id?: string | null;
  /** Dot-separated ancestor ids, root first; null or '' for a root. */
  path?: string | null;
  is_leaf: boolean;
  log_selectors?: LogSelector[] | null;
  /** The names of the teams that own it. */
  team_names?: string[];
  cost_per_minute?: number | null;
  cost_total_1d?: number | null;
  cost_total_7d?: number | null;
  cost_total_30d?: number | null;
  created_at: string;
  updated_at: string;
  deleted_at?: string | null;
  summary?: ComponentSummary;
  components?: TopologyComponent[];
}

/** GET /api/canary/api/topology. */
export interface TopologyResponse {
  components: TopologyComponent[];
  /** Team names of the answered components, sorted, distinct. */
  teams: string[];
  /** Types of the answered components, sorted, distinct. */
  types: string[];
  /** Statuses of the answered components, sorted, distinct. */
  healthStatuses: string[];
  /** Label key → the values seen. */
  tags?: Record<string, string[]>;
}

/** The query of GET /api/canary/api/topology, as strings in the URL. */
export interface TopologyQuery {
  /** A component: it and its descendants; absent: the roots. */
  id?: string;
  /** Comma-separated statuses; `!x` excludes. */
  status?: string;
  /** Comma-separated types; `!x` excludes. */
  type?: string;
  /** A team name. */
  team?: string;
  owner?: string;
  /** Comma-separated `key=value`. */
  labels?: string;
  /** `name`, `field:<property>`, or a column (`status`, `type`, `updated_at`...). */
  sortBy?: string;
  sortOrder?: 'asc' | 'desc';
  /** 'true': every matching component in one list, not a tree. */
  flatten?: string;
  /** 'true': hidden components too. */
  hidden?: string;
  agent_id?: string;
  /** Levels of children answered (default 5). */
  depth?: string;
}

/** GET /api/canary/api/graph's answer (the health area's: it is a check's history). */
export type { CheckGraphPoint, CheckGraphResponse } from '../health/types.js';
