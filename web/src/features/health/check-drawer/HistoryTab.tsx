import { useState } from 'react';
import { ToggleGroup, ToggleGroupItem, Toolbar, ToolbarContent, ToolbarItem } from '@patternfly/react-core';
import { useDbQuery } from '../../../api/index.js';
import {
  DataTable,
  DEFAULT_PAGE_SIZE,
  DEFAULT_PAGE_SIZES,
  pageCount,
  TablePagination,
  type DataTableColumn,
} from '../../../components/DataTable/index.js';
import { HealthLabel } from '../../../components/HealthLabel/index.js';
import { useToast } from '../../../components/Toasts/index.js';
import { formatDuration, formatPastAge } from '../../../lib/format.js';
import { formatDateTime } from '../../../lib/time-range/index.js';
import type { CheckResult } from './check-api.js';
import { DurationFilter } from './DurationFilter.js';
import {
  historyFilters,
  historyKey,
  listHistory,
  NO_HISTORY_FILTERS,
  STATUS_FILTERS,
  type HistoryFilters,
} from './history-query.js';

function RunTime({ time }: { time: string }) {
  const date = new Date(time);
  return (
    <time dateTime={time} title={formatPastAge(date)}>
      {formatDateTime(date)}
    </time>
  );
}

const COLUMNS: DataTableColumn<CheckResult>[] = [
  { id: 'time', header: 'Time', cell: (run) => <RunTime time={run.time} />, width: 15 },
  {
    id: 'status',
    header: 'Status',
    cell: (run) => <HealthLabel status={run.status ? 'healthy' : 'unhealthy'} isCompact />,
    width: 10,
  },
  { id: 'duration', header: 'Duration', cell: (run) => formatDuration(run.duration), width: 10 },
  { id: 'message', header: 'Message', cell: (run) => run.message ?? '' },
  { id: 'error', header: 'Error', cell: (run) => run.error ?? '' },
];

export interface HistoryTabProps {
  checkId: string;
  /** ISO start of the range. */
  since: string;
}

/** The check's runs since the start of the range, newest first, paged and filtered on the server. */
export function HistoryTab({ checkId, since }: HistoryTabProps) {
  const toast = useToast();
  const [filters, setFilters] = useState<HistoryFilters>(NO_HISTORY_FILTERS);
  const [pageIndex, setPageIndex] = useState(0);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const restFilters = historyFilters(filters);
  const page = restFilters && { checkId, since, filters: restFilters, pageIndex, pageSize };

  const { data, count, isLoading } = useDbQuery<CheckResult[]>(
    page ? historyKey(page) : null,
    () => listHistory(page!),
    {
      revalidateOnFocus: false,
      keepPreviousData: true,
      shouldRetryOnError: false,
      onError: (error) => toast.error(error),
    },
  );
  const rows = data ?? [];

  const changeFilters = (change: Partial<HistoryFilters>) => {
    setFilters((current) => ({ ...current, ...change }));
    setPageIndex(0);
  };

  return (
    <>
      <Toolbar>
        <ToolbarContent>
          <ToolbarItem>
            <ToggleGroup aria-label="Status">
              {STATUS_FILTERS.map(({ value, label }) => (
                <ToggleGroupItem
                  key={value}
                  text={label}
                  isSelected={filters.status === value}
                  onChange={() => changeFilters({ status: value })}
                />
              ))}
            </ToggleGroup>
          </ToolbarItem>
          <ToolbarItem>
            <DurationFilter
              value={filters.minDuration}
              onChange={(minDuration) => changeFilters({ minDuration })}
            />
          </ToolbarItem>
        </ToolbarContent>
      </Toolbar>
      <DataTable
        columns={COLUMNS}
        rows={rows}
        rowKey={(run) => run.time}
        ariaLabel="Check history"
        mode="server"
        paginate={false}
        isLoading={isLoading && !data}
      />
      <TablePagination
        pageIndex={pageIndex}
        pageCount={pageCount(count, pageSize)}
        pageSize={pageSize}
        pageSizes={DEFAULT_PAGE_SIZES}
        hasNextPage={rows.length >= pageSize}
        onPageIndexChange={setPageIndex}
        onPageSizeChange={(size) => {
          setPageSize(size);
          setPageIndex(0);
        }}
      />
    </>
  );
}
