import { useNavigate } from 'react-router';
import { useDbQuery } from '../../api/index.js';
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
 * first, paged on the server: a config's Playbooks tab, a component's Playbooks section.
 */
export function ResourcePlaybookRuns({ resource, queryPrefix = 'runs.' }: ResourcePlaybookRunsProps) {
  const navigate = useNavigate();
  const { pageIndex, pageSize, sortBy, sortOrder } = useTableState({
    defaultSort: DEFAULT_RUN_SORT,
    defaultPageSize: RESOURCE_RUNS_PAGE_SIZE,
    queryPrefix,
  });
  const list = { resource, pageIndex, pageSize, sortBy: sortBy ?? DEFAULT_RUN_SORT.by, sortOrder };
  const { data, count, error, isLoading } = useDbQuery<RunListRow[]>(runListKey(list), () => listRuns(list), {
    keepPreviousData: true,
  });
  if (error && !data) return <LoadError error={error} />;
  return (
    <DataTable
      ariaLabel="Playbook runs"
      columns={COLUMNS}
      rows={data ?? []}
      rowKey={(row) => row.id}
      isLoading={isLoading}
      mode="server"
      totalRows={count}
      defaultSort={DEFAULT_RUN_SORT}
      defaultPageSize={RESOURCE_RUNS_PAGE_SIZE}
      queryPrefix={queryPrefix}
      emptyText={NO_RUNS}
      onRowClick={(row) => void navigate(runPath(row.id))}
    />
  );
}
