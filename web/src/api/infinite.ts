import useSWRInfinite from 'swr/infinite';
import { dbError } from './db.js';
import type { ApiError } from './fetch.js';
import type { DbResult } from './hooks.js';

export interface DbPages<T> {
  /** Every page loaded so far, in order. */
  rows: T[];
  /** The exact total, when the query asks for it. */
  count?: number;
  error?: ApiError;
  isLoading: boolean;
  isLoadingMore: boolean;
  hasMore: boolean;
  /** Loads the next page; does nothing while one loads or when there is none. */
  loadMore: () => void;
}

/**
 * A postgrest-js query read a page at a time, for lists that load the next page as the reader
 * scrolls (DataTable's `onEndReached`). `key` names the query without its page; null runs nothing.
 */
export function useDbInfinite<T>(
  key: string | null,
  pageSize: number,
  run: (pageIndex: number, pageSize: number) => PromiseLike<DbResult<T[]>>,
): DbPages<T> {
  const { data, error, isLoading, size, setSize } = useSWRInfinite<{ rows: T[]; count?: number }, ApiError>(
    (index, previous: { rows: T[] } | null) =>
      key === null || (previous && previous.rows.length < pageSize) ? null : [key, index],
    async ([, index]: [string, number]) => {
      const result = await run(index, pageSize);
      if (result.error) throw dbError(result.error, result.status);
      return { rows: result.data ?? [], count: result.count ?? undefined };
    },
    { revalidateFirstPage: false },
  );
  const pages = data ?? [];
  const last = pages[pages.length - 1];
  const isLoadingMore = size > pages.length;
  const hasMore =
    !!last && last.rows.length === pageSize && (last.count === undefined || size * pageSize < last.count);
  return {
    rows: pages.flatMap((page) => page.rows),
    count: pages[0]?.count,
    error,
    isLoading,
    isLoadingMore,
    hasMore,
    loadMore: () => {
      if (hasMore && !isLoadingMore) void setSize(size + 1);
    },
  };
}
