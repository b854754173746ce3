import { Alert } from '@patternfly/react-core';
import { can, useWhoami } from '../../../api/index.js';
import type { KindTable, KubeObject } from './cluster-api.js';
import { ClusterNotice } from './ClusterNotice.js';
import { EditInCluster } from './EditInCluster.js';
import { LinkedNote } from '../../../components/LinkedNote/index.js';
import {
  isFromCluster,
  linkedAgentOf,
  linkedNote,
  managerOf,
  readOnlyNote,
  type SourcedRow,
} from './managed.js';

export interface ManagedNoteProps {
  table: KindTable;
  row: SourcedRow;
  /** Turns the page's editor into a cluster editor of the live object. */
  onEditInCluster: (object: KubeObject) => void;
}

/**
 * The note over a row managed elsewhere: read-only here, and who manages it. For a custom
 * resource, writers get 'Edit in cluster', or word that the cluster is missing or disconnected.
 */
export function ManagedNote({ table, row, onEditInCluster }: ManagedNoteProps) {
  const { data: whoami } = useWhoami();
  const agent = linkedAgentOf(row);
  if (agent) return <LinkedNote agent={agent} note={linkedNote(table, agent)} />;
  const manager = managerOf(table, row);
  if (!manager) return null;
  const clusterWriter = isFromCluster(row) && can(whoami, table, 'write');
  return (
    <div className="pf-v6-u-mb-md">
      <Alert
        variant="info"
        isInline
        isPlain
        title={readOnlyNote(table, manager)}
        actionLinks={
          clusterWriter && (
            <EditInCluster
              target={{ table, namespace: row.namespace, name: row.name }}
              onEdit={onEditInCluster}
            />
          )
        }
      />
      {clusterWriter && <ClusterNotice />}
    </div>
  );
}
