import { useSearchParamsUpdate } from '../../../lib/use-search-params-update.js';
import { useMemo, useState } from 'react';
import { Button, Toolbar, ToolbarContent, ToolbarItem } from '@patternfly/react-core';
import { Age } from '../../../components/Age/index.js';
import { useTableState, type DataTableColumn } from '../../../components/DataTable/index.js';
import { FilterSelect } from '../../../components/FilterSelect/index.js';
import { ListPage } from '../../../components/ListPage/index.js';
import { useTimeRangeParams, TimeRangePicker } from '../../../components/TimeRangePicker/index.js';
import { TriStateFilter, type TriState } from '../../../components/ToggleFilter/index.js';
import { formatDuration } from '../../../lib/format.js';
import { AREAS } from '../../../shell/nav-items.js';
import { hasJobDetails, JobDetailsDialog } from './JobDetailsDialog.js';
import { JobStatusLabel } from './JobStatusLabel.js';
import {
  DEFAULT_JOB_RANGE,
  DURATION_OPTIONS,
  filtersFromParams,
  JOB_FILTER_PARAMS,
  JOB_HISTORY_DEFAULT_SORT,
  JOB_HISTORY_PAGE_SIZE,
  JOB_RESOURCE_TYPES,
  JOB_STATUSES,
  setRangeParams,
  setToggleParam,
  type JobFilterName,
} from './job-history-params.js';
import { useJobHistoryNames, useJobHistoryPage, type JobHistoryRow } from './jobs-api.js';
import { JobResourceLink } from './resource-link.js';

export const NO_JOBS = 'No job history found';

const RESOURCE_TYPE_LABELS = new Map<string, string>(
  JOB_RESOURCE_TYPES.map((type) => [type.value, type.label]),
);
const RESOURCE_TYPE_VALUES = JOB_RESOURCE_TYPES.map((type) => type.value);
const resourceTypeLabel = (value: string) => RESOURCE_TYPE_LABELS.get(value) ?? value;

function columns(showDetails: (job: JobHistoryRow) => void): DataTableColumn<JobHistoryRow>[] {
  return [
    { id: 'name', header: 'Name', sortable: true, cell: (job) => job.name },
    {
      id: 'resource_name',
      header: 'Resource',
      sortable: true,
      cell: (job) => <JobResourceLink job={job} />,
    },
    {
      id: 'status',
      header: 'Status',
      sortable: true,
      width: 10,
      cell: (job) =>
        hasJobDetails(job.details) ? (
          <Button
            variant="link"
            isInline
            aria-label={`Details for job ${job.name}`}
            onClick={(event) => {
              event.stopPropagation();
              showDetails(job);
            }}
          >
            <JobStatusLabel status={job.status} />
          </Button>
        ) : (
          <JobStatusLabel status={job.status} />
        ),
    },
    { id: 'created_at', header: 'Started', sortable: true, cell: (job) => <Age from={job.time_start} /> },
    {
      id: 'duration_millis',
      header: 'Duration',
      sortable: true,
      cell: (job) => formatDuration(job.duration_millis),
    },
    { id: 'success_count', header: 'Success', sortable: true, width: 10, cell: (job) => job.success_count },
    { id: 'error_count', header: 'Errors', sortable: true, width: 10, cell: (job) => job.error_count },
    { id: 'agent', header: 'Agent', cell: (job) => job.agent?.name },
  ];
}

/**
 * /settings/jobs (spec 3 §2.3): every job run, newest first, 50 a page with the exact count,
 * under the filters of the URL (status defaults to SUCCESS excluded, the range to the last 2
 * days); a run with details opens 'Details for job {name}'.
 */
export function JobHistoryPage() {
  const [searchParams, updateParams] = useSearchParamsUpdate();
  const table = useTableState({
    defaultPageSize: JOB_HISTORY_PAGE_SIZE,
    defaultSort: JOB_HISTORY_DEFAULT_SORT,
  });
  const [range] = useTimeRangeParams({ defaultRange: DEFAULT_JOB_RANGE });
  const filters = useMemo(() => filtersFromParams(searchParams), [searchParams]);
  const query = useJobHistoryPage({
    ...filters,
    range,
    pageIndex: table.pageIndex,
    pageSize: table.pageSize,
    sortBy: table.sortBy ?? JOB_HISTORY_DEFAULT_SORT.by,
    sortOrder: table.sortOrder,
  });
  const names = useJobHistoryNames();
  const [shown, setShown] = useState<JobHistoryRow>();
  const tableColumns = useMemo(() => columns(setShown), []);

  // A new filter starts again from the first page.
  const setParams = (change: (params: URLSearchParams) => void) =>
    updateParams((params) => {
      change(params);
      params.delete('pageIndex');
    });
  const setToggles = (name: JobFilterName) => (state: TriState) =>
    setParams((params) => setToggleParam(params, name, state));

  return (
    <ListPage
      title={AREAS.jobs.title}
      ariaLabel="Job history"
      query={query}
      columns={tableColumns}
      rowKey={(job) => job.id}
      mode="server"
      totalRows={query.count}
      defaultPageSize={JOB_HISTORY_PAGE_SIZE}
      defaultSort={JOB_HISTORY_DEFAULT_SORT}
      emptyText={NO_JOBS}
      toolbar={
        <Toolbar>
          <ToolbarContent>
            <ToolbarItem>
              <TriStateFilter
                label="Job Name"
                options={names.data?.map((row) => row.name)}
                isLoading={names.isLoading}
                value={filters.names}
                onChange={setToggles('name')}
              />
            </ToolbarItem>
            <ToolbarItem>
              <TriStateFilter
                label="Resource Type"
                options={RESOURCE_TYPE_VALUES}
                optionLabel={resourceTypeLabel}
                value={filters.resourceTypes}
                onChange={setToggles('resourceType')}
              />
            </ToolbarItem>
            <ToolbarItem>
              <TriStateFilter
                label="Status"
                options={JOB_STATUSES}
                value={filters.statuses}
                onChange={setToggles('status')}
              />
            </ToolbarItem>
            <FilterSelect
              label="Run duration"
              anyLabel="Any duration"
              value={filters.minDurationMs ? String(filters.minDurationMs) : ''}
              options={DURATION_OPTIONS}
              onChange={(value) =>
                setParams((params) => {
                  if (value) params.set(JOB_FILTER_PARAMS.duration, value);
                  else params.delete(JOB_FILTER_PARAMS.duration);
                })
              }
            />
            <ToolbarItem>
              <TimeRangePicker
                value={range}
                onChange={(next) => setParams((params) => setRangeParams(params, next))}
              />
            </ToolbarItem>
          </ToolbarContent>
        </Toolbar>
      }
    >
      {shown && <JobDetailsDialog job={shown} onClose={() => setShown(undefined)} />}
    </ListPage>
  );
}
