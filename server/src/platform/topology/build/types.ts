/**
 * What the builder works with: the topologies row it builds, the component tree it makes of the
 * spec (before any id is known), and what a build did.
 */
import type { ComponentProperty } from '../types.js';

export type Spec = Record<string, unknown>;

/** The columns of a topologies row the builder reads. */
export interface TopologyRow {
  id: string;
  name: string;
  namespace: string;
  agent_id: string;
  icon: string | null;
  labels: Record<string, string> | null;
  schedule: string | null;
  spec: Spec | null;
}

export type Health = 'healthy' | 'unhealthy' | 'warning' | 'unknown';
export type Status = 'info' | 'healthy' | 'warning' | 'unhealthy' | 'unknown';

/** A resource selector of the spec, with the id its links are recorded under. */
export interface SelectorUse {
  /** Stable for the same selector: a link made by it keeps its row from build to build. */
  selectorId: string;
  selector: Spec;
}

/** A component as the spec and its lookups make it; ids and roll-ups come later. */
export interface BuiltComponent {
  name: string;
  type: string | null;
  icon: string | null;
  text: string | null;
  tooltip: string | null;
  owner: string | null;
  lifecycle: string | null;
  namespace: string | null;
  externalId: string | null;
  description: string | null;
  hidden: boolean;
  labels: Record<string, string>;
  properties: ComponentProperty[];
  logSelectors: unknown[] | null;
  selectors: unknown[] | null;
  /** A health the spec or the lookup states for the component itself. */
  health: Health | null;
  /** A status the lookup states for it. */
  status: Status | null;
  statusReason: string | null;
  healthExpr: string | null;
  statusExpr: string | null;
  checkSelectors: SelectorUse[];
  inlineChecks: SelectorUse[];
  configSelectors: SelectorUse[];
  children: BuiltComponent[];
}

/** What one build did, as Run now answers and job history records it. */
export interface BuildSummary {
  /** Components in the result. */
  components: number;
  added: number;
  updated: number;
  unchanged: number;
  deleted: number;
  /** Check and config links made or brought back, and soft-deleted. */
  linksAdded: number;
  linksDeleted: number;
  errors: string[];
}
