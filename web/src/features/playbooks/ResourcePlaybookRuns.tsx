import { useNavigate } from 'react-router';
import { useDbInfinite } from '../../api/index.js';
import { DataTable, useTableState } from '../../components/DataTable/index.js';
import { LoadError } from '../../components/LoadError/index.js';
import { DEFAULT_RUN_SORT, listRuns, runListKey, type RunResourceFilter } from './playbooks-api.js';
import { RUN_COLUMNS } from './run-columns.js';
import { runPath } from './run-paths.js';
import { NO_RUNS } from './runs-params.js';
import type { RunListRow } from './types.js';

/** Spec 3 §9: a resource tab's lists page 50 at a time. */
const RESOURCE_RUNS_PAGE_SIZE = 50;
const COLUMNS = RUN_COLUMNS.filter((column) => column.id !== 'resource');

export interface ResourcePlaybookRunsProps {
  /** The config, component or check whose runs are listed. */
  resource: RunResourceFilter;
  /** Prefix of the table's URL parameters, when the page has other tables. */
  queryPrefix?: string;
}

/**
 * The playbook runs of one resource (spec 3 §7: runs paged by componentId or configId), newest
 * first, 50 at a time, the next page loading as the reader scrolls near the end (spec 3 §9): a
 * config's Playbooks tab, a component's Playbooks section.
 */
export function ResourcePlaybookRuns({ resource, queryPrefix = 'runs.' }: ResourcePlaybookRunsProps) {
  const navigate = useNavigate();
  const { sortBy, sortOrder } = useTableState({ defaultSort: DEFAULT_RUN_SORT, queryPrefix });
  const list = {
    resource,
    pageIndex: 0,
    pageSize: RESOURCE_RUNS_PAGE_SIZE,
    sortBy: sortBy ?? DEFAULT_RUN_SORT.by,
    sortOrder,
  };
  const runs = useDbInfinite<RunListRow>(runListKey(list), RESOURCE_RUNS_PAGE_SIZE, (pageIndex, pageSize) =>
    listRuns({ ...list, pageIndex, pageSize }),
  );
  if (runs.error && runs.rows.length === 0) return <LoadError error={runs.error} />;
  return (
    <DataTable
      ariaLabel="Playbook runs"
      columns={COLUMNS}
      rows={runs.rows}
      rowKey={(row) => row.id}
      isLoading={runs.isLoading || runs.isLoadingMore}
      mode="server"
      totalRows={runs.count}
      paginate={false}
      virtualized
      onEndReached={runs.loadMore}
      defaultSort={DEFAULT_RUN_SORT}
      queryPrefix={queryPrefix}
      emptyText={NO_RUNS}
      onRowClick={(row) => void navigate(runPath(row.id))}
    />
  );
}
