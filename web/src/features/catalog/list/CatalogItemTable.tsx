import { Flex, Label, LabelGroup } from '@patternfly/react-core';
import { TrashIcon } from '@patternfly/react-icons';
import { LOCAL_AGENT } from '../../../../../common/agents.js';
import { Age } from '../../../components/Age/index.js';
import { DataTable, type DataTableColumn } from '../../../components/DataTable/index.js';
import { HealthLabel } from '../../../components/HealthLabel/index.js';
import { AnalysisCounts } from './CatalogSummaryTable.js';
import { CostCell } from './CostCell.js';
import { formatCount } from '../../../lib/format.js';
import type { CatalogListItem } from './catalog-list-api.js';
import type { GroupByKey } from './list-params.js';
import './catalog-list.css';

const DAY_MS = 24 * 3_600_000;

/** The item's state: Deleted (with when), else its health with the status text. */
function ItemStatus({ item }: { item: CatalogListItem }) {
  if (item.deleted_at) {
    return (
      <Label color="red" isCompact icon={<TrashIcon />}>
        Deleted <Age from={item.deleted_at} />
      </Label>
    );
  }
  if (!item.health && !item.status) return null;
  return <HealthLabel isCompact status={item.health ?? 'unknown'} text={item.status ?? undefined} />;
}

/** The name, marked with the item's health for the row's colour, and its agent when not local. */
function ItemName({ item }: { item: CatalogListItem }) {
  const state = item.deleted_at ? 'deleted' : (item.health ?? 'unknown');
  return (
    <Flex
      gap={{ default: 'gapSm' }}
      flexWrap={{ default: 'nowrap' }}
      alignItems={{ default: 'alignItemsCenter' }}
    >
      <span className="ops-catalog-item-name" data-row-state={state}>
        {item.name}
      </span>
      {item.agent && item.agent_id !== LOCAL_AGENT && (
        <Label isCompact variant="outline">
          {item.agent.name}
        </Label>
      )}
    </Flex>
  );
}

function Tags({ tags }: { tags: Record<string, string> | null | undefined }) {
  const entries = Object.entries(tags ?? {});
  if (!entries.length) return null;
  return (
    <LabelGroup numLabels={3} isCompact>
      {entries.map(([key, value]) => (
        <Label key={key} isCompact variant="outline">
          {key}: {value}
        </Label>
      ))}
    </LabelGroup>
  );
}

export const ITEM_COLUMNS: DataTableColumn<CatalogListItem>[] = [
  { id: 'name', header: 'Name', sortable: true, cell: (item) => <ItemName item={item} />, width: 25 },
  { id: 'type', header: 'Type', sortable: true, cell: (item) => item.type },
  { id: 'health', header: 'Health', sortable: true, cell: (item) => <ItemStatus item={item} /> },
  { id: 'changes', header: 'Changes', cell: (item) => (item.changes ? formatCount(item.changes) : null) },
  { id: 'analysis', header: 'Insights', cell: (item) => <AnalysisCounts analysis={item.analysis} /> },
  { id: 'tags', header: 'Tags', cell: (item) => <Tags tags={item.tags} /> },
  { id: 'cost_total_30d', header: 'Cost', sortable: true, cell: (item) => <CostCell costs={item} /> },
  { id: 'created_at', header: 'Created', sortable: true, cell: (item) => <Age from={item.created_at} /> },
  { id: 'updated_at', header: 'Updated', sortable: true, cell: (item) => <Age from={item.updated_at} /> },
];

/** When an item last changed, in the buckets the "changed" grouping shows. */
export function changedBucket(updatedAt: string | null | undefined, now = Date.now()): string {
  const at = updatedAt ? Date.parse(updatedAt) : NaN;
  if (!Number.isFinite(at)) return 'Unknown';
  const age = now - at;
  if (age < DAY_MS) return 'Last day';
  if (age < 7 * DAY_MS) return 'Last week';
  if (age < 30 * DAY_MS) return 'Last month';
  return 'Older';
}

/** The value of one group key for an item of the page. */
function groupValue(item: CatalogListItem, group: GroupByKey): string {
  if (group.isTag) return item.tags?.[group.key] ?? '(none)';
  if (group.key === 'changed') return changedBucket(item.updated_at);
  if (group.key === 'analysis') {
    const types = Object.keys(item.analysis ?? {}).filter((type) => (item.analysis?.[type] ?? 0) > 0);
    return types.length ? types.sort().join(', ') : '(none)';
  }
  const value = (item as unknown as Record<string, unknown>)[group.key];
  return value === null || value === undefined || value === '' ? '(none)' : String(value);
}

export interface CatalogItemTableProps {
  rows: CatalogListItem[];
  total?: number;
  isLoading: boolean;
  /** Keys to group the page's rows by; none: a flat list. */
  groupBy: GroupByKey[];
  onRowClick: (item: CatalogListItem) => void;
}

/**
 * The paginated item table (spec 3 §2.1): rows of the page the server answered, coloured by
 * health, deleted items flagged; grouped on the page by the group-by keys when chosen.
 */
export function CatalogItemTable({ rows, total, isLoading, groupBy, onRowClick }: CatalogItemTableProps) {
  return (
    <div className="ops-catalog-items">
      <DataTable
        ariaLabel="Catalog items"
        columns={ITEM_COLUMNS}
        rows={rows}
        rowKey={(item) => item.id}
        isLoading={isLoading}
        mode="server"
        totalRows={total}
        defaultSort={{ by: 'type', order: 'asc' }}
        groupBy={groupBy.length ? (item) => groupBy.map((g) => groupValue(item, g)).join(' / ') : undefined}
        expandGroups
        onRowClick={onRowClick}
        emptyText="No resources found"
      />
    </div>
  );
}
