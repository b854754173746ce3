import { useCallback, useMemo, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import useSWR from 'swr';
import { useTableState } from '../../../components/DataTable/index.js';
import { LoadError } from '../../../components/LoadError/index.js';
import { PageHeader } from '../../../shell/page-header.js';
import { changesKey, changesRequest, listChanges, type ChangeRow } from './changes-api.js';
import {
  CHANGE_ID_PARAM,
  CHANGES_PAGE_SIZE,
  DEFAULT_CHANGES_SORT,
  FILTER_PARAMS,
  readChangesFilters,
  withTag,
  writeChangesFilters,
  type ChangesFilters as Filters,
  type TagFilter,
} from './changes-params.js';
import { ChangeDetail, type CreatorFilter } from './ChangeDetail.js';
import { ChangesFilters } from './ChangesFilters.js';
import { ChangesTable } from './ChangesTable.js';

export interface ChangesListProps {
  /** A config's changes (with its related configs' per the toggles); every config's without. */
  configId?: string;
  /** A page's title for the top bar, with a refresh button; none inside another page. */
  title?: ReactNode;
}

/**
 * The filters, one server page of changes and the detail of the change the URL names: the body of
 * the global changes page and of a config's Changes tab. All of it lives in the URL.
 */
export function ChangesList({ configId, title }: ChangesListProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => readChangesFilters(searchParams), [searchParams]);
  const { pageIndex, pageSize, sortBy, sortOrder } = useTableState({
    defaultPageSize: CHANGES_PAGE_SIZE,
    defaultSort: DEFAULT_CHANGES_SORT,
  });
  const request = changesRequest({ filters, configId, pageIndex, pageSize, sortBy, sortOrder });
  const key = changesKey(request);
  // Each answer remembers its request: rows kept from other filters while these load are not
  // the answer to these, so a failure of these is shown rather than the old rows.
  const page = useSWR(key, async () => ({ ...(await listChanges(request)), key }), {
    keepPreviousData: true,
  });
  const failed = page.error !== undefined && page.data?.key !== key;

  const change = useCallback(
    (patch: Partial<Filters>, extra?: (params: URLSearchParams) => void) =>
      setSearchParams((current) => {
        const next = writeChangesFilters(current, patch);
        extra?.(next);
        return next;
      }),
    [setSearchParams],
  );
  const clear = useCallback(
    () =>
      setSearchParams((current) => {
        const next = new URLSearchParams(current);
        for (const name of FILTER_PARAMS) next.delete(name);
        return next;
      }),
    [setSearchParams],
  );
  const changeId = searchParams.get(CHANGE_ID_PARAM);
  const openChange = (row: ChangeRow) =>
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      next.set(CHANGE_ID_PARAM, row.id);
      return next;
    });
  const closeChange = () =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(CHANGE_ID_PARAM);
        return next;
      },
      { replace: true },
    );
  const closing = (next: URLSearchParams) => next.delete(CHANGE_ID_PARAM);
  const filterByTag = (tag: TagFilter) => change({ tags: withTag(filters.tags, tag) }, closing);
  const filterByCreator = (creator: CreatorFilter) =>
    change({ text: { created_by: undefined, external_created_by: undefined, ...creator } }, closing);

  return (
    <>
      {title && (
        <PageHeader
          title={title}
          onRefresh={() => void page.mutate()}
          isRefreshing={page.isValidating && !page.isLoading}
        />
      )}
      <ChangesFilters filters={filters} onChange={change} onClear={clear} isConfigScope={Boolean(configId)} />
      {failed ? (
        <LoadError error={page.error} />
      ) : (
        <ChangesTable
          rows={page.data?.changes ?? []}
          total={page.data?.total}
          isLoading={page.isLoading}
          onOpen={openChange}
        />
      )}
      {changeId && (
        <ChangeDetail
          changeId={changeId}
          onClose={closeChange}
          onFilterTag={filterByTag}
          onFilterCreator={filterByCreator}
        />
      )}
    </>
  );
}
