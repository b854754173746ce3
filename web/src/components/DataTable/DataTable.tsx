import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { Badge, Bullseye, Button, Flex, FlexItem, Skeleton } from '@patternfly/react-core';
import { AngleDownIcon, AngleRightIcon } from '@patternfly/react-icons';
import { Table, Tbody, Td, Th, Thead, Tr, type OnSort } from '@patternfly/react-table';
import { measureElement, useVirtualizer, type VirtualizerOptions } from '@tanstack/react-virtual';
import { TablePagination } from './TablePagination.js';
import {
  DEFAULT_PAGE_SIZE,
  DEFAULT_PAGE_SIZES,
  defaultSortValue,
  groupRows,
  pageCount,
  pageSlice,
  sortRows,
  type RowGroup,
} from './sorting.js';
import { useTableState, type TableSort } from './use-table-state.js';

/** Spec 3 §9: row height estimate 40 to 50, overscan 10. */
export const ROW_HEIGHT_ESTIMATE = 45;
export const VIRTUAL_OVERSCAN = 10;
/**
 * The rows a first screen drawn on the server shows (web/src/server-render.tsx): a server has no
 * viewport to measure, so it draws what a laptop's screen holds; the browser's render measures.
 */
const SERVER_VIEWPORT = { width: 1280, height: 800 };
const SKELETON_ROWS = 5;

export interface DataTableColumn<Row> {
  /** Sort key: the URL's sortBy value and the column the server orders by. */
  id: string;
  header: string;
  cell: (row: Row) => ReactNode;
  sortable?: boolean;
  /** Client-side sort value; default `row[id]`. */
  sortValue?: (row: Row) => string | number | null | undefined;
  width?: 10 | 15 | 20 | 25 | 30 | 35 | 40 | 45 | 50 | 60 | 70 | 80 | 90 | 100;
}

export interface DataTableProps<Row> {
  columns: DataTableColumn<Row>[];
  /** Client mode: all rows. Server mode: the current page. */
  rows: Row[];
  rowKey: (row: Row) => string;
  ariaLabel: string;
  isLoading?: boolean;
  /** client (default): sort and page in the browser. server: rows are the page already, total from totalRows. */
  mode?: 'client' | 'server';
  /** Server mode; unknown gives 'Page X' and keeps next enabled while a full page came back. */
  totalRows?: number;
  /** false: no pager (e.g. virtualized lists). */
  paginate?: boolean;
  pageSizes?: number[];
  defaultPageSize?: number;
  defaultSort?: TableSort;
  /** One collapsed, expandable group row per key, with a count badge. Client mode pages over groups. */
  groupBy?: (row: Row) => string;
  groupLabel?: (key: string, rows: Row[]) => ReactNode;
  /** Groups start expanded (each can still be collapsed); by default they start collapsed. */
  expandGroups?: boolean;
  /** Render only the visible rows, inside a scroll container with a sticky head. */
  virtualized?: boolean;
  /** CSS max-height of the virtualized scroll container; default 70vh. */
  maxHeight?: string;
  /** Virtualized: called once per row count when the scroll comes within 300 px of the end (spec 3 §9). */
  onEndReached?: () => void;
  /** Rows become clickable and operable with Enter. */
  onRowClick?: (row: Row) => void;
  emptyText?: string;
  /** Prefix of the URL parameters when two tables share a page. */
  queryPrefix?: string;
}

type Item<Row> =
  { kind: 'group'; key: string; group: RowGroup<Row> } | { kind: 'row'; key: string; row: Row };

interface Measure {
  ref: (node: HTMLTableRowElement | null) => void;
  index: number;
}

// jsdom and hidden rows measure 0; an unmeasurable row keeps the estimate instead of collapsing the range.
const measureRow: VirtualizerOptions<HTMLDivElement, HTMLTableRowElement>['measureElement'] = (
  element,
  entry,
  instance,
) => measureElement(element, entry, instance) || ROW_HEIGHT_ESTIMATE;

/** Spec 3 §9: the next page loads when the scroll is within 300 px of the bottom. */
const END_REACHED_PX = 300;

const INTERACTIVE =
  'a, button, input, select, textarea, label, [role="button"], [role="menuitem"], [role="checkbox"]';

/** Sortable, pageable, optionally grouped or virtualized table; sort and page live in the URL query. */
export function DataTable<Row>({
  columns,
  rows,
  rowKey,
  ariaLabel,
  isLoading = false,
  mode = 'client',
  totalRows,
  paginate = true,
  pageSizes = DEFAULT_PAGE_SIZES,
  defaultPageSize = DEFAULT_PAGE_SIZE,
  defaultSort,
  groupBy,
  groupLabel,
  expandGroups = false,
  virtualized = false,
  maxHeight = '70vh',
  onEndReached,
  onRowClick,
  emptyText = 'No data available',
  queryPrefix = '',
}: DataTableProps<Row>) {
  const { sortBy, sortOrder, pageIndex, pageSize, setSort, setPageIndex, setPageSize } = useTableState({
    defaultPageSize,
    defaultSort,
    queryPrefix,
  });
  const clientSide = mode === 'client';
  const sortColumnIndex = columns.findIndex((column) => column.id === sortBy);
  const sortValue = columns[sortColumnIndex]?.sortValue;

  const sorted = useMemo(() => {
    if (!clientSide || !sortBy) return rows;
    return sortRows(rows, sortValue ?? ((row: Row) => defaultSortValue(row, sortBy)), sortOrder);
  }, [clientSide, rows, sortBy, sortOrder, sortValue]);
  const groups = useMemo(() => (groupBy ? groupRows(sorted, groupBy) : undefined), [sorted, groupBy]);

  const pages = !paginate ? 1 : pageCount(clientSide ? (groups ?? sorted).length : totalRows, pageSize);
  const slice = <T,>(all: T[]) => (clientSide && paginate ? pageSlice(all, pageIndex, pageSize) : all);

  // A page past the end (rows were deleted, a stale link): go to the last page.
  useEffect(() => {
    if (paginate && !isLoading && pages >= 1 && pageIndex > pages - 1) setPageIndex(pages - 1);
  }, [paginate, isLoading, pages, pageIndex, setPageIndex]);

  // The groups the user toggled away from the starting state.
  const [toggled, setToggled] = useState<ReadonlySet<string>>(() => new Set());
  const toggleGroup = (key: string) =>
    setToggled((previous) => {
      const next = new Set(previous);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  const isExpanded = (key: string) => toggled.has(key) !== expandGroups;

  const asRow = (row: Row): Item<Row> => ({ kind: 'row', key: `r:${rowKey(row)}`, row });
  const items: Item<Row>[] = groups
    ? slice(groups).flatMap((group) => [
        { kind: 'group' as const, key: `g:${group.key}`, group },
        ...(isExpanded(group.key) ? group.rows.map(asRow) : []),
      ])
    : slice(sorted).map(asRow);

  const renderItem = (item: Item<Row>, measure?: Measure) =>
    item.kind === 'group' ? (
      <GroupRow
        key={item.key}
        group={item.group}
        label={groupLabel ? groupLabel(item.group.key, item.group.rows) : item.group.key}
        colSpan={columns.length}
        isExpanded={isExpanded(item.group.key)}
        onToggle={toggleGroup}
        measure={measure}
      />
    ) : (
      <DataRow
        key={item.key}
        row={item.row}
        columns={columns}
        isGrouped={Boolean(groupBy)}
        onRowClick={onRowClick}
        measure={measure}
      />
    );

  const activeSort = sortColumnIndex >= 0 ? { index: sortColumnIndex, direction: sortOrder } : {};
  const onSort: OnSort = (_event, columnIndex, direction) => {
    const target = columns[columnIndex];
    if (target) setSort(target.id, direction);
  };
  const head = (
    <Thead>
      <Tr>
        {groupBy && <Th screenReaderText="Expand group" />}
        {columns.map((column, index) => (
          <Th
            key={column.id}
            width={column.width}
            // Short headers read whole: wrapped at spaces rather than cut with an ellipsis.
            modifier="wrap"
            sort={column.sortable ? { columnIndex: index, sortBy: activeSort, onSort } : undefined}
          >
            {column.header}
          </Th>
        ))}
      </Tr>
    </Thead>
  );

  const colSpan = columns.length + (groupBy ? 1 : 0);
  let table: ReactNode;
  // A virtual list that is loading more keeps its rows and scroll position; skeletons only when it has none.
  if (virtualized && items.length > 0) {
    table = (
      <VirtualTable
        ariaLabel={ariaLabel}
        head={head}
        colSpan={colSpan}
        items={items}
        renderItem={renderItem}
        maxHeight={maxHeight}
        onEndReached={onEndReached}
      />
    );
  } else {
    table = (
      <Table aria-label={ariaLabel} variant="compact" isStickyHeader>
        {head}
        <Tbody aria-busy={isLoading || undefined}>
          {isLoading ? (
            <SkeletonRows columns={columns.length} isGrouped={Boolean(groupBy)} />
          ) : items.length === 0 ? (
            <Tr>
              <Td colSpan={colSpan}>
                <Bullseye>{emptyText}</Bullseye>
              </Td>
            </Tr>
          ) : (
            items.map((item) => renderItem(item))
          )}
        </Tbody>
      </Table>
    );
  }

  return (
    <div className="ops-data-table">
      {table}
      {paginate && (
        <TablePagination
          pageIndex={pageIndex}
          pageCount={pages}
          pageSize={pageSize}
          pageSizes={pageSizes}
          hasNextPage={rows.length >= pageSize}
          onPageIndexChange={setPageIndex}
          onPageSizeChange={setPageSize}
        />
      )}
    </div>
  );
}

interface VirtualTableProps<Row> {
  ariaLabel: string;
  head: ReactNode;
  colSpan: number;
  items: Item<Row>[];
  renderItem: (item: Item<Row>, measure: Measure) => ReactNode;
  maxHeight: string;
  onEndReached?: () => void;
}

function VirtualTable<Row>({
  ariaLabel,
  head,
  colSpan,
  items,
  renderItem,
  maxHeight,
  onEndReached,
}: VirtualTableProps<Row>) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const getItemKey = useCallback((index: number) => items[index]?.key ?? index, [items]);
  const virtualizer = useVirtualizer<HTMLDivElement, HTMLTableRowElement>({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT_ESTIMATE,
    overscan: VIRTUAL_OVERSCAN,
    getItemKey,
    measureElement: measureRow,
    ...(typeof window === 'undefined' ? { initialRect: SERVER_VIEWPORT } : {}),
  });
  const visible = virtualizer.getVirtualItems();
  const first = visible[0];
  const last = visible[visible.length - 1];
  const paddingTop = first?.start ?? 0;
  const paddingBottom = last ? virtualizer.getTotalSize() - last.end : 0;

  // The virtualizer renders again on every scroll, so this distance is always current.
  const scrolled = (virtualizer.scrollOffset ?? 0) + (scrollRef.current?.clientHeight ?? 0);
  const nearEnd = virtualizer.getTotalSize() - scrolled <= END_REACHED_PX;
  const endReportedAt = useRef(-1);
  useEffect(() => {
    if (!onEndReached || !nearEnd || endReportedAt.current === items.length) return;
    endReportedAt.current = items.length;
    onEndReached();
  }, [onEndReached, nearEnd, items.length]);

  return (
    // Focusable so the scroll region can be scrolled with the keyboard.
    <div ref={scrollRef} tabIndex={0} style={{ maxHeight, overflow: 'auto' }}>
      <Table aria-label={ariaLabel} variant="compact" isStickyHeader>
        {head}
        <Tbody>
          {paddingTop > 0 && <Spacer height={paddingTop} colSpan={colSpan} />}
          {visible.map((virtual) => {
            const item = items[virtual.index];
            return item ? renderItem(item, { ref: virtualizer.measureElement, index: virtual.index }) : null;
          })}
          {paddingBottom > 0 && <Spacer height={paddingBottom} colSpan={colSpan} />}
        </Tbody>
      </Table>
    </div>
  );
}

/** Stands in for the rows scrolled out of view, so the scrollbar matches the full list. */
function Spacer({ height, colSpan }: { height: number; colSpan: number }) {
  return (
    <tr aria-hidden="true">
      <td colSpan={colSpan} style={{ height, padding: 0, border: 0 }} />
    </tr>
  );
}

interface DataRowProps<Row> {
  row: Row;
  columns: DataTableColumn<Row>[];
  isGrouped: boolean;
  onRowClick?: (row: Row) => void;
  measure?: Measure;
}

function DataRow<Row>({ row, columns, isGrouped, onRowClick, measure }: DataRowProps<Row>) {
  const onClick = (event: MouseEvent<HTMLTableRowElement>) => {
    // A link or button inside the row does its own thing.
    const interactive = (event.target as Element).closest(INTERACTIVE);
    if (!interactive || !event.currentTarget.contains(interactive)) onRowClick?.(row);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTableRowElement>) => {
    if (event.key === 'Enter' && event.target === event.currentTarget) {
      event.preventDefault();
      onRowClick?.(row);
    }
  };
  return (
    <Tr
      ref={measure?.ref}
      data-index={measure?.index}
      isClickable={Boolean(onRowClick)}
      onClick={onRowClick ? onClick : undefined}
      onKeyDown={onRowClick ? onKeyDown : undefined}
    >
      {isGrouped && <Td />}
      {columns.map((column) => (
        <Td key={column.id} dataLabel={column.header}>
          {column.cell(row)}
        </Td>
      ))}
    </Tr>
  );
}

interface GroupRowProps<Row> {
  group: RowGroup<Row>;
  label: ReactNode;
  colSpan: number;
  isExpanded: boolean;
  onToggle: (key: string) => void;
  measure?: Measure;
}

function GroupRow<Row>({ group, label, colSpan, isExpanded, onToggle, measure }: GroupRowProps<Row>) {
  return (
    <Tr ref={measure?.ref} data-index={measure?.index} isControlRow>
      <Td>
        <Button
          variant="plain"
          aria-label={`Toggle group ${group.key}`}
          aria-expanded={isExpanded}
          icon={isExpanded ? <AngleDownIcon /> : <AngleRightIcon />}
          onClick={() => onToggle(group.key)}
        />
      </Td>
      <Td colSpan={colSpan}>
        <Flex spaceItems={{ default: 'spaceItemsSm' }} alignItems={{ default: 'alignItemsCenter' }}>
          <FlexItem>{label}</FlexItem>
          <FlexItem>
            <Badge isRead>{group.rows.length}</Badge>
          </FlexItem>
        </Flex>
      </Td>
    </Tr>
  );
}

function SkeletonRows({ columns, isGrouped }: { columns: number; isGrouped: boolean }) {
  return Array.from({ length: SKELETON_ROWS }, (_, rowIndex) => (
    <Tr key={rowIndex}>
      {isGrouped && <Td />}
      {Array.from({ length: columns }, (_, cellIndex) => (
        <Td key={cellIndex}>
          <Skeleton screenreaderText={rowIndex === 0 && cellIndex === 0 ? 'Loading' : undefined} />
        </Td>
      ))}
    </Tr>
  ));
}
