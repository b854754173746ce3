import { Button, Flex, Label } from '@patternfly/react-core';
import { Link } from 'react-router';
import { Age } from '../../../components/Age/index.js';
import { DataTable, type DataTableColumn } from '../../../components/DataTable/index.js';
import { HealthLabel } from '../../../components/HealthLabel/index.js';
import { NO_VALUE } from '../../../lib/format.js';
import { ConfigTypeIcon } from './ConfigTypeIcon.js';
import type { RelatedConfig } from './relationships-api.js';

export interface RelationshipsTableProps {
  rows: RelatedConfig[];
  isLoading: boolean;
  /** Whether the row is linked to the page's config by hand (so it can be unlinked). */
  isManual: (row: RelatedConfig) => boolean;
  /** Offered only where the person may write the catalog; absent, no Unlink buttons. */
  onUnlink?: (row: RelatedConfig) => void;
}

const DIRECTION_TEXT = { incoming: 'Incoming', outgoing: 'Outgoing' } as const;

function columns({ rows, isManual, onUnlink }: Omit<RelationshipsTableProps, 'isLoading'>) {
  const list: DataTableColumn<RelatedConfig>[] = [
    {
      id: 'name',
      header: 'Name',
      sortable: true,
      sortValue: (row) => row.name.toLowerCase(),
      cell: (row) => (
        <Flex
          gap={{ default: 'gapSm' }}
          flexWrap={{ default: 'nowrap' }}
          alignItems={{ default: 'alignItemsCenter' }}
        >
          <ConfigTypeIcon type={row.type} />
          <Link to={`/catalog/${encodeURIComponent(row.id)}`}>{row.name}</Link>
          {row.deleted_at && (
            <Label isCompact color="grey">
              Deleted
            </Label>
          )}
        </Flex>
      ),
    },
    { id: 'type', header: 'Type', sortable: true, cell: (row) => row.type },
    {
      id: 'health',
      header: 'Health',
      sortable: true,
      cell: (row) => (row.health ? <HealthLabel status={row.health} isCompact /> : NO_VALUE),
    },
    { id: 'status', header: 'Status', sortable: true, cell: (row) => row.status || NO_VALUE },
    {
      id: 'relation',
      header: 'Relation',
      sortable: true,
      sortValue: (row) => `${row.direction}:${row.relation}`,
      cell: (row) => (
        <Flex gap={{ default: 'gapXs' }}>
          <Label isCompact color={row.direction === 'incoming' ? 'purple' : 'blue'}>
            {DIRECTION_TEXT[row.direction]}
          </Label>
          <Label isCompact variant="outline">
            {row.relation}
          </Label>
          {isManual(row) && (
            <Label isCompact variant="outline" color="orange">
              manual
            </Label>
          )}
        </Flex>
      ),
    },
    {
      id: 'created_at',
      header: 'Age',
      sortable: true,
      cell: (row) => <Age from={row.created_at} suffix={false} />,
    },
  ];
  // The column shows only where there is something to unlink.
  if (onUnlink && rows.some(isManual)) {
    list.push({
      id: 'actions',
      header: 'Actions',
      cell: (row) =>
        isManual(row) && (
          <Button
            variant="link"
            isInline
            isDanger
            aria-label={`Unlink ${row.name}`}
            onClick={() => onUnlink(row)}
          >
            Unlink
          </Button>
        ),
    });
  }
  return list;
}

/** The related configs as a table: name (linked), type, health, status, relation and age. */
export function RelationshipsTable({ isLoading, ...props }: RelationshipsTableProps) {
  return (
    <DataTable
      ariaLabel="Relationships"
      columns={columns(props)}
      rows={props.rows}
      rowKey={(row) => `${row.id}:${row.direction}`}
      isLoading={isLoading}
      defaultSort={{ by: 'name', order: 'asc' }}
      emptyText="No related configs"
      queryPrefix="related"
    />
  );
}
