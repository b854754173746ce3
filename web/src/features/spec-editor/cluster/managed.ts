// Rows made elsewhere (GitOps): who manages them, in the words the server's 409 uses too.
import * as managed from '../../../../../common/managed.js';
import { CRD_SOURCE, KIND_OF_TABLE, type KindTable } from './cluster-api.js';

export { UI_SOURCE } from '../../../../../common/managed.js';

/** What the editors call one row of each table, in a sentence. */
const NOUNS: Readonly<Record<KindTable, string>> = {
  canaries: 'health check',
  topologies: 'topology',
  config_scrapers: 'catalog scraper',
  playbooks: 'playbook',
};

export interface SourcedRow extends managed.AgentLinkedRow {
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
export const managerOf = (table: KindTable, row: SourcedRow) => managed.managerOf(KIND_OF_TABLE[table], row);

/** 'This health check is managed by Canary default/x in the cluster and is read-only here.' */
export const readOnlyNote = (table: KindTable, manager: string) =>
  managed.readOnlyNote(NOUNS[table], manager);

/** The agent a row is linked to and read-only for (an agent's own row in the hub), if any. */
export const linkedAgentOf = managed.linkedAgentOf;

/** 'This health check is linked to the agent eu-1 and is read-only here: change it there' */
export const linkedNote = (table: KindTable, agent: string) =>
  managed.linkedReadOnly(`This ${NOUNS[table]}`, agent);

/** Changed elsewhere: in the cluster (or another GitOps source), or on the agent it is linked to. */
export const isReadOnlyHere = (table: KindTable, row: SourcedRow) =>
  managerOf(table, row) !== undefined || linkedAgentOf(row) !== undefined;
