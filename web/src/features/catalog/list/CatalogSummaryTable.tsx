import { Flex, Label, LabelGroup } from '@patternfly/react-core';
import { DataTable, type DataTableColumn } from '../../../components/DataTable/index.js';
import { formatCount } from '../../../lib/format.js';
import { CostCell } from './CostCell.js';
import { isSummaryKey, providerOf, type SummaryRow } from './catalog-list-api.js';
import type { GroupByKey } from './list-params.js';

const HEALTH_BADGES = [
  { key: 'healthy', label: 'healthy', color: 'green' },
  { key: 'unhealthy', label: 'unhealthy', color: 'red' },
  { key: 'warning', label: 'warning', color: 'orange' },
  { key: 'unknown', label: 'unknown', color: 'grey' },
] as const;

/** The counts of a group by health, as coloured badges; none for a health without items. */
export function HealthCounts({ health }: { health: SummaryRow['health'] }) {
  const badges = HEALTH_BADGES.filter((badge) => (health?.[badge.key] ?? 0) > 0);
  if (!badges.length) return null;
  return (
    <Flex gap={{ default: 'gapXs' }} flexWrap={{ default: 'nowrap' }}>
      {badges.map((badge) => (
        <Label key={badge.key} isCompact color={badge.color} title={`${health![badge.key]} ${badge.label}`}>
          <span className="pf-v6-screen-reader">{badge.label}: </span>
          {formatCount(health![badge.key])}
        </Label>
      ))}
    </Flex>
  );
}

/** Open insights by type ('security 3'). */
export function AnalysisCounts({ analysis }: { analysis: Record<string, number> | null | undefined }) {
  const entries = Object.entries(analysis ?? {}).filter(([, n]) => n > 0);
  if (!entries.length) return null;
  return (
    <LabelGroup numLabels={4} isCompact>
      {entries.map(([type, n]) => (
        <Label key={type} isCompact variant="outline">
          {type.replace(/_/g, ' ')} {formatCount(n)}
        </Label>
      ))}
    </LabelGroup>
  );
}

const keyHeader = (g: GroupByKey) =>
  g.key === 'config_class' ? 'Provider' : g.key.charAt(0).toUpperCase() + g.key.slice(1);

const keyText = (row: SummaryRow, key: string) => {
  const value = row[key];
  return value === null || value === undefined || value === '' ? '(none)' : String(value);
};

/** The columns: the group keys (the provider is the group row, not a column), then the counts. */
export function summaryColumns(groupBy: GroupByKey[]): DataTableColumn<SummaryRow>[] {
  const shown = groupBy.filter((g) => isSummaryKey(g) && g.key !== 'config_class');
  // Grouped by provider alone, the server still answers a row per type.
  const keys = shown.length ? shown : [{ key: 'type', isTag: false }];
  const keyColumns: DataTableColumn<SummaryRow>[] = keys.map((g) => ({
    id: g.key,
    header: keyHeader(g),
    sortable: true,
    sortValue: (row) => keyText(row, g.key),
    cell: (row) => keyText(row, g.key),
  }));
  return [
    ...keyColumns,
    {
      id: 'count',
      header: 'Count',
      sortable: true,
      sortValue: (row) => row.count,
      cell: (row) => formatCount(row.count),
      width: 10,
    },
    { id: 'health', header: 'Health', cell: (row) => <HealthCounts health={row.health} /> },
    { id: 'analysis', header: 'Insights', cell: (row) => <AnalysisCounts analysis={row.analysis} /> },
    {
      id: 'changes',
      header: 'Changes',
      sortable: true,
      sortValue: (row) => row.changes ?? 0,
      cell: (row) => (row.changes ? formatCount(row.changes) : null),
      width: 10,
    },
    {
      id: 'cost_total_30d',
      header: 'Cost (30d)',
      sortable: true,
      sortValue: (row) => Number(row.cost_total_30d ?? 0),
      cell: (row) => <CostCell monthly={row.cost_total_30d} />,
      width: 10,
    },
  ];
}

/** A stable key per group: its group-by values. */
const rowKeyOf = (groupBy: GroupByKey[]) => (row: SummaryRow) =>
  groupBy.map((g) => keyText(row, g.key)).join('\u0000') || (row.type ?? '');

export interface CatalogSummaryTableProps {
  rows: SummaryRow[];
  groupBy: GroupByKey[];
  isLoading: boolean;
  onRowClick: (row: SummaryRow) => void;
}

/**
 * The grouped summary (spec 3 §2.1): one row per group of the server's group-by, under a
 * collapsible row per provider when grouped by provider too.
 */
export function CatalogSummaryTable({ rows, groupBy, isLoading, onRowClick }: CatalogSummaryTableProps) {
  const byProvider = groupBy.some((g) => g.key === 'config_class');
  const providers = new Set(rows.map((row) => providerOf(row.type)));
  return (
    <DataTable
      ariaLabel="Catalog summary"
      columns={summaryColumns(groupBy)}
      rows={rows}
      rowKey={rowKeyOf(groupBy)}
      isLoading={isLoading}
      defaultSort={{ by: 'type', order: 'asc' }}
      groupBy={byProvider ? (row) => row.config_class ?? providerOf(row.type) : undefined}
      groupLabel={(key) => key}
      // One provider is nothing to choose between: shown open.
      expandGroups={providers.size === 1}
      onRowClick={onRowClick}
      emptyText="No resources found"
    />
  );
}
