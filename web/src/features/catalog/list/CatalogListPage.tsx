import { useCallback, useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import useSWR from 'swr';
import type { ApiError } from '../../../api/index.js';
import { useTableState } from '../../../components/DataTable/index.js';
import { LoadError } from '../../../components/LoadError/index.js';
import { PageHeader } from '../../../shell/page-header.js';
import { CatalogItemTable } from './CatalogItemTable.js';
import { CatalogListToolbar } from './CatalogListToolbar.js';
import { CatalogSummaryTable } from './CatalogSummaryTable.js';
import {
  CATALOG_CACHE_MS,
  getSummary,
  itemCountsKey,
  itemsKey,
  listItemCounts,
  listItems,
  summaryKey,
  summaryRequest,
  type ItemPage,
  type SummaryRow,
} from './catalog-list-api.js';
import {
  DEFAULT_SORT,
  drillIntoSummaryRow,
  readListParams,
  showsItems,
  writeListParams,
  type CatalogListParams,
  type GroupByKey,
  type ListChange,
} from './list-params.js';
import { useHideDeleted } from './use-hide-deleted.js';

/**
 * The item table's grouping: the groupBy of the URL; without one, none for a chosen type and the
 * default (provider, type) for a search across types.
 */
function itemGrouping(params: CatalogListParams, search: URLSearchParams): GroupByKey[] {
  if (search.has('groupBy')) return params.groupBy;
  return params.configType ? [] : params.groupBy;
}

function SummaryView({ params, hideDeleted }: { params: CatalogListParams; hideDeleted: boolean }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const request = summaryRequest(params, hideDeleted);
  const summary = useSWR<SummaryRow[], ApiError>(summaryKey(request), () => getSummary(request), {
    keepPreviousData: true,
    dedupingInterval: CATALOG_CACHE_MS,
  });
  return (
    <>
      <PageHeader
        title="Catalog"
        onRefresh={() => void summary.mutate()}
        isRefreshing={summary.isValidating}
      />
      {summary.error && !summary.data ? (
        <LoadError error={summary.error} />
      ) : (
        <CatalogSummaryTable
          rows={summary.data ?? []}
          groupBy={params.groupBy}
          isLoading={summary.isLoading}
          onRowClick={(row) => setSearchParams(drillIntoSummaryRow(searchParams, params.groupBy, row))}
        />
      )}
    </>
  );
}

function ItemsView({ params, hideDeleted }: { params: CatalogListParams; hideDeleted: boolean }) {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const { pageIndex, pageSize, sortBy, sortOrder } = useTableState({ defaultSort: DEFAULT_SORT });
  const query = { params, hideDeleted, pageIndex, pageSize, sortBy: sortBy ?? DEFAULT_SORT.by, sortOrder };
  const items = useSWR<ItemPage, ApiError>(itemsKey(query), () => listItems(query), {
    keepPreviousData: true,
  });
  const ids = useMemo(() => (items.data?.rows ?? []).map((row) => row.id), [items.data]);
  // The counts only decorate the rows: a failure leaves the columns empty, the page still shown.
  const counts = useSWR(itemCountsKey(ids), () => listItemCounts(ids), { shouldRetryOnError: false });
  const rows = useMemo(
    () =>
      (items.data?.rows ?? []).map((row) => {
        const count = counts.data?.get(row.id);
        return count ? { ...row, changes: count.changes, analysis: count.analysis } : row;
      }),
    [items.data, counts.data],
  );
  return (
    <>
      <PageHeader title="Catalog" onRefresh={() => void items.mutate()} isRefreshing={items.isValidating} />
      {items.error && !items.data ? (
        <LoadError error={items.error} />
      ) : (
        <CatalogItemTable
          rows={rows}
          total={items.data?.total}
          isLoading={items.isLoading}
          groupBy={itemGrouping(params, searchParams)}
          onRowClick={(item) => void navigate(`/catalog/${encodeURIComponent(item.id)}`)}
        />
      )}
    </>
  );
}

/**
 * /catalog (spec 3 §2.1): the grouped summary while no type or search is chosen, the paginated
 * item table once one is; every filter lives in the URL, so a link shows the same list.
 */
export function CatalogListPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => readListParams(searchParams), [searchParams]);
  const [hideDeleted, setHideDeleted] = useHideDeleted();
  const change = useCallback(
    (patch: ListChange) => setSearchParams((current) => writeListParams(current, patch)),
    [setSearchParams],
  );

  return (
    <>
      <CatalogListToolbar
        params={params}
        groupBy={showsItems(params) ? itemGrouping(params, searchParams) : params.groupBy}
        onChange={change}
        hideDeleted={hideDeleted}
        onHideDeletedChange={setHideDeleted}
      />
      {showsItems(params) ? (
        <ItemsView params={params} hideDeleted={hideDeleted} />
      ) : (
        <SummaryView params={params} hideDeleted={hideDeleted} />
      )}
    </>
  );
}
