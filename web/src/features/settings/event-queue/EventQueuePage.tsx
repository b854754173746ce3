import { Age } from '../../../components/Age/index.js';
import type { DataTableColumn } from '../../../components/DataTable/index.js';
import { ListPage } from '../../../components/ListPage/index.js';
import { AREAS } from '../../../shell/nav-items.js';
import { useEventQueueSummary, type EventQueueSummary } from './event-queue-api.js';

export const NO_EVENTS = 'No events in the queue';

const number = (value: number | string | null) => (value === null ? null : Number(value));

/** 2.5 stays 2.5, 2 stays 2: attempts to two places at most. */
const attempts = (value: number | string | null) => {
  const n = number(value);
  return n === null ? null : String(Math.round(n * 100) / 100);
};

const COLUMNS: DataTableColumn<EventQueueSummary>[] = [
  { id: 'name', header: 'Event', sortable: true, cell: (row) => row.name },
  { id: 'pending', header: 'Pending', sortable: true, cell: (row) => row.pending },
  { id: 'failed', header: 'Failed', sortable: true, cell: (row) => row.failed },
  {
    id: 'average_attempts',
    header: 'Average Attempts',
    sortable: true,
    sortValue: (row) => number(row.average_attempts),
    cell: (row) => attempts(row.average_attempts),
  },
  {
    id: 'first_failure',
    header: 'First Failure',
    sortable: true,
    cell: (row) => <Age from={row.first_failure} />,
  },
  {
    id: 'last_failure',
    header: 'Last Failure',
    sortable: true,
    cell: (row) => <Age from={row.last_failure} />,
  },
  { id: 'most_common_error', header: 'Most Common Error', cell: (row) => row.most_common_error },
];

/**
 * /settings/event-queue-status, the settings index (spec 3 §2.3): the platform events waiting or
 * failed, by event name, the most recently failing first; read afresh on every visit.
 */
export function EventQueuePage() {
  const query = useEventQueueSummary();
  return (
    <ListPage
      title={AREAS.eventQueue.title}
      ariaLabel="Event queue"
      query={query}
      columns={COLUMNS}
      rowKey={(row) => row.name}
      emptyText={NO_EVENTS}
    />
  );
}
