// Rows made elsewhere (GitOps): who manages them, in the server's words (its 409 says the same).
import { CRD_SOURCE, KIND_OF_TABLE, type KindTable } from './cluster-api.js';

export const UI_SOURCE = 'UI';

/** What the editors call one row of each table, in a sentence. */
const NOUNS: Readonly<Record<KindTable, string>> = {
  canaries: 'health check',
  topologies: 'topology',
  config_scrapers: 'catalog scraper',
  playbooks: 'playbook',
};

export interface SourcedRow {
  name: string;
  namespace: string;
  /** 'UI' for rows made here; anything else (KubernetesCRD, Flux...) manages the row elsewhere. */
  source: string | null;
}

/** The row is the mirror of a custom resource in the cluster. */
export const isFromCluster = (row: Pick<SourcedRow, 'source'>) => row.source === CRD_SOURCE;

/**
 * Who manages a row that was not made here: 'Canary default/web-checks in the cluster' for a
 * custom resource, else the source; undefined for the console's own rows.
 */
export function managerOf(table: KindTable, row: SourcedRow): string | undefined {
  const { source } = row;
  if (!source || source === UI_SOURCE) return undefined;
  if (source === CRD_SOURCE) return `${KIND_OF_TABLE[table]} ${row.namespace}/${row.name} in the cluster`;
  return source;
}

/** 'This health check is managed by Canary default/x in the cluster and is read-only here.' */
export const readOnlyNote = (table: KindTable, manager: string) =>
  `This ${NOUNS[table]} is managed by ${manager} and is read-only here.`;
