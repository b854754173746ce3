import { useSearchParamsUpdate } from '../../lib/use-search-params-update.js';
import { useCallback, useMemo } from 'react';
import { DEFAULT_PAGE_SIZE, type SortOrder } from './sorting.js';

export interface TableSort {
  by: string;
  order: SortOrder;
}

export interface TableStateOptions {
  defaultPageSize?: number;
  defaultSort?: TableSort;
  /** Prepended to every parameter name (`runs.` gives `runs.pageIndex`) when two tables share a page. */
  queryPrefix?: string;
}

export interface TableState {
  sortBy: string | undefined;
  sortOrder: SortOrder;
  /** 0-based. */
  pageIndex: number;
  pageSize: number;
  setSort: (by: string, order: SortOrder) => void;
  setPageIndex: (pageIndex: number) => void;
  setPageSize: (pageSize: number) => void;
}

const NON_NEGATIVE_INTEGER = /^\d+$/;

function parseNonNegative(raw: string | null): number | undefined {
  if (raw == null || !NON_NEGATIVE_INTEGER.test(raw)) return undefined;
  const value = Number(raw);
  return Number.isSafeInteger(value) ? value : undefined;
}

/**
 * Sort and page state of a table, kept in the URL query (`sortBy`, `sortOrder`, `pageIndex`, `pageSize`)
 * so that links and reloads keep it. Invalid values fall back to the defaults. Changing the sort or the
 * page size goes back to the first page.
 */
export function useTableState({
  defaultPageSize = DEFAULT_PAGE_SIZE,
  defaultSort,
  queryPrefix = '',
}: TableStateOptions = {}): TableState {
  const [searchParams, updateParams] = useSearchParamsUpdate();
  const names = useMemo(
    () => ({
      sortBy: `${queryPrefix}sortBy`,
      sortOrder: `${queryPrefix}sortOrder`,
      pageIndex: `${queryPrefix}pageIndex`,
      pageSize: `${queryPrefix}pageSize`,
    }),
    [queryPrefix],
  );

  const rawSortBy = searchParams.get(names.sortBy);
  const rawSortOrder = searchParams.get(names.sortOrder);
  const sortBy = rawSortBy || defaultSort?.by;
  const sortOrder: SortOrder =
    rawSortOrder === 'asc' || rawSortOrder === 'desc' ? rawSortOrder : (defaultSort?.order ?? 'asc');
  const pageIndex = parseNonNegative(searchParams.get(names.pageIndex)) ?? 0;
  const parsedSize = parseNonNegative(searchParams.get(names.pageSize));
  const pageSize = parsedSize && parsedSize > 0 ? parsedSize : defaultPageSize;

  const update = useCallback(
    (change: (params: URLSearchParams) => void, replace: boolean) => updateParams(change, { replace }),
    [updateParams],
  );

  const setSort = useCallback(
    (by: string, order: SortOrder) =>
      update((params) => {
        params.set(names.sortBy, by);
        params.set(names.sortOrder, order);
        params.delete(names.pageIndex);
      }, false),
    [update, names],
  );

  const setPageIndex = useCallback(
    (index: number) =>
      update((params) => {
        if (index > 0) params.set(names.pageIndex, String(Math.floor(index)));
        else params.delete(names.pageIndex);
      }, true),
    [update, names],
  );

  const setPageSize = useCallback(
    (size: number) =>
      update((params) => {
        params.set(names.pageSize, String(size));
        params.delete(names.pageIndex);
      }, true),
    [update, names],
  );

  return { sortBy, sortOrder, pageIndex, pageSize, setSort, setPageIndex, setPageSize };
}
