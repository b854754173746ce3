import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** Changes the URL's query parameters in place: `change` edits a copy of the current ones. */
export type SearchParamsUpdate = (
  change: (params: URLSearchParams) => void,
  options?: { replace?: boolean },
) => void;

/**
 * The current query parameters and a way to change some of them, leaving the others as they are
 * (a list page's filters, paging, sort and open drawer all live side by side in the URL).
 */
export function useSearchParamsUpdate(): [URLSearchParams, SearchParamsUpdate] {
  const [searchParams, setSearchParams] = useSearchParams();
  const update = useCallback<SearchParamsUpdate>(
    (change, options) =>
      setSearchParams((previous) => {
        const next = new URLSearchParams(previous);
        change(next);
        return next;
      }, options),
    [setSearchParams],
  );
  return [searchParams, update];
}
