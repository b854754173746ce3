import { useDbInfinite, type DbResult } from '../../../api/index.js';
import { DataTable, type DataTableColumn } from '../../../components/DataTable/index.js';
import { LoadError } from '../../../components/LoadError/index.js';
import { PANEL_PAGE_SIZE } from './panel-api.js';

/** How tall a section's list grows before it scrolls (and loads its next page near the end). */
const LIST_MAX_HEIGHT = '24rem';

export interface PanelListProps<Row> {
  /** The list's accessible name. */
  label: string;
  /** Names the query without its page (an SWR key); the section's data is read once per key. */
  queryKey: string;
  /** One page of rows. */
  load: (pageIndex: number, pageSize: number) => PromiseLike<DbResult<Row[]>>;
  columns: DataTableColumn<Row>[];
  rowKey: (row: Row) => string;
  emptyText: string;
}

/**
 * A section's list: 50 rows at a time, the next page read when the scroll comes within 300 px of
 * the end (spec 3 §9), skeleton rows while the first page loads, the empty text when none.
 */
export function PanelList<Row>({ label, queryKey, load, columns, rowKey, emptyText }: PanelListProps<Row>) {
  const pages = useDbInfinite<Row>(queryKey, PANEL_PAGE_SIZE, load);
  if (pages.error && pages.rows.length === 0) return <LoadError error={pages.error} />;
  return (
    <DataTable
      ariaLabel={label}
      columns={columns}
      rows={pages.rows}
      rowKey={rowKey}
      isLoading={pages.isLoading || pages.isLoadingMore}
      mode="server"
      paginate={false}
      virtualized
      maxHeight={LIST_MAX_HEIGHT}
      onEndReached={pages.loadMore}
      emptyText={emptyText}
      queryPrefix={`panel.${label.toLowerCase()}.`}
    />
  );
}
