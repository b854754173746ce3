import { useSearchParamsUpdate } from '../../lib/use-search-params-update.js';
import { Toolbar, ToolbarContent } from '@patternfly/react-core';
import { useTableState, type DataTableColumn } from '../../components/DataTable/index.js';
import { ListPage } from '../../components/ListPage/index.js';
import { HistoryAge, ResourceLink, SendStatusLabel } from './history-cells.js';
import { HistoryDetailsModal } from './HistoryDetailsModal.js';
import { useHistory, type SendHistoryRow } from './notifications-api.js';
import { RESOURCE_TYPE_OPTIONS, SEND_STATUSES, statusLabel } from './notification-options.js';
import { FilterSelect } from '../../components/FilterSelect/index.js';

const COLUMNS: DataTableColumn<SendHistoryRow>[] = [
  { id: 'created_at', header: 'Age', width: 20, cell: (row) => <HistoryAge row={row} /> },
  {
    id: 'resource',
    header: 'Resource',
    cell: (row) => <ResourceLink type={row.resource_type} resource={row.resource} />,
  },
  { id: 'status', header: 'Status', width: 15, cell: (row) => <SendStatusLabel status={row.status} /> },
  { id: 'source_event', header: 'Event', width: 20, cell: (row) => row.source_event },
];

const STATUS_OPTIONS = SEND_STATUSES.map((status) => ({ value: status, label: statusLabel(status) }));

/** The URL parameters of the history's filters. */
export const HISTORY_FILTERS = { status: 'status', resourceType: 'resourceType' } as const;
type FilterName = keyof typeof HISTORY_FILTERS;

/**
 * /notifications: the send history, newest first, paged on the server under the Status and
 * Resource Type filters of the URL; a row opens its details (`?id=`).
 */
export function SendHistoryPage() {
  const [searchParams, setParams] = useSearchParamsUpdate();
  const { pageIndex, pageSize } = useTableState();
  const status = searchParams.get(HISTORY_FILTERS.status) ?? '';
  const resourceType = searchParams.get(HISTORY_FILTERS.resourceType) ?? '';
  const openId = searchParams.get('id');
  const query = useHistory({ status, resourceType, pageIndex, pageSize });

  // A new filter starts again from the first page.
  const filter = (name: FilterName) => (value: string) =>
    setParams((params) => {
      if (value) params.set(HISTORY_FILTERS[name], value);
      else params.delete(HISTORY_FILTERS[name]);
      params.delete('pageIndex');
    });

  return (
    <ListPage
      title="Notifications"
      ariaLabel="Notifications"
      query={query}
      columns={COLUMNS}
      rowKey={(row) => row.id}
      mode="server"
      totalRows={query.count}
      emptyText="No notifications found"
      onRowClick={(row) => setParams((params) => params.set('id', row.id))}
      toolbar={
        <Toolbar>
          <ToolbarContent>
            <FilterSelect
              label="Status"
              anyLabel="All statuses"
              value={status}
              options={STATUS_OPTIONS}
              onChange={filter('status')}
            />
            <FilterSelect
              label="Resource Type"
              anyLabel="All resource types"
              value={resourceType}
              options={RESOURCE_TYPE_OPTIONS}
              onChange={filter('resourceType')}
            />
          </ToolbarContent>
        </Toolbar>
      }
    >
      {openId && (
        <HistoryDetailsModal id={openId} onClose={() => setParams((params) => params.delete('id'))} />
      )}
    </ListPage>
  );
}
