/**
 * Where a row of the four GitOps kinds (Canary, Topology, ScrapeConfig, Playbook) is managed, and
 * how people are told: the server's 409 and the editors' read-only note say it alike.
 */

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
