import { Link } from 'react-router';
import { Label } from '@patternfly/react-core';
import { Age } from '../../../components/Age/index.js';
import { DataTable, type DataTableColumn } from '../../../components/DataTable/index.js';
import type { ChangeRow } from './changes-api.js';
import { ChangeCreator } from './ChangeCreator.js';
import { ChangeSeverity } from './ChangeSeverity.js';
import { ChangeType } from './ChangeTypeIcon.js';
import './changes.css';
import { CHANGES_PAGE_SIZE, DEFAULT_CHANGES_SORT } from './changes-params.js';

/** Spec 3 §2.1: a change seen this many times or more stands out. */
export const HIGH_CHANGE_COUNT = 500;

export const NO_CHANGES = 'No changes found';

/** The config a change belongs to, whichever way the answer names it. */
export function changedConfig(change: ChangeRow): { id: string; name: string; type?: string } {
  return {
    id: change.config?.id ?? change.config_id,
    name: change.config?.name ?? change.name ?? change.config_id,
    type: change.config?.type ?? change.type ?? change.config_type,
  };
}

export function ChangeCount({ count }: { count?: number | null }) {
  if (count == null) return null;
  if (count < HIGH_CHANGE_COUNT) return <>{count}</>;
  return (
    <Label isCompact color="red" data-high-count="true">
      {count}
    </Label>
  );
}

export const CHANGE_COLUMNS: DataTableColumn<ChangeRow>[] = [
  {
    id: 'change_type',
    header: 'Type',
    sortable: true,
    width: 15,
    cell: (row) => <ChangeType changeType={row.change_type} />,
  },
  {
    id: 'summary',
    header: 'Summary',
    sortable: true,
    width: 20,
    cell: (row) => <span className="ops-change-wrap">{row.summary}</span>,
  },
  {
    id: 'name',
    header: 'Config',
    sortable: true,
    width: 15,
    cell: (row) => {
      const config = changedConfig(row);
      return (
        <span className="ops-change-wrap">
          <Link to={`/catalog/${encodeURIComponent(config.id)}`}>{config.name}</Link>
          {(row.deleted_at ?? row.config?.deleted_at) && (
            <Label isCompact color="grey" className="ops-change-deleted">
              Deleted
            </Label>
          )}
          {config.type && <div className="ops-change-subtle">{config.type}</div>}
        </span>
      );
    },
  },
  { id: 'severity', header: 'Severity', cell: (row) => <ChangeSeverity severity={row.severity} /> },
  { id: 'source', header: 'Source', sortable: true, cell: (row) => row.source },
  { id: 'created_by', header: 'Created By', width: 15, cell: (row) => <ChangeCreator change={row} /> },
  { id: 'count', header: 'Count', sortable: true, cell: (row) => <ChangeCount count={row.count} /> },
  { id: 'created_at', header: 'Created', sortable: true, cell: (row) => <Age from={row.created_at} /> },
  {
    id: 'first_observed',
    header: 'First Observed',
    cell: (row) => <Age from={row.first_observed ?? row.created_at} />,
  },
];

export interface ChangesTableProps {
  /** The current page of changes. */
  rows: ChangeRow[];
  total?: number;
  isLoading: boolean;
  onOpen: (change: ChangeRow) => void;
}

/** One page of changes, sorted and paged on the server (200 a page, newest first); a row opens its detail. */
export function ChangesTable({ rows, total, isLoading, onOpen }: ChangesTableProps) {
  return (
    <DataTable
      ariaLabel="Config changes"
      columns={CHANGE_COLUMNS}
      rows={rows}
      rowKey={(row) => row.id}
      isLoading={isLoading}
      mode="server"
      totalRows={total}
      defaultPageSize={CHANGES_PAGE_SIZE}
      defaultSort={DEFAULT_CHANGES_SORT}
      emptyText={NO_CHANGES}
      onRowClick={onOpen}
      virtualized
    />
  );
}
