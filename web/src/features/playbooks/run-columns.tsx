import { Link } from 'react-router';
import { Flex, FlexItem } from '@patternfly/react-core';
import { Age } from '../../components/Age/index.js';
import type { DataTableColumn } from '../../components/DataTable/index.js';
import { PlaybookIcon, playbookTitle } from './PlaybookIcon.js';
import { durationBetween, triggeredBy } from './run-format.js';
import { runPath } from './run-paths.js';
import { RunResource } from './RunResource.js';
import { RunStatusLabel } from './RunStatusLabel.js';
import type { RunListRow } from './types.js';

/** The runs list's columns: playbook (a link to the run), status, resource, times and starter. */
export const RUN_COLUMNS: DataTableColumn<RunListRow>[] = [
  {
    id: 'playbook',
    header: 'Playbook',
    cell: (row) => (
      <Flex spaceItems={{ default: 'spaceItemsSm' }} flexWrap={{ default: 'nowrap' }}>
        <FlexItem>
          <PlaybookIcon icon={row.playbook?.icon} size={20} />
        </FlexItem>
        <FlexItem>
          <Link to={runPath(row.id)}>{playbookTitle(row.playbook) || row.playbook_id}</Link>
        </FlexItem>
      </Flex>
    ),
  },
  {
    id: 'status',
    header: 'Status',
    sortable: true,
    width: 10,
    cell: (row) => <RunStatusLabel status={row.status} isCompact />,
  },
  { id: 'resource', header: 'Resource', cell: (row) => <RunResource {...row} /> },
  {
    id: 'start_time',
    header: 'Started',
    sortable: true,
    width: 10,
    cell: (row) => <Age from={row.start_time} />,
  },
  {
    id: 'duration',
    header: 'Duration',
    width: 10,
    cell: (row) => durationBetween(row.start_time, row.end_time),
  },
  {
    id: 'triggered_by',
    header: 'Triggered By',
    width: 15,
    cell: (row) => triggeredBy(row.creator, row.trigger),
  },
  {
    id: 'created_at',
    header: 'Created',
    sortable: true,
    width: 10,
    cell: (row) => <Age from={row.created_at} />,
  },
];
