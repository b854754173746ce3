/**
 * Where a row of the four GitOps kinds (Canary, Topology, ScrapeConfig, Playbook) is managed, and
 * how people are told: the server's 409 and the editors' read-only note say it alike.
 */

import { LOCAL_AGENT } from './agents.js';

/** The source of the console's own rows (the column's default). */
export const UI_SOURCE = 'UI';
/** The source of rows the cluster mirror writes: GitOps owns them, the platform API refuses changes. */
export const CRD_SOURCE = 'KubernetesCRD';

/** A row as far as who manages it goes. */
export interface SourcedRow {
  name?: unknown;
  namespace?: unknown;
  /** 'UI' (or none) for rows made here; anything else (KubernetesCRD, Flux…) manages the row elsewhere. */
  source?: unknown;
}

/** Whether the row is changed elsewhere: any source but UI; a missing one is the console's own. */
export const isManaged = (source: unknown) => source !== null && source !== undefined && source !== UI_SOURCE;

/** 'Canary default/web-checks' */
export function resourceName(kind: string, row: SourcedRow): string {
  const name = String(row.name ?? '');
  return row.namespace ? `${kind} ${String(row.namespace)}/${name}` : `${kind} ${name}`;
}

/**
 * Who manages a row not made here: 'Canary default/web-checks in the cluster' for the mirror of a
 * custom resource, else the source itself; undefined for the console's own rows.
 */
export function managerOf(kind: string, row: SourcedRow): string | undefined {
  if (!isManaged(row.source)) return undefined;
  return row.source === CRD_SOURCE ? `${resourceName(kind, row)} in the cluster` : String(row.source);
}

/** 'This health check is managed by Canary default/x in the cluster and is read-only here.' */
export const readOnlyNote = (noun: string, manager: string) =>
  `This ${noun} is managed by ${manager} and is read-only here.`;

/**
 * Rows an agent pushed to its hub (their agent_id is not the local agent's) are the agent's:
 * changed there, read-only in the hub. The server's 409 and the UI's note say it alike.
 */

/** 'Linked to eu-1': the label of a row of an agent's. */
export const linkedTo = (agent: string) => `Linked to ${agent}`;

/** 'Canary default/x is linked to the agent eu-1 and is read-only here: change it there' */
export const linkedReadOnly = (subject: string, agent: string) =>
  `${subject} is linked to the agent ${agent} and is read-only here: change it there`;

/** A row as far as the agent it is linked to goes: its agent_id, the agent embedded, its creator. */
export interface AgentLinkedRow {
  agent_id?: unknown;
  agent?: { id?: unknown; name?: unknown } | null;
  /** Set on rows made through the hub's API (a hub's assignment to an agent); never on pushed rows. */
  created_by?: unknown;
}

/**
 * The name of the agent a row is linked to and read-only for, or undefined for the console's own
 * rows and the hub's assignments (canaries and scrape configs made here for an agent, which
 * carry created_by). Without the embedded agent the id stands in for the name.
 */
export function linkedAgentOf(row: AgentLinkedRow | null | undefined): string | undefined {
  if (!row || row.agent_id == null || row.agent_id === LOCAL_AGENT) return undefined;
  if (row.created_by != null) return undefined;
  const name = row.agent?.name;
  return typeof name === 'string' && name ? name : String(row.agent_id);
}
