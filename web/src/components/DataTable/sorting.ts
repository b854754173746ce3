// Pure helpers behind DataTable: client-side sorting, grouping and page slicing.

export type SortOrder = 'asc' | 'desc';
export type SortValue = string | number | null | undefined;

/** Spec 1 §9: page sizes offered by the shared table. */
export const DEFAULT_PAGE_SIZES = [5, 10, 25, 50, 100, 150, 200, 250, 300, 500, 1000];
export const DEFAULT_PAGE_SIZE = 50;

/** Number of pages: ceil(total / pageSize); -1 when the total is unknown (spec 3 §9). */
export function pageCount(total: number | null | undefined, pageSize: number): number {
  if (total == null || !Number.isFinite(total) || total < 0 || pageSize <= 0) return -1;
  return Math.ceil(total / pageSize);
}

/** The items of one page (0-based index). */
export function pageSlice<T>(items: readonly T[], pageIndex: number, pageSize: number): T[] {
  const start = pageIndex * pageSize;
  return items.slice(start, start + pageSize);
}

/** Reads `row[id]` as a sortable value: numbers and strings as they are, dates and booleans as numbers. */
export function defaultSortValue(row: unknown, id: string): SortValue {
  if (row == null || typeof row !== 'object') return null;
  const value = (row as Record<string, unknown>)[id];
  if (value == null) return null;
  if (typeof value === 'number' || typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.getTime();
  return String(value);
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** Ascending comparison; numbers numerically, strings naturally ('item 2' before 'item 10'). */
export function compareSortValues(a: SortValue, b: SortValue): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator.compare(String(a), String(b));
}

/** A stable sorted copy; empty values (null, undefined, '') always go last, whichever the order. */
export function sortRows<Row>(rows: readonly Row[], value: (row: Row) => SortValue, order: SortOrder): Row[] {
  const sign = order === 'desc' ? -1 : 1;
  const keyed = rows.map((row) => ({ row, key: value(row) }));
  keyed.sort((x, y) => {
    const xEmpty = x.key == null || x.key === '';
    const yEmpty = y.key == null || y.key === '';
    if (xEmpty || yEmpty) return Number(xEmpty) - Number(yEmpty);
    return sign * compareSortValues(x.key, y.key);
  });
  return keyed.map((k) => k.row);
}

export interface RowGroup<Row> {
  key: string;
  rows: Row[];
}

/** Groups rows by key, groups in the order their first row appears (so a sorted list gives sorted groups). */
export function groupRows<Row>(rows: readonly Row[], groupBy: (row: Row) => string): RowGroup<Row>[] {
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    const key = groupBy(row);
    const members = groups.get(key);
    if (members) members.push(row);
    else groups.set(key, [row]);
  }
  return [...groups].map(([key, members]) => ({ key, rows: members }));
}
