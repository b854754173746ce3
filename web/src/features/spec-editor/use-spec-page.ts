import { useLocation } from 'react-router';
import { can, useDbQuery, useWhoami, type DbResult } from '../../api/index.js';
import type { KindTable } from './cluster/cluster-api.js';
import { isReadOnlyHere } from './cluster/managed.js';
import { useClusterEditing, wasSavedToCluster } from './cluster/use-cluster-editing.js';
import type { PageRow, SpecPageContentProps } from './SpecPageContent.js';

export interface SpecPageOptions<Row> {
  table: KindTable;
  /** The route's id: the row's. */
  id: string;
  /** The row's SWR key and its query. */
  rowKey: string;
  load: () => PromiseLike<DbResult<Row | null>>;
  /** The page of another row (a resource saved to the cluster opens at its uid). */
  detailPath: (id: string) => string;
}

/**
 * A spec kind's detail page: its row, its cluster editing, and what every kind's editor is given
 * (the live object in a cluster editor; read-only without write permission or when managed
 * elsewhere; a save refreshes the row).
 */
export function useSpecPage<Row extends PageRow>({
  table,
  id,
  rowKey,
  load,
  detailPath,
}: SpecPageOptions<Row>) {
  const location = useLocation();
  const { data: whoami } = useWhoami();
  const { data: row, error, isLoading, mutate } = useDbQuery<Row | null>(rowKey, load);
  const cluster = useClusterEditing({
    table,
    rowId: id,
    detailPath,
    refresh: mutate,
    savedOnArrival: wasSavedToCluster(location.state),
  });
  const mayWrite = can(whoami, table, 'write');

  return {
    row,
    refresh: () => void mutate(),
    /** The props of SpecPageContent that come from the page's data. */
    content: { table, row, error, isLoading, cluster } satisfies Partial<SpecPageContentProps<Row>>,
    /** The row the editor saves to the database; none in a cluster editor. */
    editedRow: (shown: Row) => (cluster.object ? undefined : shown),
    editorProps: (shown: Row) => ({
      clusterObject: cluster.object,
      onReload: cluster.reload,
      readOnly: !mayWrite || (!cluster.object && isReadOnlyHere(table, shown)),
      onSaved: () => void mutate(),
      onClusterSaved: cluster.onSaved,
    }),
  };
}
