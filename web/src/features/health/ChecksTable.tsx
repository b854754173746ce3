import { memo, useCallback } from 'react';
import { Flex, FlexItem } from '@patternfly/react-core';
import { Age } from '../../components/Age/index.js';
import { DataTable, type DataTableColumn } from '../../components/DataTable/index.js';
import { formatUptime } from '../../lib/format.js';
import { CheckHealth, CheckLatency, CheckName } from './check-cells.js';
import { CHECK_SORT_VALUES } from './check-sort.js';
import { GroupHealthLabel } from './GroupHealthLabel.js';
import type { CheckSummary } from './types.js';

const COLUMNS: DataTableColumn<CheckSummary>[] = [
  {
    id: 'name',
    header: 'Checks',
    sortable: true,
    width: 35,
    sortValue: CHECK_SORT_VALUES.name,
    cell: (check) => <CheckName check={check} />,
  },
  {
    id: 'health',
    header: 'Health',
    sortable: true,
    width: 15,
    sortValue: CHECK_SORT_VALUES.health,
    cell: (check) => <CheckHealth check={check} />,
  },
  {
    id: 'uptime',
    header: 'Uptime',
    sortable: true,
    width: 15,
    sortValue: CHECK_SORT_VALUES.uptime,
    cell: (check) => formatUptime(check.uptime),
  },
  {
    id: 'latency',
    header: 'Latency',
    sortable: true,
    width: 15,
    sortValue: CHECK_SORT_VALUES.latency,
    cell: (check) => <CheckLatency check={check} />,
  },
  {
    id: 'transition',
    header: 'Transition',
    sortable: true,
    width: 15,
    sortValue: CHECK_SORT_VALUES.transition,
    cell: (check) => <Age from={check.last_transition_time} />,
  },
];

const rowKey = (check: CheckSummary) => check.id;

/** Up to this many checks on screen, groups start expanded: a narrowed view shows its checks at once. */
export const EXPAND_GROUPS_UP_TO = 50;

function groupLabel(key: string, rows: CheckSummary[]) {
  return (
    <Flex spaceItems={{ default: 'spaceItemsSm' }} alignItems={{ default: 'alignItemsCenter' }}>
      <FlexItem>{key}</FlexItem>
      <FlexItem>
        <GroupHealthLabel checks={rows} />
      </FlexItem>
    </Flex>
  );
}

export interface ChecksTableProps {
  checks: CheckSummary[];
  isLoading: boolean;
  /** The group of a check; undefined lists the checks ungrouped. */
  groupBy?: (check: CheckSummary) => string;
  sortDesc: boolean;
  onOpen: (checkId: string) => void;
}

/** The checks as a virtualized table with expandable groups; a row (click or Enter) opens the check. */
export const ChecksTable = memo(function ChecksTable({
  checks,
  isLoading,
  groupBy,
  sortDesc,
  onOpen,
}: ChecksTableProps) {
  const openRow = useCallback((check: CheckSummary) => onOpen(check.id), [onOpen]);
  return (
    <DataTable
      ariaLabel="Health checks"
      columns={COLUMNS}
      rows={checks}
      rowKey={rowKey}
      isLoading={isLoading}
      // The table reads sortBy from the URL itself; the order comes from this page's sortDesc. Without
      // a sortBy the rows keep the dashboard's order (by group, then name).
      defaultSort={{ by: '', order: sortDesc ? 'desc' : 'asc' }}
      groupBy={groupBy}
      groupLabel={groupLabel}
      expandGroups={checks.length <= EXPAND_GROUPS_UP_TO}
      virtualized
      paginate={false}
      onRowClick={openRow}
    />
  );
});
