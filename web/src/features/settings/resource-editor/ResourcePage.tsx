import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { can, useDbQuery, useWhoami } from '../../../api/index.js';
import { PageHeader } from '../../../shell/page-header.js';
import { useClusterEditing, wasSavedToCluster } from '../cluster/use-cluster-editing.js';
import { managerOf } from '../cluster/managed.js';
import { ResourceEditor } from './ResourceEditor.js';
import { RESOURCE_KINDS, type EditableTable } from './resource-kinds.js';
import { getRow, rowKey, type SpecRow } from './rows-api.js';
import { SpecPageContent } from './SpecPageContent.js';

/** A Topology, Catalog Scraper or Playbook: its editor (tab Spec) and its Job History. */
function ResourcePage({ table, id }: { table: EditableTable; id: string }) {
  const kind = RESOURCE_KINDS[table];
  const navigate = useNavigate();
  const location = useLocation();
  const { data: whoami } = useWhoami();
  const {
    data: row,
    error,
    isLoading,
    mutate,
  } = useDbQuery<SpecRow | null>(rowKey(table, id), () => getRow<SpecRow>(table, id));
  const cluster = useClusterEditing({
    table,
    rowId: id,
    detailPath: kind.detailPath,
    refresh: mutate,
    savedOnArrival: wasSavedToCluster(location.state),
  });
  const mayWrite = can(whoami, table, 'write');

  const title = (
    <>
      <Link to={kind.listPath}>{kind.listTitle}</Link>
      {row && ` › ${row.title || row.name}`}
    </>
  );

  return (
    <>
      <PageHeader title={title} onRefresh={() => void mutate()} />
      <SpecPageContent
        table={table}
        label={kind.title}
        row={row}
        error={error}
        isLoading={isLoading}
        cluster={cluster}
        editor={(shown) => (
          <ResourceEditor
            // A saved row (or a reloaded resource) comes back changed: the editor starts again from it.
            key={
              cluster.object
                ? `cluster:${cluster.object.metadata.resourceVersion ?? ''}`
                : `${shown.id}:${shown.updated_at ?? ''}`
            }
            kind={kind}
            row={cluster.object ? undefined : shown}
            clusterObject={cluster.object}
            onReload={cluster.reload}
            readOnly={!mayWrite || (!cluster.object && managerOf(table, shown) !== undefined)}
            onSaved={() => void mutate()}
            onClusterSaved={cluster.onSaved}
            onDeleted={() => void navigate(kind.listPath)}
          />
        )}
      />
    </>
  );
}

/** The page of `table` for the route's id; another id is another page (its state starts afresh). */
const pageOf = (table: EditableTable) =>
  function TablePage() {
    const { id = '' } = useParams();
    return <ResourcePage key={id} table={table} id={id} />;
  };

/** /settings/topologies/:id */
export const TopologyPage = pageOf('topologies');
/** /settings/config_scrapers/:id and /catalog/scrapers/:id */
export const ScraperPage = pageOf('config_scrapers');
/** /playbooks/:id */
export const PlaybookPage = pageOf('playbooks');
