export { DataTable, ROW_HEIGHT_ESTIMATE, VIRTUAL_OVERSCAN } from './DataTable.js';
export type { DataTableColumn, DataTableProps } from './DataTable.js';
export { TablePagination } from './TablePagination.js';
export type { TablePaginationProps } from './TablePagination.js';
export { useTableState } from './use-table-state.js';
export type { TableSort, TableState, TableStateOptions } from './use-table-state.js';
export {
  DEFAULT_PAGE_SIZE,
  DEFAULT_PAGE_SIZES,
  compareSortValues,
  defaultSortValue,
  groupRows,
  pageCount,
  pageSlice,
  sortRows,
} from './sorting.js';
export type { RowGroup, SortOrder, SortValue } from './sorting.js';
