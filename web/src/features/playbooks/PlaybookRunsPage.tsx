import { useCallback, useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { FormSelect, FormSelectOption, Toolbar, ToolbarContent, ToolbarItem } from '@patternfly/react-core';
import { useDbQuery } from '../../api/index.js';
import { useTableState } from '../../components/DataTable/index.js';
import { ListPage } from '../../components/ListPage/index.js';
import { TimeRangePicker } from '../../components/TimeRangePicker/index.js';
import type { TimeRange } from '../../lib/time-range/index.js';
import { playbookTitle } from './PlaybookIcon.js';
import {
  DEFAULT_RUN_SORT,
  listPlaybookChoices,
  listRuns,
  PLAYBOOK_CHOICES_KEY,
  runListKey,
} from './playbooks-api.js';
import { RUN_COLUMNS } from './run-columns.js';
import { runPath } from './run-paths.js';
import { NO_RUNS, readRunFilters, writeRunFilters, type RunFilters } from './runs-params.js';
import { statusText } from './RunStatusLabel.js';
import { RUN_STATUSES, type PlaybookRef, type RunListRow } from './types.js';

/** The playbook, status and time range filters; each change goes to the URL at once. */
function RunsToolbar({
  filters,
  onChange,
}: {
  filters: RunFilters;
  onChange: (change: Partial<RunFilters>) => void;
}) {
  const choices = useDbQuery<PlaybookRef[]>(PLAYBOOK_CHOICES_KEY, listPlaybookChoices, {
    revalidateOnFocus: false,
  });
  const playbooks = choices.data ?? [];
  // A playbook named by a link keeps its id as the choice until the list has loaded.
  const current = filters.playbook;
  const unknown = current !== undefined && !playbooks.some((playbook) => playbook.id === current);
  return (
    <Toolbar>
      <ToolbarContent>
        <ToolbarItem>
          <FormSelect
            aria-label="Playbook"
            value={filters.playbook ?? ''}
            onChange={(_event, playbook) => onChange({ playbook: playbook || undefined })}
          >
            <FormSelectOption value="" label="All playbooks" />
            {playbooks.map((playbook) => (
              <FormSelectOption key={playbook.id} value={playbook.id} label={playbookTitle(playbook)} />
            ))}
            {unknown && <FormSelectOption value={current} label={current} />}
          </FormSelect>
        </ToolbarItem>
        <ToolbarItem>
          <FormSelect
            aria-label="Status"
            value={filters.status ?? ''}
            onChange={(_event, status) => onChange({ status: (status || undefined) as RunFilters['status'] })}
          >
            <FormSelectOption value="" label="All statuses" />
            {RUN_STATUSES.map((status) => (
              <FormSelectOption key={status} value={status} label={statusText(status)} />
            ))}
          </FormSelect>
        </ToolbarItem>
        <ToolbarItem>
          <TimeRangePicker value={filters.range} onChange={(range: TimeRange) => onChange({ range })} />
        </ToolbarItem>
      </ToolbarContent>
    </Toolbar>
  );
}

/**
 * /playbooks/runs (spec 3 §2.3): the runs under the filters of the URL (playbook, status, created
 * within the time range, last 7 days by default), paged and sorted on the server; a row opens
 * the run.
 */
export function PlaybookRunsPage() {
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => readRunFilters(searchParams), [searchParams]);
  const { pageIndex, pageSize, sortBy, sortOrder } = useTableState({ defaultSort: DEFAULT_RUN_SORT });
  const list = { ...filters, pageIndex, pageSize, sortBy: sortBy ?? DEFAULT_RUN_SORT.by, sortOrder };
  const query = useDbQuery<RunListRow[]>(runListKey(list), () => listRuns(list), { keepPreviousData: true });

  const change = useCallback(
    (patch: Partial<RunFilters>) => setSearchParams((current) => writeRunFilters(current, patch)),
    [setSearchParams],
  );

  return (
    <ListPage
      title="Playbook Runs"
      ariaLabel="Playbook runs"
      query={query}
      columns={RUN_COLUMNS}
      rowKey={(row) => row.id}
      mode="server"
      totalRows={query.count}
      defaultSort={DEFAULT_RUN_SORT}
      emptyText={NO_RUNS}
      toolbar={<RunsToolbar filters={filters} onChange={change} />}
      onRowClick={(row) => void navigate(runPath(row.id))}
    />
  );
}
